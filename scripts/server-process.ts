/**
 * How the built server is started: by `npm start` and by the bench, so that the bench measures the
 * process a shop runs (decision 0149).
 */
export const SERVER_ENTRY = 'dist/server/index.js';

/** Node flags for the server process. */
export const SERVER_NODE_ARGS = ['--enable-source-maps'];

/**
 * V8 lets the heap grow to up to 4 times what survived the last full collection when its limit is
 * 2 GB or more (the default here is 4 GB), and about 1.6 times at 1 GB: the bench's app held about
 * 80 MB of live objects in a 300 MB heap. 1 GB is far above any peak measured (the stock-cover
 * report's answers under 50 connections), so it lowers the heap, not what the shop can do.
 */
const HEAP_LIMIT_MB = 1024;

/**
 * The server's environment. glibc gives each thread that allocates its own malloc arena (up to 8
 * per core) and returns little of them; sharp's libvips threads, the libuv pool (compression,
 * password hashing) and V8's helpers left about 90 MB in arenas after the first start. Two arenas
 * cost no measurable speed on the bench. Whatever the owner sets wins: MALLOC_ARENA_MAX, and a
 * --max-old-space-size of their own in NODE_OPTIONS.
 */
export function serverEnv(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const nodeOptions = env.NODE_OPTIONS ?? '';
  const heap = /--max-old-space-size/.test(nodeOptions) ? '' : `--max-old-space-size=${HEAP_LIMIT_MB}`;
  return { MALLOC_ARENA_MAX: '2', ...env, NODE_OPTIONS: [nodeOptions, heap].filter(Boolean).join(' ') };
}
