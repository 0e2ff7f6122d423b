import react from '@vitejs/plugin-react';
import { build } from 'vite';

// Vite's SSR build of src/entry-server.tsx into dist/ssr (server/pages/ssr.ts loads it): the same
// components as the client build, for Node. Its own config: the client's compression and budget
// plugins are for files a browser downloads. Packages stay external, resolved from node_modules.
await build({
  configFile: false,
  logLevel: 'warn',
  plugins: [react()],
  publicDir: false,
  build: {
    ssr: 'src/entry-server.tsx',
    outDir: 'dist/ssr',
    emptyOutDir: true,
    target: 'node20',
    sourcemap: true,
    rolldownOptions: { output: { entryFileNames: 'entry-server.js' } },
  },
});
console.log('Built dist/ssr/entry-server.js');
