// Where the e2e server keeps its data, shared by playwright.config.ts and the journeys.
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);
/** One data directory per port, so two e2e servers never share (or wipe) one database. */
export const E2E_DATA_DIR = `.e2e-data/${E2E_PORT}`;
/** The mail catcher's SMTP port and where it writes what it receives (support/mail-catcher.mjs). */
export const E2E_SMTP_PORT = E2E_PORT + 1000;
export const E2E_MAIL_DIR = `${E2E_DATA_DIR}/mail`;
