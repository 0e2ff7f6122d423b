// Loaded into the e2e server with `node --import` (playwright.config.ts): a real SMTP server on
// E2E_SMTP_PORT that writes every message it receives to E2E_MAIL_DIR as JSON, so a journey reads
// what a customer's inbox would hold (a reset link exists nowhere else). It lives and dies with
// the server process, so no catcher outlives a run.
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import process from 'node:process';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

const dir = process.env.E2E_MAIL_DIR;
const port = Number(process.env.E2E_SMTP_PORT);
if (dir && port) {
  mkdirSync(dir, { recursive: true });
  let n = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, done) {
      simpleParser(stream).then((m) => {
        const file = join(dir, `${Date.now()}-${String(++n).padStart(5, '0')}.json`);
        // Written beside it and renamed into place: a journey polling the folder never reads half a file.
        writeFileSync(`${file}.part`, JSON.stringify({ to: m.to && !Array.isArray(m.to) ? m.to.text : '', subject: m.subject ?? '', text: m.text ?? '', html: m.html || '' }));
        renameSync(`${file}.part`, file);
        done();
      }, done);
    },
  });
  server.listen(port, '127.0.0.1');
}
