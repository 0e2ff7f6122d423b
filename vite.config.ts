import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { firstLoadBudget } from './scripts/vite-first-load';

const api = `http://127.0.0.1:${process.env.API_PORT ?? 3000}`;

export default defineConfig({
  resolve: {
    alias: [
      // wouter imports useSyncExternalStore from the shim package for React 17; on React 18 and
      // later the shim only adds its fallback code (0.4 KB gzipped on every page) around React's own.
      { find: /^use-sync-external-store\/shim\/index\.js$/, replacement: fileURLToPath(new URL('./src/lib/use-sync-external-store.ts', import.meta.url)) },
    ],
  },
  plugins: [
    react(),
    tailwindcss(),
    // Assets are compressed once at build time (brotli at its best setting, gzip for older clients)
    // and served as they are by express-static-gzip, so no request pays for compressing them.
    compression({
      algorithms: [defineAlgorithm('brotliCompress'), defineAlgorithm('gzip', { level: 9 })],
      include: /\.(js|css|svg|json|txt|webmanifest)$/,
      threshold: 1024,
    }),
    firstLoadBudget(),
  ],
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    sourcemap: false,
    // Vite 8's own minifier (Oxc) makes the first-load JavaScript 0.9 KB (gzipped) smaller than
    // terser with two passes did, in a fraction of the time (decision 0196; terser was 0155's choice
    // over esbuild's minifier).
    minify: 'oxc',
    chunkSizeWarningLimit: 600,
    // Every browser the shop supports follows <link rel="modulepreload"> (Safari since 17, Firefox
    // since 115); one without it loads the same chunks a moment later, so the polyfill is not sent.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      // tRPC's packages declare no sideEffects field, so the bundler keeps every module they re-export,
      // the WebSocket client included, which the shop never uses. They have none (decision 0147).
      treeshake: { moduleSideEffects: (id) => !/[\\/]node_modules[\\/]@trpc[\\/]/.test(id) },
      // Seven hash characters, the fewest Rolldown accepts for this many chunks: every name is in the
      // entry's preload table, which every page loads (0.1 KB gzipped less than eight; decision 0204).
      output: { chunkFileNames: 'assets/[hash:7].js' },
    },
  },
  server: {
    port: Number(process.env.VITE_PORT ?? 5173),
    proxy: Object.fromEntries(['/api', '/trpc', '/uploads', '/robots.txt', '/sitemap.xml'].map((p) => [p, api])),
  },
});
