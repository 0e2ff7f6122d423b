import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/**
 * axe's findings against WCAG 2.1 A and AA on the page as it is now, one line each, naming `where`:
 * the serious and critical ones, or every one with `every`; `include` scans one part of the page.
 *
 * In legacy mode axe runs inside the page: by default it opens a blank page of its own for each
 * scan to put the frames' results together, which took half of every scan's time here (a new
 * renderer on two cores). The shop has no frames from another origin, the only thing legacy mode
 * leaves out; the findings were compared on the pages the journeys scan and are the same
 * (issue 39, point 7).
 */
export async function axeFindings(page: Page, where: string, opts: { include?: string; every?: boolean } = {}): Promise<string[]> {
  const builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).setLegacyMode(true);
  if (opts.include) builder.include(opts.include);
  const result = await builder.analyze();
  return result.violations
    .filter((v) => opts.every || v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${where}: ${v.id} (${v.impact}) ${v.help}\n  ${v.nodes.slice(0, 4).map((n) => `${n.target.join(' ')} ${n.html.slice(0, 120)} ${n.any[0]?.message ?? ''}`).join('\n  ')}`);
}
