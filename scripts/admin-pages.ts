// `npm run bench:admin-pages`: how long the back office's heaviest pages take to show their main
// content in a browser (issue 38, point 18: the packing screen, the reports and the dashboard on a
// phone, target under 1 s on the seeded shop). Starts the built shop on a scratch database, waits
// for its start-up work (the product images' copies) to be done, signs in as its admin, then loads
// each page in a new browser context (nothing cached, as a new tab after a restart would be) and
// records when the page's main content first appeared (a MutationObserver in the page, so
// Playwright's polling is not counted). The first load of each page is a warm-up and
// is not counted; the median of RUNS (default 5) others is printed. Not part of `npm test`: the
// figures depend on how busy the machine is, so they are read, not asserted.
//
//   npm run bench:admin-pages             measure the existing build (npm run build first)
//   RUNS=9 npm run bench:admin-pages
//   RUNS=1 WATERFALL=1 npm run bench:admin-pages   where the time goes: requests and long tasks
//   PAGE=dashboard npm run bench:admin-pages      only the pages whose name holds this
//   BASELINE=../other-checkout npm run bench:admin-pages
//       this build against another checkout's (built, with node_modules), both shops running and
//       their loads taken in turns, so a change is compared under the same load (one run after
//       the other differed by 30 % on this machine)
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser } from '@playwright/test';
import { ADMIN, startBuiltShop } from './lib/built-shop';

const RUNS = Number(process.env.RUNS ?? 5);
/** `WATERFALL=1`: print each load's requests with their start and duration. */
const WATERFALL = process.env.WATERFALL === '1';
const OUT_DIR = path.resolve('.bench');
const CHROME_PATH = ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) => existsSync(p));

interface AdminPage {
  name: string;
  path: string;
  width: number;
  /** The element that is the page's main content, present once its data has been shown. */
  selector: string;
}

const PAGES: AdminPage[] = [
  { name: 'packing screen', path: '/admin/packing', width: 1280, selector: '[data-testid="packing-tile"]' },
  { name: 'reports (Sales)', path: '/admin/reports', width: 1280, selector: '[data-testid="sales-revenue"]' },
  { name: 'dashboard, phone', path: '/admin', width: 390, selector: '[data-testid="tile-inventory"]' },
  { name: 'dashboard, laptop', path: '/admin', width: 1280, selector: '[data-testid="tile-inventory"]' },
];

/**
 * Runs in the page before its scripts: notes when the selector first matches an element showing a
 * figure. A string, not a function: tsx's helpers (`__name`) do not exist in the page.
 */
const watchFor = (selector: string) => `(() => {
  const seen = () => {
    const el = document.querySelector(${JSON.stringify(selector)});
    if (el && /\\d/.test(el.textContent || '') && window.__shownAt === undefined) window.__shownAt = performance.now();
    return window.__shownAt !== undefined;
  };
  const observer = new MutationObserver(() => seen() && observer.disconnect());
  observer.observe(document, { childList: true, subtree: true, characterData: true });
  // The main thread's long tasks (script evaluation, rendering), for the waterfall.
  window.__longTasks = [];
  new PerformanceObserver((list) => list.getEntries().forEach((e) => window.__longTasks.push([Math.round(e.startTime), Math.round(e.duration)]))).observe({ type: 'longtask', buffered: true });
})();`;

async function loadOnce(browser: Browser, origin: string, session: { token: string; user: unknown }, page: AdminPage) {
  const context = await browser.newContext({ viewport: { width: page.width, height: page.width < 500 ? 844 : 900 } });
  // The session as the SPA stores it after signing in (localStorage of the shop's origin).
  await context.addInitScript(
    ([token, user]) => {
      localStorage.setItem('access_token', token);
      localStorage.setItem('user', user);
    },
    [session.token, JSON.stringify(session.user)] as const,
  );
  await context.addInitScript({ content: watchFor(page.selector) });
  const tab = await context.newPage();
  let requests = 0;
  tab.on('request', () => requests++);
  const finished: string[] = [];
  if (WATERFALL) tab.on('requestfinished', (r) => {
    const t = r.timing();
    finished.push(`${Math.round(t.startTime - navigationStart).toString().padStart(5)} +${Math.round(t.responseEnd).toString().padStart(4)} ms  ${r.url().replace(origin, '')}`);
  });
  const navigationStart = Date.now();
  await tab.goto(`${origin}${page.path}`, { waitUntil: 'commit' });
  try {
    await tab.waitForFunction(() => (window as unknown as { __shownAt?: number }).__shownAt !== undefined, undefined, { timeout: 30_000 });
  } catch (err) {
    await tab.screenshot({ path: path.join(OUT_DIR, 'admin-pages-timeout.png') });
    throw new Error(`${page.path}: ${page.selector} did not show in 30 s (at ${tab.url()}; screenshot .bench/admin-pages-timeout.png)`, { cause: err });
  }
  const shownAt = await tab.evaluate(() => (window as unknown as { __shownAt: number }).__shownAt);
  if (WATERFALL) {
    const longTasks = await tab.evaluate(() => (window as unknown as { __longTasks: [number, number][] }).__longTasks);
    finished.push(...longTasks.map(([start, duration]) => `${String(start).padStart(5)} +${String(duration).padStart(4)} ms  (main thread busy)`));
    console.log(`\n${page.path}, shown at ${Math.round(shownAt)} ms; requests and long tasks (start after goto, duration):\n${finished.sort().join('\n')}`);
  }
  await context.close();
  return { ms: Math.round(shownAt), requests };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : Math.round((sorted[mid - 1] + sorted[mid]) / 2);
};

/** A running shop and the admin's session on it. */
interface Measured {
  label: string;
  origin: string;
  session: { token: string; user: unknown };
}

async function signIn(label: string, origin: string): Promise<Measured> {
  const res = await fetch(`${origin}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(ADMIN) });
  if (!res.ok) throw new Error(`signing in as the admin (${label}) answered ${res.status}`);
  const { access_token: token, user } = (await res.json()) as { access_token: string; user: unknown };
  return { label, origin, session: { token, user } };
}

async function main() {
  mkdirSync(OUT_DIR, { recursive: true });
  const baseline = process.env.BASELINE;
  console.log(`Starting the built shop${baseline ? ` and ${baseline}'s` : ''} on scratch databases (log: .bench/admin-pages-server*.log)...`);
  const shops = await Promise.all([
    startBuiltShop(path.join(OUT_DIR, 'admin-pages-server.log'), { settled: true }),
    ...(baseline ? [startBuiltShop(path.join(OUT_DIR, 'admin-pages-server-baseline.log'), { root: baseline, settled: true })] : []),
  ]);
  const browser = await chromium.launch({ executablePath: CHROME_PATH });
  const stopAll = () => Promise.allSettled([browser.close(), ...shops.map((s) => s.stop())]);
  // Stopped by hand (Ctrl-C) or by a timeout: the shops and their scratch databases go too.
  const onSignal = (signal: NodeJS.Signals) => void stopAll().finally(() => process.exit(signal === 'SIGINT' ? 130 : 143));
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  try {
    const measured = await Promise.all(shops.map((s, i) => signIn(i === 0 ? 'this build' : 'baseline', s.origin)));
    const rows: string[] = [];
    for (const page of PAGES.filter((p) => !process.env.PAGE || p.name.includes(process.env.PAGE))) {
      for (const m of measured) await loadOnce(browser, m.origin, m.session, page);
      // In turns, so that a busier moment of the machine falls on both.
      const runs = measured.map(() => [] as { ms: number; requests: number }[]);
      for (let i = 0; i < RUNS; i++) for (const [j, m] of measured.entries()) runs[j].push(await loadOnce(browser, m.origin, m.session, page));
      for (const [j, m] of measured.entries()) {
        const times = runs[j].map((r) => r.ms);
        const who = baseline ? ` | ${m.label}` : '';
        rows.push(`| ${page.name} | \`${page.path}\` at ${page.width} px${who} | ${median(times)} ms | ${Math.min(...times)}-${Math.max(...times)} ms | ${runs[j][0].requests} |`);
        console.log(`  ${page.name}${baseline ? ` (${m.label})` : ''}: ${times.join(', ')} ms`);
      }
    }
    console.log(`\nTime to main content, median of ${RUNS} loads in new contexts (after one warm-up load each):\n`);
    console.log(baseline ? '| page | address | build | median | range | requests |\n|---|---|---|---|---|---|' : '| page | address | median | range | requests |\n|---|---|---|---|---|');
    console.log(rows.join('\n'));
  } finally {
    await stopAll();
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exitCode = 1;
});
