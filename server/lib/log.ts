import pino, { type DestinationStream, type Logger } from 'pino';

/**
 * The shop's one logger: JSON lines on stdout (pino), levels from LOG_LEVEL, readable in development.
 * Request lines come from server/http/request-log.ts; server errors from logServerError below.
 * Nothing here ever logs a body, a header, a token, a password or an address (request lines carry
 * only the fields listed in request-log.ts). A few header paths are redacted as a second line of
 * defence; wildcard paths (`*.password`) are not, as they cost 10 µs on every line (pino's redact).
 */
const REDACT = ['req.headers.authorization', 'req.headers.cookie', 'err.config.headers.authorization'];

function build(level: string, stream?: DestinationStream): Logger {
  return pino(
    {
      level,
      base: { pid: process.pid },
      redact: { paths: REDACT, censor: '[redacted]' },
      // An error's cause chain is kept as nested objects, so a wrapped error is logged once with its cause.
      serializers: { err: pino.stdSerializers.errWithCause },
      timestamp: pino.stdTimeFunctions.isoTime,
    },
    stream,
  );
}

let root: Logger = build('info');

export function logger(): Logger {
  return root;
}

/** Replaces the logger (start-up with the configured level, tests routing errors to console.error). */
export function setLogger(next: Logger): void {
  root = next;
}

export { build as buildLogger };

/**
 * The logger for the running server: LOG_LEVEL, and pino-pretty's readable lines in development
 * when it is installed (a devDependency: production never loads it).
 */
export async function configureLogging(opts: { level: string; pretty: boolean }): Promise<Logger> {
  let stream: DestinationStream | undefined;
  if (opts.pretty) {
    try {
      const { default: pretty } = await import('pino-pretty');
      stream = pretty({ colorize: true, translateTime: 'SYS:HH:MM:ss', ignore: 'pid' });
    } catch {
      /* not installed (npm install --omit=dev): JSON lines it is */
    }
  }
  root = build(opts.level, stream);
  return root;
}

/**
 * A server error (every 5xx is a defect): logged once, with its stack and cause, and the request id
 * the caller was given. The test setup fails any test during which this is called.
 */
export function logServerError(where: string, err: unknown, requestId?: string) {
  root.error({ err, where, req_id: requestId }, `server error in ${where}`);
}
