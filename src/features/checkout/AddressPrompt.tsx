import { MapPin } from 'lucide-react';
import { Button } from '../../components/ui/Button';
import { useModalDialog } from '../../components/ui/useModalDialog';

/** Offered after 1 s to a signed-in shopper with no saved address (docs/spec/storefront.md section 4). */
export function AddressPrompt({ onAdd, onSkip }: { onAdd(): void; onSkip(): void }) {
  const ref = useModalDialog();
  return (
    <dialog ref={ref} onCancel={(e) => { e.preventDefault(); onSkip(); }} aria-labelledby="address-prompt-title" className="m-auto w-[calc(100%-2rem)] max-w-md rounded-xl p-6 shadow-xl backdrop:bg-slate-900/50">
      <div className="flex items-start gap-3">
        <span className="flex h-10 w-10 flex-none items-center justify-center rounded-full bg-emerald-100">
          <MapPin className="h-5 w-5 text-emerald-700" aria-hidden />
        </span>
        <div>
          <h2 id="address-prompt-title" className="text-lg font-semibold text-slate-900">
            Save a delivery address?
          </h2>
          <p className="mt-1 text-sm text-slate-600">You have no saved address yet. Add one now and checkout will be faster next time.</p>
        </div>
      </div>
      <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onSkip}>
          Continue without saving
        </Button>
        <Button onClick={onAdd}>Add Address</Button>
      </div>
    </dialog>
  );
}
