import { useSyncExternalStore } from 'react';

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

const subscribe = () => () => undefined;

/**
 * False on the server and during hydration, true once the page is live (and at once in a page the
 * browser renders by itself): for parts that only exist in the browser (the head tags React
 * manages, the chat), so that hydration sees exactly the server's HTML.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
