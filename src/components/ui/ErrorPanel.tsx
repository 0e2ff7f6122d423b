import { RefreshCw, TriangleAlert } from 'lucide-react';
import { useState } from 'react';
import { Button } from './Button';

/**
 * What a page shows when its data could not be loaded (through ErrorState, which loads it): never an "empty" message that would tell the
 * shopper something false ("Your cart is empty"), but what happened and a way to try again.
 */
export default function ErrorPanel({ title, message = 'Please check your connection and try again.', onRetry, className = '' }: { title: string; message?: string; onRetry(): unknown; className?: string }) {
  const [busy, setBusy] = useState(false);
  const retry = async () => {
    setBusy(true);
    try {
      await onRetry();
    } finally {
      setBusy(false);
    }
  };
  return (
    <div role="alert" data-testid="error-state" className={`flex flex-col items-center rounded-xl border border-red-200 bg-red-50 px-6 py-12 text-center ${className}`}>
      <TriangleAlert className="h-10 w-10 text-red-500" aria-hidden />
      <h2 className="mt-3 text-lg font-semibold text-slate-900">{title}</h2>
      <p className="mt-1 text-sm text-slate-700">{message}</p>
      <Button className="mt-5" onClick={() => void retry()} disabled={busy}>
        <RefreshCw className={`h-4 w-4 ${busy ? 'animate-spin' : ''}`} aria-hidden /> {busy ? 'Trying again...' : 'Try again'}
      </Button>
    </div>
  );
}
