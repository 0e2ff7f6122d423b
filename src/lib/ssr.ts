import { startTransition, useEffect, useState } from 'react';

// Pages the server rendered arrive with their query results in this script tag (JSON, with every
// "<" escaped so that no text in it can end the tag); main.tsx hydrates them instead of rendering.
export const SSR_STATE_ID = 'ssr-state';

let fromServer = false;

/** main.tsx calls this before hydrating a server-rendered page. */
export function markServerRendered(): void {
  fromServer = true;
}

/**
 * Whether the first render must match the server's HTML: then it is the anonymous shop (the server
 * never knows who is signed in), and what belongs to the person (stored session, recently viewed)
 * is read in effects after hydration.
 */
export const startedFromServer = (): boolean => fromServer;

/**
 * False on the server and during hydration, true once the page is live (and at once in a page the
 * browser renders by itself): for parts that only exist in the browser (the head tags React
 * manages, the chat), so that hydration sees exactly the server's HTML.
 *
 * The switch after hydration is a transition, not useSyncExternalStore's forced synchronous render:
 * that one made React finish hydrating every part of the page still waiting (each Suspense boundary
 * of the server's HTML) in one blocking task, the longest task of a page load (decision 0158).
 */
export function useHydrated(): boolean {
  // After a server-rendered start, a part mounted later (the next page's <Seo>) also begins as on the
  // server: its first render cannot tell whether it is hydrating. It shows nothing there either way.
  const [hydrated, setHydrated] = useState(() => typeof window !== 'undefined' && !fromServer);
  useEffect(() => {
    if (!hydrated) startTransition(() => setHydrated(true));
  }, [hydrated]);
  return hydrated;
}
