/**
 * A few lines of plain JavaScript run by `node -e` between the shop and PostgreSQL. The shop holds
 * the keeper's stdin; when the shop's process ends in any way (even kill -9), the pipe closes and the
 * keeper stops PostgreSQL with a fast shutdown, so no database server outlives its shop. The keeper
 * exits with PostgreSQL. argv[1] is JSON: { bin, args, uid?, gid?, env }.
 */
export const KEEPER_SOURCE = `
const { spawn } = require('node:child_process');
const spec = JSON.parse(process.argv[1]);
const pg = spawn(spec.bin, spec.args, { stdio: ['ignore', 'inherit', 'inherit'], uid: spec.uid, gid: spec.gid, env: spec.env });
let stopping = false;
const stop = () => { if (!stopping) { stopping = true; try { pg.kill('SIGINT'); } catch {} } };
process.stdin.on('end', stop);
process.stdin.on('error', stop);
process.stdin.resume();
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
pg.on('error', (err) => { console.error('could not start postgres: ' + err.message); process.exit(1); });
pg.on('exit', (code, signal) => process.exit(code === null ? 70 : code));
`;
