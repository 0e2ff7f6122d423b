import { Trash2 } from 'lucide-react';
import type { BulkCheckDto } from '../../../shared/schemas/repeat-buying.schema';
import { money } from '../../features/cart/money';

export interface Row {
  key: number;
  sku: string;
  qty: string;
  /** Set after "Add all to cart" refused the row. */
  refused?: string;
}
export type Result = BulkCheckDto['results'][number];

/** What a row asks for on the wire: a quantity that is not a number at all is refused here. */
export function wire(r: Row): { sku: string; quantity: number } | null {
  const q = r.qty.trim() === '' ? 0 : Number(r.qty.trim());
  return Number.isFinite(q) ? { sku: r.sku.trim(), quantity: q } : null;
}

/** The row's line total when the server accepts it as typed; null otherwise. */
export function lineTotalOf(result: Result | undefined, r: Row): number | null {
  const w = wire(r);
  if (!result || result.status !== 'ok' || !result.variant || !w) return null;
  return Math.round(result.variant.unit_price * w.quantity * 100) / 100;
}

/** "12 available", or, when the cart (or a row above) already holds some, how many more this row may take. */
function stockWords(v: NonNullable<Result['variant']>): string {
  if (v.available <= 0) return 'Out of Stock';
  if (v.can_add >= v.available) return `${v.available} available`;
  return v.can_add > 0 ? `${v.available} available, ${v.can_add} more can be added` : `${v.available} available, all already in your cart`;
}

interface Props {
  row: Row;
  index: number;
  result: Result | undefined;
  /** The buyer is still in this line (its SKU or quantity box has focus). */
  editing: boolean;
  listId: string;
  onChange(patch: Partial<Row>): void;
  onRemove(): void;
  onFocus(): void;
  onLeave(): void;
  onPasteLines(text: string): boolean;
}

/**
 * One quick-order line: SKU with suggestions, quantity, what the SKU is, the line total, and the
 * problem. An unknown SKU is flagged once the buyer leaves the line, not while it is half typed.
 */
export function QuickOrderRow({ row: r, index: i, result, editing, listId, onChange, onRemove, onFocus, onLeave, onPasteLines }: Props) {
  const serverProblem = result?.status === 'error' ? result : null;
  const hiddenWhileTyping = editing && serverProblem?.reason === 'unknown_sku';
  const problem = r.refused ?? (r.sku.trim() && !wire(r) ? 'Quantity must be a number' : serverProblem && !hiddenWhileTyping ? serverProblem.detail : null);
  const total = lineTotalOf(result, r);
  return (
    <li
      className="grid gap-2 p-3 sm:grid-cols-[2rem_minmax(0,1fr)_7rem_7rem_2.5rem] sm:items-start sm:p-4"
      data-testid="quick-order-row"
      onFocus={onFocus}
      onBlur={(e) => {
        // Leaving the line, not moving between its own boxes.
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) onLeave();
      }}
    >
      <span className="hidden pt-2 text-sm text-slate-400 sm:block">{i + 1}</span>
      <div className="min-w-0">
        <label className="sr-only" htmlFor={`sku-${r.key}`}>SKU, line {i + 1}</label>
        <input
          id={`sku-${r.key}`}
          list={listId}
          value={r.sku}
          maxLength={200}
          autoComplete="off"
          placeholder="SKU, e.g. POLYMAILERS_NORMAL_WHITE_25X35_50"
          onChange={(e) => onChange({ sku: e.target.value })}
          onPaste={(e) => {
            if (onPasteLines(e.clipboardData.getData('text'))) e.preventDefault();
          }}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `problem-${r.key}` : undefined}
          className={`block w-full rounded-lg border px-3 py-2 text-sm uppercase placeholder:normal-case ${problem ? 'border-red-400' : 'border-slate-300'}`}
        />
        {result?.variant && (
          <p className="mt-1 text-sm text-slate-600" data-testid="quick-order-match">
            <span className="font-medium text-slate-800">{result.variant.product_name}</span> {result.variant.size} · {result.variant.pack_size} pcs/pack ·{' '}
            {money(result.variant.unit_price)} per pack ·{' '}
            <span className={result.variant.can_add > 0 ? 'text-emerald-700' : 'text-red-600'}>{stockWords(result.variant)}</span>
          </p>
        )}
        {problem && (
          <p id={`problem-${r.key}`} className="mt-1 text-sm text-red-600" role="alert">
            {problem}
          </p>
        )}
      </div>
      <div className="flex items-center gap-2 sm:block">
        <label className="text-sm text-slate-600 sm:sr-only" htmlFor={`qty-${r.key}`}>Quantity, line {i + 1}</label>
        <input
          id={`qty-${r.key}`}
          value={r.qty}
          inputMode="numeric"
          maxLength={9}
          placeholder="Qty"
          onChange={(e) => onChange({ qty: e.target.value })}
          className="block w-24 rounded-lg border border-slate-300 px-3 py-2 text-sm sm:w-full"
        />
        <span className="ml-auto text-sm font-semibold text-slate-900 sm:hidden" data-testid="quick-order-line-total-phone">
          {total !== null && money(total)}
        </span>
        <button type="button" onClick={onRemove} className="rounded-md p-2 text-slate-500 hover:bg-slate-100 hover:text-red-600 sm:hidden" aria-label={`Remove line ${i + 1}`}>
          <Trash2 className="h-4 w-4" aria-hidden />
        </button>
      </div>
      <p className="hidden pt-2 text-right text-sm font-semibold text-slate-900 sm:block" data-testid="quick-order-line-total">
        {total !== null ? money(total) : <span className="font-normal text-slate-400">—</span>}
        {total !== null && <span className="sr-only"> line total</span>}
      </p>
      <button type="button" onClick={onRemove} className="hidden justify-self-end rounded-md p-2 text-slate-500 hover:bg-slate-100 hover:text-red-600 sm:block" aria-label={`Remove line ${i + 1}`}>
        <Trash2 className="h-4 w-4" aria-hidden />
      </button>
    </li>
  );
}
