// Where the e2e shops listen and keep their data, shared by playwright.config.ts and the journeys.
//
// The journeys run on E2E_WORKERS Playwright workers (2 unless told), each against a shop of its own:
// worker n's shop listens on E2E_PORT + 10 n with its own database, mail catcher and data directory,
// so no journey sees another's stock, settings or mail. Playwright numbers its workers in
// TEST_PARALLEL_INDEX (0 .. workers - 1) and loads this file again in each worker, where it then
// names that worker's shop; in the runner (no index) it names the first.
/** The first shop's port; the Stripe shop and its test server are placed from it (stripe-e2e.ts). */
export const E2E_BASE_PORT = Number(process.env.E2E_PORT ?? 3100);
/** How many journeys run at once, each on its own shop. */
export const E2E_WORKERS = Math.max(1, Number(process.env.E2E_WORKERS ?? 2) || 1);

export const shopPort = (worker: number) => E2E_BASE_PORT + 10 * worker;
/** One data directory per port, so two e2e servers never share (or wipe) one database. */
export const dataDirOf = (port: number) => `.e2e-data/${port}`;
/** The mail catcher's SMTP port beside a shop (support/mail-catcher.mjs). */
export const smtpPortOf = (port: number) => port + 1000;

/** This worker's shop. */
export const E2E_PORT = shopPort(Number(process.env.TEST_PARALLEL_INDEX ?? 0));
export const E2E_DATA_DIR = dataDirOf(E2E_PORT);
/** Where this worker's mail catcher writes what it receives: the customer's inbox for its journeys. */
export const E2E_MAIL_DIR = `${E2E_DATA_DIR}/mail`;
