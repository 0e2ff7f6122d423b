import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { firstLoadBudget } from './scripts/vite-first-load';

const api = `http://127.0.0.1:${process.env.API_PORT ?? 3000}`;

export default defineConfig({
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
    chunkSizeWarningLimit: 600,
    // Every browser the shop supports follows <link rel="modulepreload"> (Safari since 17, Firefox
    // since 115); one without it loads the same chunks a moment later, so the polyfill is not sent.
    modulePreload: { polyfill: false },
    rollupOptions: {
      // tRPC's packages declare no sideEffects field, so Rollup keeps every module they re-export,
      // the WebSocket client included, which the shop never uses. They have none (decision 0147).
      treeshake: { moduleSideEffects: (id) => !/[\\/]node_modules[\\/]@trpc[\\/]/.test(id) },
    },
  },
  server: {
    port: Number(process.env.VITE_PORT ?? 5173),
    proxy: Object.fromEntries(['/api', '/trpc', '/uploads', '/robots.txt', '/sitemap.xml'].map((p) => [p, api])),
  },
});
