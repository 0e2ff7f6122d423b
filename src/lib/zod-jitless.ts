// The Content-Security-Policy forbids eval. Zod would otherwise probe `new Function` once to decide
// whether to compile its object parsers, and the browser reports that caught probe as a violation.
// Zod keeps its configuration on globalThis.__zod_globalConfig and adopts one that already exists,
// so setting it here (imported first by main.tsx) needs no zod code in the first-load bundle.
const g = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
g.__zod_globalConfig = { ...g.__zod_globalConfig, jitless: true };
export {};
