import './lib/zod-jitless';
import type { DehydratedState } from '@tanstack/react-query';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './App';
import { getGuestId } from './lib/session';
import { markServerRendered, SSR_STATE_ID } from './lib/ssr';
import { preloadTrpcTransport } from './lib/trpc';
import { whenIdle } from './lib/when-idle';
import { preloadRoute } from './routes';
import './index.css';

// Made (or a stale short one replaced, with the chat it owned) before any component reads the tab's storage.
getGuestId();

const container = document.getElementById('root')!;
const stateTag = document.getElementById(SSR_STATE_ID);

if (stateTag) {
  // A page the server rendered: its queries' results came with it. They count as fresh from now
  // (the page may have come from the server's cache), so nothing the page shows is fetched again.
  const state = JSON.parse(stateTag.textContent ?? '{}') as DehydratedState;
  const now = Date.now();
  for (const q of state.queries ?? []) q.state.dataUpdatedAt = now;
  markServerRendered();
  // The page's own chunk first, so that hydration never waits on it inside a Suspense boundary
  // (src/lib/preloadable.tsx says why that matters).
  void preloadRoute(window.location.pathname).finally(() => {
    startTransition(() => {
      hydrateRoot(
        container,
        <StrictMode>
          <App serverState={state} />
        </StrictMode>,
      );
    });
    // The page needs no call to show: tRPC's client comes once the tab is idle, before a click needs it.
    whenIdle(() => void preloadTrpcTransport().catch(() => undefined), 2000);
  });
} else {
  // Pages for signed-in people (checkout, account, back office), login, quick order and the dev server.
  // Their first render asks for data: tRPC's client is fetched beside the page's chunk, not after it.
  void preloadTrpcTransport().catch(() => undefined);
  // A page whose code can be preloaded (the back office with the page at its address) is rendered
  // once that code is here: its first render would otherwise suspend, and React holds a shown
  // fallback ~300 ms before the page replaces it (issue 38, point 18). Others render at once.
  void preloadRoute(window.location.pathname)
    .catch(() => undefined)
    .finally(() => {
      createRoot(container).render(
        <StrictMode>
          <App />
        </StrictMode>,
      );
    });
}
