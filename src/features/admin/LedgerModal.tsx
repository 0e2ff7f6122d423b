import { Spinner } from '../../components/ui/Spinner';
import { Link } from '../../lib/router';
import { trpc } from '../../lib/trpc';
import { ErrorBox, Modal, errorText, longDateTime } from './ui';

const FIELD: Record<string, string> = { on_hand: 'On hand', allocated: 'Allocated', safety_stock: 'Safety stock' };

/** The stock history of one variant, newest first: who changed what, when and why. */
export function LedgerModal({ variant, onClose }: { variant: { variant_id: string; sku: string } | null; onClose(): void }) {
  const ledger = trpc.admin.inventory.ledger.useQuery({ variant_id: variant?.variant_id ?? '', limit: 100 }, { enabled: Boolean(variant), staleTime: 0 });
  if (!variant) return null;
  return (
    <Modal title={`Stock history · ${variant.sku}`} open onClose={onClose} wide>
      {ledger.isLoading ? (
        <Spinner label="Loading history..." />
      ) : ledger.error ? (
        <ErrorBox message={errorText(ledger.error)} />
      ) : !ledger.data?.length ? (
        <p className="py-6 text-center text-sm text-slate-500">No stock movements yet.</p>
      ) : (
        <ul className="divide-y divide-slate-100 text-sm">
          {ledger.data.map((r) => (
            <li key={r.id} className="flex flex-wrap items-baseline gap-x-3 gap-y-0.5 py-2">
              <span className={`w-14 font-semibold tabular-nums ${r.delta >= 0 ? 'text-emerald-700' : 'text-red-600'}`}>{r.delta >= 0 ? `+${r.delta}` : r.delta}</span>
              <span className="text-slate-800">{FIELD[r.field] ?? r.field} {r.before} → {r.after}</span>
              <span className="rounded bg-slate-100 px-1.5 text-xs text-slate-600">{r.reason.replace(/_/g, ' ')}</span>
              <span className="ml-auto text-xs text-slate-500">{longDateTime(r.created_at)}</span>
              {(r.notes || r.user_email || r.order_id) && (
                <p className="w-full pl-[4.25rem] text-xs text-slate-500">
                  {/* A movement of an order (placed, cancelled, shipped) opens that order. */}
                  {r.order_id && (
                    <Link to={`/admin/orders/${r.order_id}`} onClick={onClose} className="font-semibold text-emerald-700 hover:underline">
                      Order {r.order_number ?? r.order_id}
                    </Link>
                  )}
                  {r.order_id && (r.notes || r.user_email) && ' · '}
                  {[r.notes, r.user_email].filter(Boolean).join(' · ')}
                </p>
              )}
            </li>
          ))}
        </ul>
      )}
    </Modal>
  );
}
