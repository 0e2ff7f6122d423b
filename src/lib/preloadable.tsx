import { use, type ComponentType } from 'react';

/**
 * A lazily loaded component whose code can be loaded ahead of rendering (`preload()`), unlike
 * React.lazy, which suspends on its first render however long ago its code arrived. A server-rendered
 * page preloads what it shows before hydrating (src/main.tsx), so hydrating it never suspends: a
 * part left waiting for its chunk would be rendered afresh by the browser if an update reached it
 * first (React's rule for a dehydrated Suspense boundary), throwing away what the shopper typed there.
 */
export function preloadable<P extends object>(load: () => Promise<{ default: ComponentType<P> }>) {
  let loaded: { default: ComponentType<P> } | undefined;
  let pending: Promise<{ default: ComponentType<P> }> | undefined;
  const preload = () =>
    (pending ??= load().then((m) => {
      loaded = m;
      return m;
    }));
  function Preloaded(props: P) {
    const { default: Component } = loaded ?? use(preload());
    return <Component {...props} />;
  }
  return Object.assign(Preloaded, { preload });
}
