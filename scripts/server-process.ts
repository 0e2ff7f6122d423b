/**
 * How the built server is started: by `npm start` and by the bench, so that the bench measures the
 * process a shop runs (decision 0149).
 */
export const SERVER_ENTRY = 'dist/server/index.js';

/** Node flags for the server process. */
export const SERVER_NODE_ARGS = ['--enable-source-maps'];

/**
 * The server's environment. glibc gives each thread that allocates its own malloc arena (up to 8
 * per core) and returns little of them; sharp's libvips threads, the libuv pool (compression,
 * password hashing) and V8's helpers left about 90 MB in arenas on the bench. Two arenas cost no
 * measurable speed there. Whatever the owner sets wins.
 */
export function serverEnv(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return { MALLOC_ARENA_MAX: '2', ...env };
}
