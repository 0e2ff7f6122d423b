import helmet from 'helmet';
import { EARLY_CALLS_CSP } from '../pages/early-calls';
import { ENTRY_AFTER_PAINT_CSP } from '../pages/entry-after-paint';
import { SESSION_HINT_CSP } from '../pages/session-hint';

/**
 * Security headers for every answer (helmet). The SPA loads only its own scripts, so script-src is
 * 'self' plus the hashes of the inline scripts of the pages (server/pages/session-hint.ts,
 * server/pages/entry-after-paint.ts, and the back office's early calls, server/pages/early-calls.ts);
 * styles allow inline because react-hot-toast injects its own <style> element. JSON-LD
 * blocks are data, not scripts, and need no exception. Nothing may frame the shop (clickjacking on
 * the back office). HSTS only when the shop is known to be served over https.
 */
export function securityHeaders(opts: { https: boolean }) {
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", SESSION_HINT_CSP, ENTRY_AFTER_PAINT_CSP, EARLY_CALLS_CSP],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(opts.https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    strictTransportSecurity: opts.https ? { maxAge: 180 * 24 * 3600, includeSubDomains: false } : false,
    xFrameOptions: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // Product photos may be shown by marketplaces and link previews; /uploads relaxes this itself.
    crossOriginResourcePolicy: { policy: 'same-origin' },
    crossOriginEmbedderPolicy: false,
  });
}
