import { Mail, MailOpen, Reply } from 'lucide-react';
import { useState } from 'react';
import { toast } from '../../lib/toast';
import { useSearchParams } from '../../lib/router';
import { SentEmailPanel } from '../../features/admin/emails/SentEmailPanel';
import { useAuth } from '../../features/auth/AuthProvider';
import { Spinner } from '../../components/ui/Spinner';
import { EmptyState, ErrorBox, PageHeader, TabBar, errorText, longDateTime } from '../../features/admin/ui';
import { SHOP_NAME } from '../../../shared/constants';
import { mayCall } from '../../../shared/domain/permissions';
import { trpc } from '../../lib/trpc';

/**
 * A reply in the staff member's own mail client, the customer's message quoted below: the shop
 * sends no mail of its own from this screen (docs/decisions/0114-back-office-display.md).
 */
function replyHref(m: { name: string; email: string; message: string; created_at: string }): string {
  const quoted = m.message.split(/\r?\n/).map((line) => `> ${line}`).join('\n');
  const body = `Hi ${m.name},\n\n\n\nOn ${longDateTime(m.created_at)}, ${m.name} wrote:\n${quoted}\n\n-- \n${SHOP_NAME}`;
  return `mailto:${encodeURIComponent(m.email)}?subject=${encodeURIComponent(`Re: your message to ${SHOP_NAME}`)}&body=${encodeURIComponent(body)}`;
}

export default function MessagesPage() {
  const [params, setParams] = useSearchParams();
  // Sent e-mail is customers' mail (account mail included): the owner's only (docs/security.md).
  const readsMail = mayCall(useAuth().user?.role, 'GET /admin/emails');
  const tab = readsMail && params.get('tab') === 'email' ? 'email' : 'contact';
  const tabs = readsMail ? ([['contact', 'Contact form'], ['email', 'Sent e-mail']] as const) : ([['contact', 'Contact form']] as const);
  return (
    <div>
      <TabBar label="Messages" tabs={tabs} selected={tab} onSelect={(id) => setParams(id === 'email' ? { tab: 'email' } : {}, { replace: true })} />
      {tab === 'email' ? (
        <>
          <PageHeader title="Sent e-mail" />
          <SentEmailPanel />
        </>
      ) : (
        <ContactMessages />
      )}
    </div>
  );
}

function ContactMessages() {
  const [unreadOnly, setUnreadOnly] = useState(false);
  const list = trpc.admin.contact.list.useQuery(unreadOnly ? { unread_only: 'true' } : undefined);
  const mark = trpc.admin.contact.mark.useMutation();
  const utils = trpc.useUtils();

  async function toggle(id: string, is_read: boolean) {
    try {
      await mark.mutateAsync({ id, is_read });
      await Promise.all([utils.admin.contact.list.invalidate(), utils.admin.dashboard.stats.invalidate()]);
    } catch (err) {
      toast.error(`Failed to update message: ${errorText(err)}`);
    }
  }

  return (
    <div>
      <PageHeader
        title="Messages"
        subtitle={list.data ? `${list.data.unread} unread` : undefined}
        actions={
          <label className="flex items-center gap-2 text-sm text-slate-700">
            <input type="checkbox" checked={unreadOnly} onChange={(e) => setUnreadOnly(e.target.checked)} className="h-4 w-4 accent-emerald-600" /> Unread only
          </label>
        }
      />
      {list.error ? <ErrorBox message={`Failed to load messages: ${errorText(list.error)}`} onRetry={() => list.refetch()} /> : list.isLoading ? <Spinner /> : !list.data?.items.length ? (
        <EmptyState icon={<Mail className="h-6 w-6" />} title="No messages" text={unreadOnly ? 'Everything has been read.' : 'Contact form messages appear here.'} />
      ) : (
        <ul className="space-y-3">
          {list.data.items.map((m) => (
            <li key={m.id} className={`rounded-xl border bg-white p-4 shadow-sm ${m.is_read ? 'border-slate-200' : 'border-emerald-300'}`}>
              <div className="flex flex-wrap items-start justify-between gap-2">
                <div>
                  <p className={`text-slate-900 ${m.is_read ? '' : 'font-semibold'}`}>{m.name} <a href={`mailto:${m.email}`} className="text-sm font-normal text-emerald-700 hover:underline">{m.email}</a></p>
                  <p className="text-xs text-slate-500">{longDateTime(m.created_at)}</p>
                </div>
                <div className="flex gap-2">
                  <a
                    href={replyHref(m)}
                    onClick={() => !m.is_read && void toggle(m.id, true)}
                    className="inline-flex items-center gap-1 rounded-lg bg-emerald-600 px-2 py-1 text-xs font-semibold text-white hover:bg-emerald-700"
                    data-testid="reply"
                  >
                    <Reply className="h-3.5 w-3.5" aria-hidden /> Reply
                  </a>
                  <button type="button" onClick={() => toggle(m.id, !m.is_read)} className="inline-flex items-center gap-1 rounded-lg px-2 py-1 text-xs font-semibold text-slate-600 ring-1 ring-slate-200 hover:bg-slate-50">
                    {m.is_read ? <><Mail className="h-3.5 w-3.5" aria-hidden /> Mark unread</> : <><MailOpen className="h-3.5 w-3.5" aria-hidden /> Mark read</>}
                  </button>
                </div>
              </div>
              <p className="mt-2 whitespace-pre-line text-sm text-slate-700">{m.message}</p>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
