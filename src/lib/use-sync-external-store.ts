// What `use-sync-external-store/shim/index.js` resolves to in the browser build (vite.config.ts):
// React's own hook, which the shim would wrap in fallback code for React 17.
export { useSyncExternalStore } from 'react';
