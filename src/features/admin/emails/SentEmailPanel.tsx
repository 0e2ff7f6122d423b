import { Inbox, RotateCw } from 'lucide-react';
import { useState } from 'react';
import { toast } from '../../../lib/toast';
import { Spinner } from '../../../components/ui/Spinner';
import { trpc } from '../../../lib/trpc';
import { Badge, EmptyState, ErrorBox, Modal, errorText } from '../ui';
import { Pager } from '../Pager';
import { formatShopDateTime } from '../../../../shared/domain/shop-time';

type Status = 'pending' | 'sending' | 'sent' | 'failed' | 'kept';

const STATUS: Record<Status, { label: string; tone: 'slate' | 'emerald' | 'amber' | 'red' | 'sky' }> = {
  pending: { label: 'Pending', tone: 'amber' },
  sending: { label: 'Sending', tone: 'sky' },
  sent: { label: 'Sent', tone: 'emerald' },
  failed: { label: 'Failed', tone: 'red' },
  kept: { label: 'Kept (no SMTP)', tone: 'slate' },
};

// In Singapore time whatever the browser's zone (a laptop set to UTC showed UTC here, issue 38).
const when = (iso: string) => formatShopDateTime(iso);

/** Messages > Sent e-mail: the outbox, each message as the customer sees it, and a resend button. */
export function SentEmailPanel() {
  const [status, setStatus] = useState<Status | ''>('');
  const [page, setPage] = useState(1);
  const [openId, setOpenId] = useState<string | null>(null);
  const list = trpc.admin.emails.list.useQuery({ page, ...(status ? { status } : {}) }, { refetchInterval: 10_000 });

  return (
    <div>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-slate-600">
          {list.data && !list.data.smtp_configured
            ? 'No mail server is configured (SMTP_URL), so e-mails are kept here instead of being delivered.'
            : 'E-mails the shop sent or is about to send.'}
        </p>
        <label className="flex items-center gap-2 text-sm text-slate-700">
          Status
          <select value={status} onChange={(e) => { setStatus(e.target.value as Status | ''); setPage(1); }} className="rounded-lg border border-slate-300 bg-white px-2 py-1.5 text-sm">
            <option value="">All</option>
            {Object.entries(STATUS).map(([k, v]) => <option key={k} value={k}>{v.label}</option>)}
          </select>
        </label>
      </div>
      {list.error ? <ErrorBox message={`Failed to load e-mails: ${errorText(list.error)}`} onRetry={() => list.refetch()} /> : list.isLoading ? <Spinner /> : !list.data?.items.length ? (
        <EmptyState icon={<Inbox className="h-6 w-6" />} title="No e-mails yet" text="Order confirmations, status updates and password resets appear here." />
      ) : (
        <>
          <ul className="divide-y divide-slate-100 overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm">
            {list.data.items.map((m) => (
              <li key={m.id}>
                <button type="button" onClick={() => setOpenId(m.id)} className="flex w-full flex-wrap items-start justify-between gap-2 px-4 py-3 text-left hover:bg-slate-50">
                  <div className="min-w-0">
                    <p className="truncate font-medium text-slate-900">{m.subject}</p>
                    <p className="truncate text-sm text-slate-600">To {m.to} · {when(m.created_at)}</p>
                    {m.last_error && <p className="mt-1 text-xs text-red-700">Last error: {m.last_error}</p>}
                  </div>
                  <div className="flex items-center gap-2 text-xs text-slate-500">
                    <span>{m.attempts} attempt{m.attempts === 1 ? '' : 's'}</span>
                    <Badge tone={STATUS[m.status].tone}>{STATUS[m.status].label}</Badge>
                  </div>
                </button>
              </li>
            ))}
          </ul>
          <Pager page={page} pages={list.data.pages} total={list.data.total} onPage={setPage} label="messages" />
        </>
      )}
      {openId && <EmailDialog id={openId} onClose={() => setOpenId(null)} />}
    </div>
  );
}

function EmailDialog({ id, onClose }: { id: string; onClose(): void }) {
  const [view, setView] = useState<'html' | 'text'>('html');
  const one = trpc.admin.emails.get.useQuery({ id });
  const resend = trpc.admin.emails.resend.useMutation();
  const utils = trpc.useUtils();
  const m = one.data;

  async function onResend() {
    try {
      await resend.mutateAsync({ id });
      toast.success('E-mail queued to be sent again');
      await Promise.all([utils.admin.emails.list.invalidate(), utils.admin.emails.get.invalidate({ id })]);
    } catch (err) {
      toast.error(`Failed to resend: ${errorText(err)}`);
    }
  }

  return (
    <Modal title={m?.subject ?? 'E-mail'} open onClose={onClose} wide>
      {one.error ? <ErrorBox message={`Failed to load the e-mail: ${errorText(one.error)}`} /> : !m ? <Spinner /> : (
        <div className="space-y-3">
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            <dt className="text-slate-500">To</dt><dd className="break-all">{m.to}</dd>
            <dt className="text-slate-500">Status</dt><dd><Badge tone={STATUS[m.status].tone}>{STATUS[m.status].label}</Badge> {m.attempts} attempt{m.attempts === 1 ? '' : 's'}{m.sent_at ? `, sent ${when(m.sent_at)}` : ''}</dd>
            {m.last_error && <><dt className="text-slate-500">Last error</dt><dd className="text-red-700">{m.last_error}</dd></>}
          </dl>
          <div className="flex items-center justify-between gap-2">
            <div role="tablist" className="inline-flex rounded-lg bg-slate-100 p-0.5 text-sm">
              {(['html', 'text'] as const).map((v) => (
                <button key={v} role="tab" aria-selected={view === v} type="button" onClick={() => setView(v)} className={`rounded-md px-3 py-1 ${view === v ? 'bg-white font-semibold shadow-sm' : 'text-slate-600'}`}>
                  {v === 'html' ? 'As the customer sees it' : 'Plain text'}
                </button>
              ))}
            </div>
            <button type="button" onClick={onResend} disabled={resend.isPending || m.status === 'sending'} className="inline-flex items-center gap-1 rounded-lg bg-slate-900 px-3 py-1.5 text-sm font-semibold text-white hover:bg-slate-700 disabled:opacity-50">
              <RotateCw className="h-4 w-4" aria-hidden /> Resend
            </button>
          </div>
          {view === 'html' ? (
            // sandbox without scripts: the e-mail's HTML is shown, never run.
            <iframe title="E-mail preview" sandbox="" srcDoc={m.html} className="h-[60vh] w-full rounded-lg border border-slate-200" />
          ) : (
            <pre className="max-h-[60vh] overflow-auto whitespace-pre-wrap rounded-lg bg-slate-50 p-3 text-xs text-slate-800">{m.text}</pre>
          )}
        </div>
      )}
    </Modal>
  );
}
