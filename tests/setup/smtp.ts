import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface TestSmtp {
  url: string;
  received: ParsedMail[];
  /** While set, every recipient is refused with this SMTP error. */
  refuse: string | null;
  /** Resolves once `count` messages have arrived. */
  waitFor(count: number): Promise<ParsedMail[]>;
  close(): Promise<void>;
}

/** A real SMTP server on 127.0.0.1 in the test process: the sender talks SMTP to it, no mock transport. */
export async function startTestSmtp(): Promise<TestSmtp> {
  const received: ParsedMail[] = [];
  const waiters: { count: number; resolve: (m: ParsedMail[]) => void }[] = [];
  const state: TestSmtp = {
    url: '',
    received,
    refuse: null,
    waitFor(count) {
      if (received.length >= count) return Promise.resolve(received);
      return new Promise((resolve) => waiters.push({ count, resolve }));
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(_address, _session, cb) {
      if (state.refuse) {
        const err = new Error(state.refuse) as Error & { responseCode: number };
        err.responseCode = 451;
        return cb(err);
      }
      cb();
    },
    onData(stream, _session, cb) {
      simpleParser(stream)
        .then((mail) => {
          received.push(mail);
          for (const w of [...waiters]) {
            if (received.length >= w.count) {
              waiters.splice(waiters.indexOf(w), 1);
              w.resolve(received);
            }
          }
          cb();
        })
        .catch(cb);
    },
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  state.url = `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
  return state;
}
