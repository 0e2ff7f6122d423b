// The table scripts/bench/embedded-db-options.ts prints: one column per alternative measured.

type Result = Record<string, unknown>;

export function printResults(results: Result[]) {
  const f = (r: Result, k: string) => {
    const v = r[k] as { p50: number; p99: number; perSec: number; errors: number } | string | undefined;
    if (typeof v === 'string') return v;
    return v ? `${v.perSec}/s ${v.p50}/${v.p99} ms${v.errors ? ` (${v.errors} err)` : ''}` : '';
  };
  const m = (v: unknown) => {
    const x = v as { rssMB: number; pssMB: number; peakMB: number } | undefined;
    return x ? `${x.rssMB} (PSS ${x.pssMB}, peak ${x.peakMB})` : 'in app';
  };
  console.log('');
  const rows: [string, (r: Result) => unknown][] = [
    ['app CPU / SELECT 1 (ms)', (r) => r.select1AppCpuMs],
    ['db CPU / SELECT 1 (ms)', (r) => r.select1DbCpuMs ?? ''],
    ['app CPU / PK read (ms)', (r) => r.pkReadAppCpuMs],
    ['db CPU / PK read (ms)', (r) => r.pkReadDbCpuMs ?? ''],
    ['PK read, 1 client', (r) => f(r, 'read1')],
    ['PK read, 20 clients', (r) => f(r, 'read20')],
    ['tx insert+update, 1 client', (r) => f(r, 'tx1')],
    ['tx insert+update, 20 clients', (r) => f(r, 'tx20')],
    ['tx 10 + reads 10: tx', (r) => f(r, 'mixedTx')],
    ['tx 10 + reads 10: reads', (r) => f(r, 'mixedRead')],
    ['wrong answers', (r) => r.wrongAnswers],
    ['app RSS after start / load (MB)', (r) => `${r.appRssAfterStartMB} / ${r.appRssAfterLoadMB}`],
    ['db RSS after initdb (MB)', (r) => m(r.dbMemAfterInit)],
    ['db RSS after restart (MB)', (r) => m(r.dbMemAfterStart)],
    ['db RSS after load (MB)', (r) => m(r.dbMemAfterLoad)],
    ['fresh start (initdb) ms', (r) => r.freshStartMs],
    ['migrations ms', (r) => r.migrateMs],
    ['restart ms', (r) => r.restartMs ?? ''],
    ['data dir MB', (r) => r.dataDirMB ?? ''],
  ];
  const measured = results.filter((r) => r.alt !== 'upgrade');
  console.log(`| measure | ${measured.map((r) => r.alt).join(' | ')} |`);
  console.log(`|---|${measured.map(() => '---').join('|')}|`);
  for (const [label, get] of rows) console.log(`| ${label} | ${measured.map((r) => String(get(r) ?? '')).join(' | ')} |`);
  const up = results.find((r) => r.alt === 'upgrade');
  if (up) console.log('\nupgrade:', JSON.stringify(up));
}
