import { Suspense } from 'react';
import { preloadable } from '../../lib/preloadable';
import { whenIdle } from '../../lib/when-idle';
import { Spinner } from './Spinner';

type Props = { title: string; message?: string; onRetry(): unknown; className?: string };

// The panel (with its icons) is shown only when a page's data could not be loaded, so it is not part
// of any page's first load (issue 38 point 12, decision 0204). It is fetched once the tab is idle, so
// a connection lost later still finds it there; until then a failure shows the spinner for a moment.
const ErrorPanel = preloadable<Props>(() => import('./ErrorPanel'));
if (typeof window !== 'undefined') whenIdle(() => void ErrorPanel.preload().catch(() => undefined), 5000);

/**
 * What a page shows when its data could not be loaded: never an "empty" message that would tell the
 * shopper something false ("Your cart is empty"), but what happened and a way to try again.
 */
export function ErrorState(props: Props) {
  return (
    <Suspense fallback={<Spinner label="Loading..." />}>
      <ErrorPanel {...props} />
    </Suspense>
  );
}
