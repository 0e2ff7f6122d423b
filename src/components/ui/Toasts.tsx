import { lazy, Suspense, useEffect, useSyncExternalStore } from 'react';
import { loadToaster, onToasterLoaded, toasterLoaded } from '../../lib/toast';
import { whenIdle } from '../../lib/when-idle';

// The toast list is drawn by a chunk that loads with react-hot-toast (src/lib/toast.ts): on the
// first toast, or once the page has loaded and the browser is idle, so the first toast is not late.
const ToastList = lazy(() => import('./ToastList'));

export function Toasts() {
  const ready = useSyncExternalStore(onToasterLoaded, toasterLoaded, () => false);
  useEffect(() => whenIdle(() => void loadToaster(), 5000), []);
  return ready ? (
    <Suspense fallback={null}>
      <ToastList />
    </Suspense>
  ) : null;
}
