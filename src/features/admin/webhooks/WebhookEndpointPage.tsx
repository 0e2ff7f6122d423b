import { ArrowLeft, KeyRound, Send, Trash2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from '../../../lib/router';
import { toast } from '../../../lib/toast';
import { Button } from '../../../components/ui/Button';
import { Spinner } from '../../../components/ui/Spinner';
import { trpc } from '../../../lib/trpc';
import { Badge, Card, ErrorBox, PageHeader, errorText, inputClass, labelClass, longDateTime } from '../ui';
import { DeliveryLog } from './DeliveryLog';
import { EventPicker } from './EventPicker';
import { SecretBox } from './SecretBox';
import type { WebhookEvent } from './labels';

/** Settings -> Webhooks -> one endpoint: its events, its secret, a test event and the delivery log. */
export default function WebhookEndpointPage() {
  const { id = '' } = useParams();
  const one = trpc.admin.webhooks.get.useQuery({ id });
  const w = one.data;
  return (
    <div>
      <Link to="/admin/settings" className="mb-3 inline-flex items-center gap-1 text-sm text-emerald-700 hover:underline">
        <ArrowLeft className="h-4 w-4" aria-hidden /> Settings
      </Link>
      {one.error ? (
        <ErrorBox message={`Failed to load the endpoint: ${errorText(one.error)}`} onRetry={() => one.refetch()} />
      ) : !w ? (
        <Spinner />
      ) : (
        <>
          <PageHeader title="Webhook endpoint" subtitle={<span className="break-all">{w.url}</span>} actions={w.active ? <Badge tone="emerald">Active</Badge> : <Badge>Disabled</Badge>} />
          <div className="space-y-6">
            <EndpointSettings endpoint={w} />
            <SigningSecret id={w.id} active={w.active} />
            <section aria-labelledby="deliveries-title">
              <h2 id="deliveries-title" className="mb-2 text-lg font-semibold text-slate-900">Deliveries</h2>
              <DeliveryLog endpointId={w.id} />
            </section>
          </div>
        </>
      )}
    </div>
  );
}

type Endpoint = { id: string; url: string; description: string; events: string[]; active: boolean; created_by: string | null; created_at: string };

function EndpointSettings({ endpoint: w }: { endpoint: Endpoint }) {
  const update = trpc.admin.webhooks.update.useMutation();
  const remove = trpc.admin.webhooks.delete.useMutation();
  const utils = trpc.useUtils();
  const navigate = useNavigate();
  const [url, setUrl] = useState(w.url);
  const [description, setDescription] = useState(w.description);
  const [events, setEvents] = useState<WebhookEvent[]>(w.events as WebhookEvent[]);
  const [active, setActive] = useState(w.active);
  useEffect(() => {
    setUrl(w.url);
    setDescription(w.description);
    setEvents(w.events as WebhookEvent[]);
    setActive(w.active);
  }, [w]);

  async function save() {
    try {
      await update.mutateAsync({ id: w.id, url, description, events, active });
      toast.success('Webhook endpoint saved');
      await Promise.all([utils.admin.webhooks.get.invalidate({ id: w.id }), utils.admin.webhooks.list.invalidate()]);
    } catch (err) {
      toast.error(errorText(err));
    }
  }

  async function onDelete() {
    if (!window.confirm(`Delete the endpoint ${w.url}? Its delivery log goes with it, and deliveries still waiting are dropped.`)) return;
    try {
      await remove.mutateAsync({ id: w.id });
      toast.success('Webhook endpoint deleted');
      await utils.admin.webhooks.list.invalidate();
      navigate('/admin/settings');
    } catch (err) {
      toast.error(errorText(err));
    }
  }

  return (
    <Card>
      <form
        className="space-y-3"
        aria-label="Endpoint settings"
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <label className={labelClass}>
          Endpoint URL
          <input value={url} onChange={(e) => setUrl(e.target.value)} type="url" maxLength={2000} className={inputClass} />
        </label>
        <label className={labelClass}>
          Description
          <input value={description} onChange={(e) => setDescription(e.target.value)} maxLength={200} className={inputClass} />
        </label>
        <EventPicker value={events} onChange={setEvents} />
        <label className="flex items-center gap-2 text-sm text-slate-700">
          <input type="checkbox" checked={active} onChange={(e) => setActive(e.target.checked)} className="h-4 w-4 accent-emerald-600" />
          Active (while disabled, events are not recorded and waiting deliveries are held)
        </label>
        <p className="text-xs text-slate-500">Added {w.created_by ? `by ${w.created_by} ` : ''}on {longDateTime(w.created_at)}</p>
        <div className="flex flex-wrap gap-2">
          <Button type="submit" disabled={update.isPending}>Save changes</Button>
          <Button type="button" variant="danger" onClick={onDelete} disabled={remove.isPending}>
            <Trash2 className="h-4 w-4" aria-hidden /> Delete endpoint
          </Button>
        </div>
      </form>
    </Card>
  );
}

function SigningSecret({ id, active }: { id: string; active: boolean }) {
  const [shown, setShown] = useState(false);
  const secret = trpc.admin.webhooks.secret.useQuery({ id }, { enabled: shown });
  const rotate = trpc.admin.webhooks.rotateSecret.useMutation();
  const test = trpc.admin.webhooks.sendTest.useMutation();
  const utils = trpc.useUtils();

  async function onRotate() {
    if (!window.confirm('Make a new signing secret? The old one keeps signing deliveries alongside it for 24 hours, then stops.')) return;
    try {
      const s = await rotate.mutateAsync({ id });
      utils.admin.webhooks.secret.setData({ id }, s);
      setShown(true);
      toast.success('New signing secret made');
    } catch (err) {
      toast.error(errorText(err));
    }
  }

  async function onTest() {
    try {
      await test.mutateAsync({ id });
      toast.success('Test event queued');
      await utils.admin.webhooks.deliveries.invalidate();
    } catch (err) {
      toast.error(errorText(err));
    }
  }

  return (
    <Card>
      <h2 className="text-lg font-semibold text-slate-900">Signing secret</h2>
      <p className="text-sm text-slate-600">
        The receiver verifies each delivery with this secret, e.g. <code className="rounded bg-slate-100 px-1">new Webhook(secret).verify(body, headers)</code> from the{' '}
        <code className="rounded bg-slate-100 px-1">standardwebhooks</code> package (see the integrator guide).
      </p>
      {shown && (secret.error ? <ErrorBox message={errorText(secret.error)} /> : secret.data ? (
        <>
          <SecretBox secret={secret.data.secret} testId="webhook-secret" />
          {secret.data.previous_secret_expires_at && (
            <p className="mt-1 text-xs text-slate-500">The previous secret also signs deliveries until {longDateTime(secret.data.previous_secret_expires_at)}.</p>
          )}
        </>
      ) : <Spinner className="py-4" />)}
      <div className="mt-3 flex flex-wrap gap-2">
        <Button type="button" variant="outline" size="sm" onClick={() => setShown((s) => !s)}>{shown ? 'Hide secret' : 'Show secret'}</Button>
        <Button type="button" variant="outline" size="sm" onClick={onRotate} disabled={rotate.isPending}>
          <KeyRound className="h-4 w-4" aria-hidden /> Rotate secret
        </Button>
        <Button type="button" variant="secondary" size="sm" onClick={onTest} disabled={test.isPending || !active} title={active ? undefined : 'Enable the endpoint to send a test event'}>
          <Send className="h-4 w-4" aria-hidden /> Send test event
        </Button>
      </div>
    </Card>
  );
}
