import type { Renderable, ToastOptions } from 'react-hot-toast';

// react-hot-toast and its CSS-in-JS are a few KB gzipped that no page needs to show itself: they load
// when the first toast is asked for (or when the browser is idle after the page has loaded), not with
// the page (decision 0147). Same calls as react-hot-toast's `toast`; ids are made here so that a caller
// gets one back at once, as before.

type HotToast = (typeof import('react-hot-toast'))['default'];
type Kind = 'success' | 'error' | 'loading';

let loaded: HotToast | undefined;
let loading: Promise<HotToast> | undefined;
const listeners = new Set<() => void>();
let sequence = 0;

/** Starts loading the toaster (once); resolves with react-hot-toast's `toast`. */
export function loadToaster(): Promise<HotToast> {
  loading ??= import('react-hot-toast').then((m) => {
    loaded = m.default;
    listeners.forEach((listener) => listener());
    return loaded;
  });
  return loading;
}

export const toasterLoaded = () => loaded !== undefined;

/** Called once the toaster has loaded (for the component that renders the toasts). */
export function onToasterLoaded(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function withToaster(run: (t: HotToast) => void) {
  if (loaded) run(loaded);
  else void loadToaster().then(run);
}

function show(kind: Kind | undefined, message: Renderable, options?: ToastOptions): string {
  const id = options?.id ?? `toast-${++sequence}`;
  withToaster((t) => (kind ? t[kind](message, { ...options, id }) : t(message, { ...options, id })));
  return id;
}

export const toast = Object.assign((message: Renderable, options?: ToastOptions) => show(undefined, message, options), {
  success: (message: Renderable, options?: ToastOptions) => show('success', message, options),
  error: (message: Renderable, options?: ToastOptions) => show('error', message, options),
  loading: (message: Renderable, options?: ToastOptions) => show('loading', message, options),
  dismiss: (id?: string) => withToaster((t) => t.dismiss(id)),
});
