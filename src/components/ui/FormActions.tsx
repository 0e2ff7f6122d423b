import { Button } from './Button';

/**
 * The end of a form in a dialog or a panel: Cancel closes it without saving, the submit button saves and says
 * "Saving..." while it does (and cannot be pressed twice).
 */
export function FormActions({ onCancel, busy, saveLabel, canSave = true, className }: { onCancel(): void; busy: boolean; saveLabel: string; canSave?: boolean; className?: string }) {
  return (
    <div className={['flex justify-end gap-2', className].filter(Boolean).join(' ')}>
      <Button variant="outline" onClick={onCancel}>
        Cancel
      </Button>
      <Button type="submit" disabled={busy || !canSave}>
        {busy ? 'Saving...' : saveLabel}
      </Button>
    </div>
  );
}
