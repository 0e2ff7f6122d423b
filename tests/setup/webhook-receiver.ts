import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedWebhook {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface TestReceiver {
  url: string;
  received: ReceivedWebhook[];
  /** Status codes to answer with, in turn; 200 once they run out. */
  answers: number[];
  /** When set, decides the status for each request (before `answers`). */
  respond: ((r: ReceivedWebhook) => number | undefined) | null;
  /** Resolves once `count` requests have arrived. */
  waitFor(count: number): Promise<ReceivedWebhook[]>;
  close(): Promise<void>;
}

/** A real HTTP server on 127.0.0.1 in the test process: the sender POSTs to it, nothing is mocked. */
export async function startTestReceiver(): Promise<TestReceiver> {
  const received: ReceivedWebhook[] = [];
  const waiters: { count: number; resolve: (r: ReceivedWebhook[]) => void }[] = [];
  const state: TestReceiver = {
    url: '',
    received,
    answers: [],
    respond: null,
    waitFor(count) {
      if (received.length >= count) return Promise.resolve(received);
      return new Promise((resolve) => waiters.push({ count, resolve }));
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const r = { path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') };
      received.push(r);
      const status = state.respond?.(r) ?? state.answers.shift() ?? 200;
      res.writeHead(status, { 'content-type': 'text/plain' });
      res.end(status === 200 ? 'thanks' : `receiver says ${status}`);
      for (const w of [...waiters]) {
        if (received.length >= w.count) {
          waiters.splice(waiters.indexOf(w), 1);
          w.resolve(received);
        }
      }
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return state;
}
