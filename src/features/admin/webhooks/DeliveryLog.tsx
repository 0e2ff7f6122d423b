import { Inbox, RotateCw } from 'lucide-react';
import { useState } from 'react';
import { toast } from '../../../lib/toast';
import { Button } from '../../../components/ui/Button';
import { Spinner } from '../../../components/ui/Spinner';
import { trpc } from '../../../lib/trpc';
import { Badge, EmptyState, ErrorBox, Modal, errorText } from '../ui';
import { DELIVERY_STATUS, when, type DeliveryStatus } from './labels';
import { Pager } from '../Pager';

/** The deliveries of one endpoint, newest first, refreshed while open; each opens its attempts. */
export function DeliveryLog({ endpointId }: { endpointId: string }) {
  const [status, setStatus] = useState<DeliveryStatus | ''>('');
  const [page, setPage] = useState(1);
  const [openId, setOpenId] = useState<string | null>(null);
  const list = trpc.admin.webhooks.deliveries.useQuery({ id: endpointId, page, ...(status ? { status } : {}) }, { refetchInterval: 5_000 });

  return (
    <div>
      <div className="mb-3 flex justify-end">
        <label className="flex items-center gap-2 text-sm text-slate-700">
          Status
          <select value={status} onChange={(e) => { setStatus(e.target.value as DeliveryStatus | ''); setPage(1); }} className="rounded-lg border border-slate-300 bg-white px-2 py-1.5 text-sm">
            <option value="">All</option>
            {Object.entries(DELIVERY_STATUS).map(([k, v]) => <option key={k} value={k}>{v.label}</option>)}
          </select>
        </label>
      </div>
      {list.error ? (
        <ErrorBox message={`Failed to load deliveries: ${errorText(list.error)}`} onRetry={() => list.refetch()} />
      ) : list.isLoading ? (
        <Spinner />
      ) : !list.data?.items.length ? (
        <EmptyState icon={<Inbox className="h-6 w-6" />} title="No deliveries yet" text="Events this endpoint subscribes to appear here as they happen. Send a test event to try it." />
      ) : (
        <>
          <ul className="divide-y divide-slate-100 overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm" aria-label="Deliveries">
            {list.data.items.map((d) => (
              <li key={d.id}>
                <button type="button" onClick={() => setOpenId(d.id)} className="flex w-full flex-wrap items-start justify-between gap-2 px-4 py-3 text-left hover:bg-slate-50">
                  <div className="min-w-0">
                    <p className="font-mono text-sm font-medium text-slate-900">{d.event_type}</p>
                    <p className="truncate text-xs text-slate-500">{d.resource} · {when(d.created_at)}</p>
                    {d.last_error && <p className="mt-1 break-all text-xs text-red-700">{d.last_error}</p>}
                    {d.status === 'pending' && d.attempts > 0 && <p className="mt-1 text-xs text-amber-800">Next attempt {when(d.next_attempt_at)}</p>}
                  </div>
                  <div className="flex items-center gap-2 text-xs text-slate-500">
                    {d.last_status_code != null && <span>HTTP {d.last_status_code}</span>}
                    <span>{d.attempts} attempt{d.attempts === 1 ? '' : 's'}</span>
                    <Badge tone={DELIVERY_STATUS[d.status].tone}>{DELIVERY_STATUS[d.status].label}</Badge>
                  </div>
                </button>
              </li>
            ))}
          </ul>
          <Pager page={page} pages={list.data.pages} total={list.data.total} onPage={setPage} label="deliveries" />
        </>
      )}
      {openId && <DeliveryDialog id={openId} onClose={() => setOpenId(null)} />}
    </div>
  );
}

function DeliveryDialog({ id, onClose }: { id: string; onClose(): void }) {
  const one = trpc.admin.webhooks.delivery.useQuery({ id }, { refetchInterval: 3_000 });
  const redeliver = trpc.admin.webhooks.redeliver.useMutation();
  const utils = trpc.useUtils();
  const d = one.data;

  async function onRedeliver() {
    try {
      await redeliver.mutateAsync({ id });
      toast.success('Queued to be delivered again');
      await Promise.all([utils.admin.webhooks.deliveries.invalidate(), utils.admin.webhooks.delivery.invalidate({ id })]);
    } catch (err) {
      toast.error(`Failed to redeliver: ${errorText(err)}`);
    }
  }

  return (
    <Modal title={d ? `Delivery of ${d.event_type}` : 'Delivery'} open onClose={onClose} wide>
      {one.error ? <ErrorBox message={`Failed to load the delivery: ${errorText(one.error)}`} /> : !d ? <Spinner /> : (
        <div className="space-y-4">
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            <dt className="text-slate-500">Status</dt>
            <dd><Badge tone={DELIVERY_STATUS[d.status].tone}>{DELIVERY_STATUS[d.status].label}</Badge>{d.delivered_at ? ` ${when(d.delivered_at)}` : ''}{d.status === 'pending' && d.attempts > 0 ? ` · next attempt ${when(d.next_attempt_at)}` : ''}</dd>
            <dt className="text-slate-500">webhook-id</dt><dd className="break-all font-mono text-xs">{d.event_id}</dd>
            <dt className="text-slate-500">Resource</dt><dd className="break-all">{d.resource}</dd>
          </dl>
          <Button type="button" variant="secondary" size="sm" onClick={onRedeliver} disabled={redeliver.isPending || d.status === 'sending'}>
            <RotateCw className="h-4 w-4" aria-hidden /> Redeliver
          </Button>
          <div>
            <h3 className="mb-1 text-sm font-semibold text-slate-900">Attempts ({d.attempt_log.length}, newest first)</h3>
            {!d.attempt_log.length ? <p className="text-sm text-slate-500">Not attempted yet.</p> : (
              <ol className="space-y-2" aria-label="Attempts">
                {d.attempt_log.map((a, i) => (
                  <li key={i} className="rounded-lg border border-slate-200 p-2 text-sm">
                    <p className="flex flex-wrap items-center gap-2">
                      {a.status_code != null ? <Badge tone={a.status_code >= 200 && a.status_code < 300 ? 'emerald' : 'red'}>HTTP {a.status_code}</Badge> : <Badge tone="red">No answer</Badge>}
                      <span className="text-slate-600">{when(a.started_at)} · {a.duration_ms} ms</span>
                    </p>
                    {a.error && <p className="mt-1 break-all text-red-700">{a.error}</p>}
                    {a.response_excerpt && <pre className="mt-1 max-h-32 overflow-auto whitespace-pre-wrap break-all rounded bg-slate-50 p-2 text-xs text-slate-700">{a.response_excerpt}</pre>}
                  </li>
                ))}
              </ol>
            )}
          </div>
          <div>
            <h3 className="mb-1 text-sm font-semibold text-slate-900">Body sent</h3>
            <pre className="max-h-64 overflow-auto whitespace-pre-wrap break-all rounded-lg bg-slate-50 p-3 text-xs text-slate-800">{pretty(d.payload)}</pre>
          </div>
        </div>
      )}
    </Modal>
  );
}

function pretty(body: string): string {
  try {
    return JSON.stringify(JSON.parse(body), null, 2);
  } catch {
    return body;
  }
}
