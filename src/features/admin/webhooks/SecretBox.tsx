import { Copy } from 'lucide-react';
import { toast } from '../../../lib/toast';
import { Button } from '../../../components/ui/Button';

/** A signing secret with a copy button. */
export function SecretBox({ secret, testId }: { secret: string; testId?: string }) {
  return (
    <div className="mt-2 flex flex-wrap items-center gap-2">
      <code data-testid={testId} className="min-w-0 flex-1 break-all rounded bg-white px-2 py-1.5 text-sm ring-1 ring-slate-200">{secret}</code>
      <Button
        type="button"
        variant="secondary"
        size="sm"
        onClick={() => navigator.clipboard?.writeText(secret).then(() => toast.success('Secret copied'), () => toast.error('Copy failed: select the secret and copy it by hand'))}
      >
        <Copy className="h-4 w-4" aria-hidden /> Copy
      </Button>
    </div>
  );
}
