import { build } from 'esbuild';

// Bundles the server's own code into dist/server/index.js; node_modules stay external.
await build({
  entryPoints: ['server/index.ts'],
  outfile: 'dist/server/index.js',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
console.log('Built dist/server/index.js');
