import { afterEach, beforeEach, vi } from 'vitest';
import { buildLogger, setLogger } from '../../server/lib/log';

// console.error during a test is a failure (a logged 5xx, a React warning, an unhandled path).
let errors: unknown[][] = [];
const original = console.error;

// The server logs with pino, not console: its error lines (a 5xx, an unhandled failure) are sent to
// console.error so that the rule above holds for them too; request lines (info) are not printed.
setLogger(
  buildLogger('warn', {
    write(line: string) {
      const level = (JSON.parse(line) as { level: number }).level;
      if (level >= 50) console.error(line);
      else console.warn(line);
    },
  }),
);

beforeEach(() => {
  errors = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    errors.push(args);
    original(...args);
  });
});

afterEach(() => {
  vi.mocked(console.error).mockRestore();
  if (errors.length) {
    const first = errors[0].map((a) => (a instanceof Error ? a.stack : String(a))).join(' ');
    throw new Error(`console.error was called ${errors.length} time(s) during the test: ${first.slice(0, 2000)}`);
  }
});
