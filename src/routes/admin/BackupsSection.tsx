import { Download, HardDriveDownload } from 'lucide-react';
import { useState } from 'react';
import { toast } from '../../lib/toast';
import { formatAge, formatBytes } from '../../../shared/domain/backups';
import type { BackupRow } from '../../../shared/schemas/backups.schema';
import { Button } from '../../components/ui/Button';
import { Spinner } from '../../components/ui/Spinner';
import { Badge, Card, EmptyState, ErrorBox, errorText, longDateTime } from '../../features/admin/ui';
import { downloadFile } from '../../lib/download';
import { trpc } from '../../lib/trpc';

const STATUS: Record<BackupRow['status'], { label: string; tone: 'emerald' | 'red' | 'slate' }> = {
  good: { label: 'Verified', tone: 'emerald' },
  damaged: { label: 'Damaged', tone: 'red' },
  unchecked: { label: 'Not verified yet', tone: 'slate' },
};

/** Settings -> Backups: the shop's own backups in BACKUP_DIR, one on demand, and downloads (admin only). */
export function BackupsSection() {
  const list = trpc.admin.backups.list.useQuery(undefined, { refetchInterval: (q) => (q.state.data?.running ? 3_000 : false) });
  const create = trpc.admin.backups.create.useMutation();
  const utils = trpc.useUtils();
  const [downloading, setDownloading] = useState<string | null>(null);
  const now = new Date();

  async function backUpNow() {
    const id = toast.loading('Taking a backup… the shop keeps taking orders meanwhile.');
    try {
      const row = await create.mutateAsync({});
      toast.success(`Backup taken: ${row.file_name} (${formatBytes(row.bytes)}), verified`, { id });
    } catch (err) {
      toast.error(`Backup failed: ${errorText(err)}`, { id });
    } finally {
      await Promise.all([utils.admin.backups.list.invalidate(), utils.admin.setup.checklist.invalidate()]);
      await utils.admin.backups.list.refetch();
    }
  }

  async function download(row: BackupRow) {
    setDownloading(row.id);
    try {
      await downloadFile(`/admin/backups/${encodeURIComponent(row.id)}/download`, row.file_name);
    } catch (err) {
      toast.error(`Download failed: ${errorText(err)}`);
    } finally {
      setDownloading(null);
    }
  }

  const d = list.data;
  return (
    <section aria-labelledby="backups-title" className="mt-10 space-y-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 flex-1">
          <h2 id="backups-title" className="text-lg font-semibold text-slate-900">Backups</h2>
          <p className="text-sm text-slate-600">
            Each backup is one file with the whole database, the uploaded images and a checksum. Keep a copy away from this machine;{' '}
            <code className="rounded bg-slate-100 px-1">npm run db:restore -- FILE</code> puts a shop back from it.
          </p>
        </div>
        {d?.enabled && (
          <Button type="button" onClick={backUpNow} disabled={create.isPending || d.running}>
            <HardDriveDownload className="h-4 w-4" aria-hidden /> {create.isPending || d.running ? 'Backing up…' : 'Back up now'}
          </Button>
        )}
      </div>

      {list.error ? (
        <ErrorBox message={`Failed to load backups: ${errorText(list.error)}`} onRetry={() => list.refetch()} />
      ) : list.isLoading || !d ? (
        <Spinner label="Loading backups..." />
      ) : !d.enabled ? (
        <Card className="text-sm text-slate-700">
          Automatic backups are off (<code className="rounded bg-slate-100 px-1">BACKUP_DIR=off</code>). Back the shop up with{' '}
          <code className="rounded bg-slate-100 px-1">npm run db:backup</code> instead.
        </Card>
      ) : (
        <>
          {d.warning && (
            <div role="alert" className="rounded-xl border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
              {d.warning.message}
            </div>
          )}
          <p className="text-sm text-slate-600" data-testid="backup-schedule">
            {d.schedule && (
              <>
                Daily at {String(d.schedule.hour).padStart(2, '0')}:00 ({d.schedule.time_zone.replace('_', ' ')}), keeping {d.schedule.keep_daily} daily and {d.schedule.keep_weekly} weekly.
                {d.schedule.next_run_at && ` Next: ${longDateTime(d.schedule.next_run_at)}.`}
              </>
            )}
            {d.last_attempt && (
              <>
                {' '}Last attempt {longDateTime(d.last_attempt.at)}: {d.last_attempt.ok ? 'written and verified.' : <span className="font-medium text-red-700">failed ({d.last_attempt.error}).</span>}
              </>
            )}
          </p>
          {d.backups.length === 0 ? (
            <EmptyState title="No backups yet" text="The shop takes one a couple of minutes after it starts, then one a day. Take one now with Back up now." />
          ) : (
            <ul aria-label="Backups" className="divide-y divide-slate-100 overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm">
              {d.backups.map((b) => (
                <li key={b.id} data-testid="backup-row" className="flex flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3">
                  <div className="min-w-0 flex-1">
                    <p className="font-medium text-slate-900">
                      {longDateTime(b.created_at)} <Badge tone={STATUS[b.status].tone}>{STATUS[b.status].label}</Badge>
                    </p>
                    <p className="text-sm text-slate-500">
                      {formatBytes(b.bytes)} · {formatAge(new Date(b.created_at), now)} · <span className="break-all font-mono text-xs">{b.file_name}</span>
                    </p>
                    {b.problem && <p className="mt-1 text-sm text-red-700">{b.problem}</p>}
                  </div>
                  <Button type="button" variant="outline" size="sm" onClick={() => download(b)} disabled={downloading === b.id} aria-label={`Download the backup of ${longDateTime(b.created_at)}`}>
                    <Download className="h-4 w-4" aria-hidden /> {downloading === b.id ? 'Downloading…' : 'Download'}
                  </Button>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}
