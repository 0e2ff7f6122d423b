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
  },
  server: {
    port: Number(process.env.VITE_PORT ?? 5173),
    proxy: Object.fromEntries(['/api', '/trpc', '/uploads', '/robots.txt', '/sitemap.xml'].map((p) => [p, api])),
  },
});
