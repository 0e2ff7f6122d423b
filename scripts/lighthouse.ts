// `npm run lighthouse`: the storefront measured the way a shopper on a phone feels it (decision 0147).
// Builds the shop, starts the built server on a free port with a scratch database, and runs
// Lighthouse (its default config: a mobile phone, simulated slow 4G and a 4x slower CPU) three times
// on `/`, `/products`, a product page and `/cart` in the machine's Chromium. Prints the medians and
// writes every report (HTML and JSON) under .lighthouse/ (git-ignored). Not part of `npm test`: the
// figures depend on how busy the machine is, so they are read, not asserted.
//
//   npm run lighthouse                 build, then measure
//   npm run lighthouse -- --no-build   measure the existing build
//   RUNS=5 CHROME_PATH=... npm run lighthouse
//   SETTLE_S=0 npm run lighthouse       measure the moment the shop answers (default: 60 s after)
//   PAGES=products,product npm run lighthouse -- --no-build   some of the pages only
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { startBuiltShop, type BuiltShop } from './lib/built-shop';

const OUT_DIR = path.resolve('.lighthouse');
const RUNS = Number(process.env.RUNS ?? 3);
/** Seconds between the shop answering and the first measurement (a shop started a minute before). */
const SETTLE_S = Number(process.env.SETTLE_S ?? 60);
/** `PAGES=products,product` measures only those (names: home, products, product, cart). */
const ONLY = process.env.PAGES?.split(',').map((p) => p.trim());
const CHROME_PATH = process.env.CHROME_PATH ?? ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) => existsSync(p));
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

interface RunFigures {
  scores: Record<(typeof CATEGORIES)[number], number>;
  lcpMs: number;
  tbtMs: number;
  cls: number;
}

/**
 * One Lighthouse run in a fresh browser (a second run in the same one can lose its trace). A run
 * whose trace is lost anyway (NO_NAVSTART and the like, on a busy machine) is tried again, twice.
 */
async function measure(url: string, reportBase: string, onLaunch: (chrome: chromeLauncher.LaunchedChrome) => void) {
  for (let attempt = 1; ; attempt++) {
    const chrome = await chromeLauncher.launch({
      chromePath: CHROME_PATH,
      chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
    });
    onLaunch(chrome);
    try {
      // Lighthouse's default config is the mobile one: Moto G Power screen, slow 4G and a 4x CPU slowdown, simulated.
      const result = await lighthouse(url, { port: chrome.port, output: ['html', 'json'], logLevel: 'error', onlyCategories: [...CATEGORIES] });
      if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
      const { lhr } = result;
      if (lhr.runtimeError) {
        if (attempt < 3) {
          console.log(`  ${url}: ${lhr.runtimeError.code}, trying again`);
          continue;
        }
        throw new Error(`${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
      }
      const [html, json] = result.report as string[];
      writeFileSync(`${reportBase}.html`, html);
      writeFileSync(`${reportBase}.json`, json);
      return lhr;
    } finally {
      await chrome.kill();
    }
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

async function main() {
  if (!CHROME_PATH) throw new Error('No Chromium found: install it (Debian: apt-get install chromium) or set CHROME_PATH.');
  if (!process.argv.includes('--no-build')) {
    const build = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
    if (build.status !== 0) process.exit(build.status ?? 1);
  }
  rmSync(OUT_DIR, { recursive: true, force: true });
  mkdirSync(OUT_DIR, { recursive: true });
  let shop: BuiltShop | undefined;
  let chrome: chromeLauncher.LaunchedChrome | undefined;
  const cleanUp = async () => {
    await chrome?.kill();
    await shop?.stop();
  };
  const onSignal = (signal: NodeJS.Signals) => void cleanUp().finally(() => process.exit(signal === 'SIGINT' ? 130 : 143));
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);

  try {
    console.log('Starting the built shop on a scratch database (log: .lighthouse/server.log)...');
    shop = await startBuiltShop(path.join(OUT_DIR, 'server.log'));
    const { origin } = shop;
    // Measured as issue 38 (point 12) puts it: a shop started a minute before, whose start-up work
    // (migrations, seeding, the renderer's warm-up: server/pages/warm-up.ts) is behind it.
    if (SETTLE_S > 0) {
      console.log(`Letting the shop settle for ${SETTLE_S} s (SETTLE_S=0 measures it at once)...`);
      await new Promise((r) => setTimeout(r, SETTLE_S * 1000));
    }

    const list = (await (await fetch(`${origin}/api/products/filter`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ page: 1, limit: 1 }) })).json()) as {
      products: { id: string | number }[];
    };
    const productId = list.products[0]?.id;
    if (productId === undefined) throw new Error('The seeded catalogue has no product');
    const pages: { name: string; path: string; label?: string }[] = [
      { name: 'home', path: '/' },
      { name: 'products', path: '/products' },
      { name: 'product', path: `/products/${productId}`, label: '/products/:id' },
      { name: 'cart', path: '/cart' },
    ].filter((p) => !ONLY || ONLY.includes(p.name));

    const results: { page: string; path: string; label: string; runs: RunFigures[] }[] = [];
    let version = '';
    for (const page of pages) {
      const runs: RunFigures[] = [];
      for (let i = 1; i <= RUNS; i++) {
        const lhr = await measure(`${origin}${page.path}`, path.join(OUT_DIR, `${page.name}-${i}.report`), (launched) => (chrome = launched));
        chrome = undefined;
        version = lhr.lighthouseVersion;
        const figures: RunFigures = {
          scores: Object.fromEntries(CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)])) as RunFigures['scores'],
          lcpMs: lhr.audits['largest-contentful-paint']?.numericValue ?? NaN,
          tbtMs: lhr.audits['total-blocking-time']?.numericValue ?? NaN,
          cls: lhr.audits['cumulative-layout-shift']?.numericValue ?? NaN,
        };
        runs.push(figures);
        console.log(
          `  ${page.path} run ${i}: performance ${figures.scores.performance}, LCP ${(figures.lcpMs / 1000).toFixed(2)} s, TBT ${Math.round(figures.tbtMs)} ms, CLS ${figures.cls.toFixed(3)}`,
        );
      }
      results.push({ page: page.name, path: page.path, label: page.label ?? page.path, runs });
    }

    const summary = results.map((r) => ({
      page: r.label,
      url: r.path,
      performance: median(r.runs.map((x) => x.scores.performance)),
      accessibility: median(r.runs.map((x) => x.scores.accessibility)),
      bestPractices: median(r.runs.map((x) => x.scores['best-practices'])),
      seo: median(r.runs.map((x) => x.scores.seo)),
      lcpS: Math.round(median(r.runs.map((x) => x.lcpMs)) / 10) / 100,
      tbtMs: Math.round(median(r.runs.map((x) => x.tbtMs))),
      cls: Math.round(median(r.runs.map((x) => x.cls)) * 1000) / 1000,
      runs: r.runs,
    }));
    const table = [
      `Lighthouse ${version} (mobile, simulated throttling), median of ${RUNS} runs:`,
      '',
      '| Page | Performance | LCP | TBT | CLS | Accessibility | Best practices | SEO |',
      '|---|---|---|---|---|---|---|---|',
      ...summary.map(
        (s) => `| \`${s.page}\` | ${s.performance} | ${s.lcpS.toFixed(2)} s | ${s.tbtMs} ms | ${s.cls.toFixed(3)} | ${s.accessibility} | ${s.bestPractices} | ${s.seo} |`,
      ),
    ].join('\n');
    writeFileSync(path.join(OUT_DIR, 'summary.json'), JSON.stringify({ measuredAt: new Date().toISOString(), runs: RUNS, pages: summary }, null, 2));
    writeFileSync(path.join(OUT_DIR, 'summary.md'), `${table}\n`);
    console.log(`\n${table}\n\nReports: ${path.relative(process.cwd(), OUT_DIR)}/`);
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    await cleanUp();
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exitCode = 1;
});
