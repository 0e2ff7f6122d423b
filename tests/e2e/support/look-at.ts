import type { Locator, Page } from '@playwright/test';

/**
 * Saves a screenshot for a person to look at (the 390 and 1280 px views a change is checked by),
 * only when E2E_SHOTS=1. No journey asserts on these files, and encoding some ninety full-page PNGs
 * cost the run a minute of its two cores, so a plain run skips them (decision 0203):
 * `E2E_SHOTS=1 npx playwright test tests/e2e/x.spec.ts` writes them where each journey says.
 */
export async function lookAt(target: Page | Locator, options: { path: string; fullPage?: boolean }): Promise<void> {
  if (process.env.E2E_SHOTS === '1') await target.screenshot(options);
}
