import { config } from 'zod/v4/core';

// The Content-Security-Policy forbids eval. Zod would otherwise probe `new Function` once to decide
// whether to compile its object parsers, and the browser reports that caught probe as a violation.
config({ jitless: true });
