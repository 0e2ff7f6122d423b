import { execFileSync, spawnSync } from 'node:child_process';

// `npm run test:changed [-- <git ref>]`: the tests a change touches, against the branch point from
// origin/main (or the given ref; HEAD for uncommitted changes only). Vitest follows the import graph
// from changed files to the tests that load them; Playwright reruns only changed journeys and those
// importing a changed file of tests/e2e (journeys drive the built shop and import no shop code, so
// a change to src/ or server/ alone reruns none: run `npm run test:e2e` or the spec for that).
const git = (...args: string[]) => execFileSync('git', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();

function base(): string {
  const given = process.argv[2];
  if (given) return given;
  try {
    return git('merge-base', 'HEAD', 'origin/main');
  } catch {
    return 'HEAD';
  }
}

const since = base();
console.log(`Tests touched by changes since ${since}`);
const run = (cmd: string, args: string[]) => spawnSync(cmd, args, { stdio: 'inherit' }).status ?? 1;
const unit = run('npx', ['vitest', 'run', `--changed=${since}`, '--passWithNoTests']);
// Listing starts no server: with no journey to run, the build and the shops are skipped too.
const listed = spawnSync('npx', ['playwright', 'test', `--only-changed=${since}`, '--list'], { encoding: 'utf8' }).stdout ?? '';
const e2e = /Total: 0 tests/.test(listed) ? (console.log('No journey touched.'), 0) : run('npx', ['playwright', 'test', `--only-changed=${since}`]);
process.exit(unit || e2e);
