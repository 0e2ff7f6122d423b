import { AlertTriangle, CheckCircle2, Circle } from 'lucide-react';
import { Link } from '../../lib/router';
import { trpc } from '../../lib/trpc';

/**
 * The first-run checklist on the dashboard (admins only), shown until every step is done: shop
 * details and GST number, payment methods, shipping rates, sending e-mail, backups. A shop that
 * charges 9% GST with no GST number is warned, done or not.
 */
export function SetupChecklist() {
  const checklist = trpc.admin.setup.checklist.useQuery(undefined, { staleTime: 30_000 });
  const c = checklist.data;
  if (!c) return null;
  const left = c.steps.filter((s) => !s.done).length;
  return (
    <>
      {c.gst_warning && (
        <section role="alert" data-testid="gst-warning" className="mb-6 rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900">
          <h2 className="flex items-center gap-2 font-semibold">
            <AlertTriangle className="h-4 w-4" aria-hidden />
            GST is charged without a GST registration number
          </h2>
          <p className="mt-1">
            {c.gst_warning}{' '}
            <Link to="/admin/shop" className="font-semibold text-amber-900 underline">Open Shop details</Link>
          </p>
        </section>
      )}
      {!c.done && (
        <section aria-labelledby="setup-heading" data-testid="setup-checklist" className="mb-6 rounded-xl border border-emerald-200 bg-white p-4 shadow-sm">
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <h2 id="setup-heading" className="text-lg font-semibold text-slate-900">Set up your shop</h2>
            <p className="text-sm text-slate-600">{c.steps.length - left} of {c.steps.length} done</p>
          </div>
          <div className="mt-2 h-1.5 overflow-hidden rounded-full bg-slate-100" aria-hidden>
            <div className="h-full rounded-full bg-emerald-500" style={{ width: `${((c.steps.length - left) / c.steps.length) * 100}%` }} />
          </div>
          <ol className="mt-3 divide-y divide-slate-100">
            {c.steps.map((s) => (
              <li key={s.id} data-testid={`setup-${s.id}`} data-done={s.done} className="flex items-start gap-3 py-3">
                {s.done ? <CheckCircle2 className="mt-0.5 h-5 w-5 shrink-0 text-emerald-600" aria-label="Done" /> : <Circle className="mt-0.5 h-5 w-5 shrink-0 text-slate-400" aria-label="To do" />}
                <div className="min-w-0 flex-1">
                  <p className={`font-medium ${s.done ? 'text-slate-500' : 'text-slate-900'}`}>{s.title}</p>
                  <p className="text-sm text-slate-600">{s.detail}</p>
                </div>
                {!s.done && (
                  <Link to={s.to} className="shrink-0 rounded-lg border border-slate-300 px-3 py-1.5 text-sm font-semibold text-slate-700 hover:bg-slate-50">
                    Set up<span className="sr-only"> {s.title.toLowerCase()}</span>
                  </Link>
                )}
              </li>
            ))}
          </ol>
        </section>
      )}
    </>
  );
}
