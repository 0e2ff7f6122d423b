import { ChevronRight, Webhook } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link } from '../../../lib/router';
import { toast } from '../../../lib/toast';
import { Button } from '../../../components/ui/Button';
import { Spinner } from '../../../components/ui/Spinner';
import { trpc } from '../../../lib/trpc';
import { Badge, Card, EmptyState, ErrorBox, errorText, inputClass, labelClass } from '../ui';
import { EventPicker } from './EventPicker';
import { SecretBox } from './SecretBox';
import type { WebhookEvent } from './labels';

/** Settings -> Webhooks: the receivers integrators registered, and registering a new one. */
export default function WebhooksSection() {
  const list = trpc.admin.webhooks.list.useQuery(undefined, { refetchInterval: 15_000 });
  const create = trpc.admin.webhooks.create.useMutation();
  const utils = trpc.useUtils();
  const [url, setUrl] = useState('');
  const [description, setDescription] = useState('');
  const [events, setEvents] = useState<WebhookEvent[]>([]);
  const [created, setCreated] = useState<{ id: string; url: string; secret: string } | null>(null);

  async function submit(e: FormEvent) {
    e.preventDefault();
    try {
      const ep = await create.mutateAsync({ url, description, events, active: true });
      setCreated({ id: ep.id, url: ep.url, secret: ep.secret });
      setUrl('');
      setDescription('');
      setEvents([]);
      toast.success('Webhook endpoint added');
      await utils.admin.webhooks.list.invalidate();
    } catch (err) {
      toast.error(errorText(err));
    }
  }

  return (
    <section aria-labelledby="webhooks-title" className="mt-10 space-y-4">
      <div>
        <h2 id="webhooks-title" className="text-lg font-semibold text-slate-900">Webhooks</h2>
        <p className="text-sm text-slate-600">
          The shop POSTs each event to your endpoints as JSON, signed the Standard Webhooks way (<code className="rounded bg-slate-100 px-1">webhook-id</code>,{' '}
          <code className="rounded bg-slate-100 px-1">webhook-timestamp</code>, <code className="rounded bg-slate-100 px-1">webhook-signature</code>), and retries failures for more than a day.
        </p>
      </div>

      {created && (
        <Card className="border-amber-300 bg-amber-50">
          <p className="font-medium text-amber-900">Endpoint added for {created.url}. Give its signing secret to the receiver so it can verify deliveries:</p>
          <SecretBox secret={created.secret} testId="new-webhook-secret" />
          <div className="mt-2 flex flex-wrap gap-2">
            <Link to={`/admin/settings/webhooks/${created.id}`} className="text-sm font-medium text-emerald-700 underline">Manage this endpoint</Link>
            <Button type="button" variant="ghost" size="sm" onClick={() => setCreated(null)}>Done</Button>
          </div>
        </Card>
      )}

      <Card>
        <form onSubmit={submit} className="space-y-3" aria-label="Add a webhook endpoint">
          <label className={labelClass}>
            Endpoint URL
            <input value={url} onChange={(e) => setUrl(e.target.value)} type="url" inputMode="url" maxLength={2000} placeholder="https://erp.example.com/hooks/packshop" className={inputClass} />
          </label>
          <label className={labelClass}>
            Description <span className="font-normal text-slate-500">(optional)</span>
            <input value={description} onChange={(e) => setDescription(e.target.value)} maxLength={200} placeholder="e.g. Warehouse ERP" className={inputClass} />
          </label>
          <EventPicker value={events} onChange={setEvents} />
          <Button type="submit" disabled={create.isPending}>
            <Webhook className="h-4 w-4" aria-hidden /> Add endpoint
          </Button>
        </form>
      </Card>

      {list.error ? (
        <ErrorBox message={`Failed to load webhooks: ${errorText(list.error)}`} onRetry={() => list.refetch()} />
      ) : list.isLoading ? (
        <Spinner />
      ) : !list.data?.length ? (
        <EmptyState title="No webhook endpoints yet" text="Add one above for each system that should hear about orders, stock or products." />
      ) : (
        <ul className="divide-y divide-slate-100 overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm">
          {list.data.map((w) => (
            <li key={w.id}>
              <Link to={`/admin/settings/webhooks/${w.id}`} className="flex items-center gap-3 px-4 py-3 hover:bg-slate-50" aria-label={`Manage ${w.url}`}>
                <div className="min-w-0 flex-1">
                  <p className="flex flex-wrap items-center gap-2 font-medium text-slate-900">
                    <span className="break-all">{w.url}</span>
                    {w.active ? <Badge tone="emerald">Active</Badge> : <Badge>Disabled</Badge>}
                    {w.failed > 0 && <Badge tone="red">{w.failed} failed</Badge>}
                    {w.waiting > 0 && <Badge tone="amber">{w.waiting} waiting</Badge>}
                  </p>
                  {w.description && <p className="text-sm text-slate-600">{w.description}</p>}
                  <p className="mt-1 flex flex-wrap gap-1">{w.events.map((e) => <Badge key={e} tone="sky">{e}</Badge>)}</p>
                </div>
                <ChevronRight className="h-5 w-5 shrink-0 text-slate-400" aria-hidden />
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
