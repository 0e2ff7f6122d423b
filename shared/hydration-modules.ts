/**
 * Lazy parts of the layout that every page shows at its first render: a server-rendered page loads
 * them before hydrating (src/main.tsx, server/pages/ssr.ts), a client-rendered one as it first
 * renders. The first-load budget counts them with each page (scripts/vite-first-load.ts).
 */
export const HYDRATION_MODULES: readonly string[] = ['src/features/catalog/HeaderSearch.tsx'];
