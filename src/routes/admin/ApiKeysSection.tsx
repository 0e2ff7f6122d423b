import { Copy, KeyRound } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { toast } from '../../lib/toast';
import { API_SCOPE_LABELS, API_SCOPES, type ApiScope } from '../../../shared/schemas/api-keys.schema';
import { Button } from '../../components/ui/Button';
import { Spinner } from '../../components/ui/Spinner';
import { Badge, Card, EmptyState, ErrorBox, errorText, inputClass, labelClass, longDate, longDateTime } from '../../features/admin/ui';
import { trpc } from '../../lib/trpc';

/** Settings -> API keys: what integrations (an ERP, a marketplace sync) may call, and revoking them. */
export function ApiKeysSection() {
  const list = trpc.admin.apiKeys.list.useQuery();
  const create = trpc.admin.apiKeys.create.useMutation();
  const revoke = trpc.admin.apiKeys.revoke.useMutation();
  const utils = trpc.useUtils();
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<ApiScope[]>([]);
  const [secret, setSecret] = useState<{ name: string; value: string } | null>(null);

  async function submit(e: FormEvent) {
    e.preventDefault();
    try {
      const key = await create.mutateAsync({ name, scopes });
      setSecret({ name: key.name, value: key.secret });
      setName('');
      setScopes([]);
      toast.success(`API key "${key.name}" created`);
      await utils.admin.apiKeys.list.invalidate();
    } catch (err) {
      toast.error(errorText(err));
    }
  }

  async function doRevoke(id: string, keyName: string) {
    if (!window.confirm(`Revoke "${keyName}"? Integrations using it stop working at once.`)) return;
    try {
      await revoke.mutateAsync({ id });
      toast.success(`"${keyName}" revoked`);
      await utils.admin.apiKeys.list.invalidate();
    } catch (err) {
      toast.error(errorText(err));
    }
  }

  const toggle = (s: ApiScope) => setScopes((cur) => (cur.includes(s) ? cur.filter((x) => x !== s) : [...cur, s]));

  return (
    <section aria-labelledby="api-keys-title" className="space-y-4">
      <div>
        <h2 id="api-keys-title" className="text-lg font-semibold text-slate-900">API keys</h2>
        <p className="text-sm text-slate-600">
          Integrations send a key as <code className="rounded bg-slate-100 px-1">Authorization: Bearer psk_...</code> to the REST API
          (<a className="text-emerald-700 underline" href="/api/docs">reference</a>). A key reaches only what its scopes allow, never users, roles or other keys.
        </p>
      </div>

      {secret && (
        <Card className="border-amber-300 bg-amber-50 p-4" >
          <p className="font-medium text-amber-900">Copy the key for "{secret.name}" now: it is shown only this once.</p>
          <div className="mt-2 flex flex-wrap items-center gap-2">
            <code data-testid="new-api-key" className="min-w-0 flex-1 break-all rounded bg-white px-2 py-1.5 text-sm ring-1 ring-amber-200">{secret.value}</code>
            <Button type="button" variant="secondary" size="sm" onClick={() => navigator.clipboard?.writeText(secret.value).then(() => toast.success('Key copied'), () => toast.error('Copy failed: select the key and copy it by hand'))}>
              <Copy className="h-4 w-4" aria-hidden /> Copy
            </Button>
            <Button type="button" variant="ghost" size="sm" onClick={() => setSecret(null)}>Done</Button>
          </div>
        </Card>
      )}

      <Card className="p-4">
        <form onSubmit={submit} className="space-y-3" aria-label="Create an API key">
          <label className={labelClass}>
            Key name
            <input value={name} onChange={(e) => setName(e.target.value)} maxLength={80} placeholder="e.g. Warehouse ERP" className={inputClass} />
          </label>
          <fieldset>
            <legend className={labelClass}>Scopes</legend>
            <div className="mt-1 grid gap-1 sm:grid-cols-2">
              {API_SCOPES.map((s) => (
                <label key={s} className="flex items-start gap-2 rounded-lg px-2 py-1.5 text-sm hover:bg-slate-50">
                  <input type="checkbox" checked={scopes.includes(s)} onChange={() => toggle(s)} className="mt-0.5 h-4 w-4 accent-emerald-600" />
                  <span>
                    <span className="font-mono text-xs text-slate-900">{s}</span>
                    <span className="block text-slate-500">{API_SCOPE_LABELS[s]}</span>
                  </span>
                </label>
              ))}
            </div>
          </fieldset>
          <Button type="submit" disabled={create.isPending}>
            <KeyRound className="h-4 w-4" aria-hidden /> Create key
          </Button>
        </form>
      </Card>

      {list.error ? (
        <ErrorBox message={`Failed to load API keys: ${errorText(list.error)}`} onRetry={() => list.refetch()} />
      ) : list.isLoading ? (
        <Spinner />
      ) : !list.data?.length ? (
        <EmptyState title="No API keys yet" text="Create one above for each system that should reach the shop." />
      ) : (
        <ul className="divide-y divide-slate-100 overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm">
          {list.data.map((k) => (
            <li key={k.id} className="flex flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3">
              <div className="min-w-0 flex-1">
                <p className="font-medium text-slate-900">
                  {k.name} <code className="ml-1 text-xs text-slate-500">{k.prefix}…</code>{' '}
                  {k.revoked_at ? <Badge tone="red">Revoked {longDate(k.revoked_at)}</Badge> : <Badge tone="emerald">Active</Badge>}
                </p>
                <p className="text-sm text-slate-500">
                  By {k.created_by} on {longDate(k.created_at)} · {k.last_used_at ? `last used ${longDateTime(k.last_used_at)}` : 'never used'}
                </p>
                <p className="mt-1 flex flex-wrap gap-1">{k.scopes.map((s) => <Badge key={s} tone="sky">{s}</Badge>)}</p>
              </div>
              {!k.revoked_at && (
                <Button type="button" variant="danger" size="sm" onClick={() => doRevoke(k.id, k.name)} disabled={revoke.isPending} aria-label={`Revoke ${k.name}`}>
                  Revoke
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
