import type { Server } from 'node:http';

/**
 * Stops taking connections and lets in-flight requests finish, for at most `timeoutMs`; then the
 * remaining connections are closed. Answers sent meanwhile carry `Connection: close`, and
 * keep-alive connections are closed as soon as they are idle, so a proxy moves to another
 * instance instead of sending more requests here. Resolves true when everything finished in time.
 */
export function drainServer(server: Server, timeoutMs: number): Promise<boolean> {
  server.on('request', (_req, res) => {
    if (!res.headersSent) res.setHeader('Connection', 'close');
  });
  return new Promise((resolve) => {
    const idle = setInterval(() => server.closeIdleConnections(), 100);
    const bound = setTimeout(() => {
      clearInterval(idle);
      server.closeAllConnections();
      resolve(false);
    }, timeoutMs);
    server.close(() => {
      clearInterval(idle);
      clearTimeout(bound);
      resolve(true);
    });
  });
}
