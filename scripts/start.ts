import { spawnSync, spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { SERVER_ENTRY, SERVER_NODE_ARGS, serverEnv } from './server-process';

// `npm start` right after `npm install`: build once when the build is missing or older than the
// sources, then run the built server.
const root = process.cwd();
const outputs = ['dist/client/index.html', 'dist/ssr/entry-server.js', SERVER_ENTRY].map((p) => join(root, p));

function newest(dir: string): number {
  let max = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    max = Math.max(max, entry.isDirectory() ? newest(path) : statSync(path).mtimeMs);
  }
  return max;
}

const builtAt = outputs.every(existsSync) ? Math.min(...outputs.map((p) => statSync(p).mtimeMs)) : 0;
const sourcesAt = Math.max(...['src', 'server', 'shared', 'public'].map((d) => newest(join(root, d))), statSync(join(root, 'index.html')).mtimeMs);
if (builtAt < sourcesAt) {
  console.log('Building the shop (first start or sources changed)...');
  const result = spawnSync('npm', ['run', 'build'], { stdio: 'inherit', shell: process.platform === 'win32' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const child = spawn(process.execPath, [...SERVER_NODE_ARGS, SERVER_ENTRY], { stdio: 'inherit', env: serverEnv({ NODE_ENV: 'production', ...process.env }) });
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 0));
