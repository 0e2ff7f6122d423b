import { AlertTriangle, HardDrive } from 'lucide-react';
import { trpc } from '../../../lib/trpc';

/**
 * Above every back-office page while a disk the shop writes to is almost full or full (decision
 * 0162): the owner learns it here before shoppers' orders fail. Checked every minute, as the server
 * samples; the sentence comes from the server and names no path.
 */
export function DiskBanner() {
  const disk = trpc.admin.system.disk.useQuery(undefined, { refetchInterval: 60_000, staleTime: 30_000, retry: false });
  const state = disk.data;
  if (!state || state.level === 'ok' || !state.message) return null;
  const full = state.level === 'full';
  return (
    <section
      role="alert"
      data-testid="disk-banner"
      className={`mb-4 rounded-xl border p-4 text-sm ${full ? 'border-red-300 bg-red-50 text-red-900' : 'border-amber-300 bg-amber-50 text-amber-900'}`}
    >
      <h2 className="flex items-center gap-2 font-semibold">
        {full ? <AlertTriangle className="h-4 w-4" aria-hidden /> : <HardDrive className="h-4 w-4" aria-hidden />}
        {full ? 'The disk is full: changes cannot be saved' : 'The disk is almost full'}
      </h2>
      <p className="mt-1">{state.message}</p>
    </section>
  );
}
