import { ClipboardPaste, FileUp, Plus, ShoppingCart, Trash2 } from 'lucide-react';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { toast } from '../../lib/toast';
import { Link } from '../../lib/router';
import { MAX_QUICK_ORDER_LINES, parseQuickOrderText, type QuickOrderLine } from '../../../shared/domain/quick-order';
import type { BulkCheckDto } from '../../../shared/schemas/repeat-buying.schema';
import { Seo } from '../../components/Seo';
import { Button, ButtonLink } from '../../components/ui/Button';
import { useCart } from '../../features/cart/CartProvider';
import { money } from '../../features/cart/money';
import { errorDetail, trpc } from '../../lib/trpc';
import { useDebouncedValue } from '../../lib/use-debounced-value';

interface Row {
  key: number;
  sku: string;
  qty: string;
  /** Set after "Add all to cart" refused the row. */
  refused?: string;
}
type Result = BulkCheckDto['results'][number];

let nextKey = 1;
const blank = (): Row => ({ key: nextKey++, sku: '', qty: '' });
const fromLine = (l: QuickOrderLine): Row => ({ key: nextKey++, sku: l.sku, qty: l.quantityText });
const MAX_FILE_BYTES = 512 * 1024;

/** What a row asks for on the wire: a quantity that is not a number at all is refused here. */
function wire(r: Row): { sku: string; quantity: number } | null {
  const q = r.qty.trim() === '' ? 0 : Number(r.qty.trim());
  return Number.isFinite(q) ? { sku: r.sku.trim(), quantity: q } : null;
}

/**
 * Quick order by SKU: typed rows with suggestions, a paste from a spreadsheet or a CSV file, each row
 * checked by the server as it will be added, and "Add all to cart" in one request.
 */
export default function QuickOrderPage() {
  const [rows, setRows] = useState<Row[]>(() => [blank(), blank(), blank()]);
  const [paste, setPaste] = useState('');
  const [focused, setFocused] = useState<number | null>(null);
  const { replaceCart } = useCart();
  const add = trpc.cart.bulk.useMutation();
  const fileRef = useRef<HTMLInputElement>(null);
  const listId = useId();

  // The rows worth checking (a SKU typed), as the server will see them.
  const filled = useMemo(() => rows.filter((r) => r.sku.trim() !== ''), [rows]);
  const toCheck = useDebouncedValue(useMemo(() => filled.flatMap((r) => { const w = wire(r); return w ? [{ ...w, key: r.key }] : []; }), [filled]), 400);
  // The check is a POST (up to 200 lines); only the answer to the latest rows is kept.
  const checkCall = trpc.cart.bulkCheck.useMutation().mutateAsync;
  const [checked, setChecked] = useState<{ rows: typeof toCheck; results: Result[] } | null>(null);
  useEffect(() => {
    if (toCheck.length === 0) return;
    let live = true;
    checkCall({ items: toCheck.map(({ sku, quantity }) => ({ sku, quantity })) })
      .then((res) => live && setChecked({ rows: toCheck, results: res.results }))
      .catch(() => live && setChecked(null));
    return () => {
      live = false;
    };
  }, [toCheck, checkCall]);
  const resultByKey = new Map<number, Result>();
  // A row's result stands while its SKU and quantity are what was checked.
  checked?.rows.forEach((c, i) => {
    const row = rows.find((r) => r.key === c.key);
    const w = row && wire(row);
    if (w && w.sku === c.sku && w.quantity === c.quantity) resultByKey.set(c.key, checked.results[i]);
  });

  const focusedRow = rows.find((r) => r.key === focused);
  const typed = useDebouncedValue(focusedRow?.sku.trim() ?? '', 200);
  const suggestions = trpc.cart.skuSuggestions.useQuery({ q: typed }, { enabled: typed.length >= 2, placeholderData: (prev) => prev });

  const update = (key: number, patch: Partial<Row>) => setRows((rs) => rs.map((r) => (r.key === key ? { ...r, ...patch, refused: undefined } : r)));
  const remove = (key: number) => setRows((rs) => (rs.length > 1 ? rs.filter((r) => r.key !== key) : [blank()]));

  /** Puts parsed lines in place of the empty rows, up to the limit, and says what did not fit. */
  function insertLines(lines: QuickOrderLine[], source: string) {
    if (lines.length === 0) {
      toast.error(`No lines found in the ${source}. Use one line per SKU: SKU and quantity, separated by a tab, a comma or a space.`);
      return;
    }
    setRows((rs) => {
      const kept = rs.filter((r) => r.sku.trim() !== '' || r.qty.trim() !== '');
      const room = MAX_QUICK_ORDER_LINES - kept.length;
      if (lines.length > room) toast.error(`A quick order holds at most ${MAX_QUICK_ORDER_LINES} lines: ${lines.length - Math.max(room, 0)} line(s) were left out.`);
      const added = lines.slice(0, Math.max(room, 0)).map(fromLine);
      if (added.length) toast.success(`${added.length} line(s) read from the ${source}`);
      return [...kept, ...added, ...(kept.length + added.length < MAX_QUICK_ORDER_LINES ? [blank()] : [])];
    });
  }

  async function onFile(file: File | undefined) {
    if (!file) return;
    if (file.size > MAX_FILE_BYTES) return toast.error('That file is too large: a quick order CSV may be at most 512 KB.');
    insertLines(parseQuickOrderText(await file.text()), 'file');
    if (fileRef.current) fileRef.current.value = '';
  }

  async function addAll() {
    const sendable = filled.flatMap((r) => { const w = wire(r); return w ? [{ row: r, item: w }] : []; });
    const local = new Set(filled.filter((r) => !wire(r)).map((r) => r.key));
    if (sendable.length === 0) {
      setRows((rs) => rs.map((r) => (local.has(r.key) ? { ...r, refused: 'Quantity must be a number' } : r)));
      return toast.error(filled.length ? 'Fix the rows marked in red first' : 'Type a SKU and a quantity first');
    }
    try {
      const res = await add.mutateAsync({ items: sendable.map((s) => s.item) });
      replaceCart(res.cart);
      const refused = new Map<number, string>();
      res.results.forEach((x, i) => x.status === 'error' && refused.set(sendable[i].row.key, x.detail ?? 'Not added'));
      const added = res.results.filter((x) => x.status === 'added');
      // Added rows leave the form; refused ones stay as typed, with the reason.
      setRows((rs) => {
        const left = rs
          .filter((r) => refused.has(r.key) || local.has(r.key) || r.sku.trim() === '')
          .map((r) => (refused.has(r.key) ? { ...r, refused: refused.get(r.key) } : local.has(r.key) ? { ...r, refused: 'Quantity must be a number' } : r));
        return left.some((r) => r.sku.trim() === '' && r.qty.trim() === '') ? left : [...left, blank()];
      });
      if (added.length) toast.success(`Added ${added.reduce((n, x) => n + x.quantity, 0)} item(s) to cart!`);
      if (refused.size + local.size) toast(`${refused.size + local.size} line(s) could not be added: see the reasons below`, { icon: '⚠️' });
    } catch (err) {
      const detail = errorDetail(err);
      toast.error(detail ? `Failed to add to cart: ${detail}` : 'Failed to add to cart. Please try again.');
    }
  }

  return (
    <div className="mx-auto max-w-5xl px-4 py-8 sm:px-6">
      <Seo title="Quick order" description="Order by SKU: type, paste from a spreadsheet or upload a CSV." path="/quick-order" noindex />
      <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Quick order</h1>
      <p className="mt-1 text-sm text-slate-600">
        Type SKUs and quantities (packs), paste lines from a spreadsheet, or upload a CSV. Prices are today&apos;s, with bulk tiers. Up to {MAX_QUICK_ORDER_LINES} lines.
      </p>

      <datalist id={listId}>
        {(suggestions.data ?? []).map((s) => (
          <option key={s.sku} value={s.sku}>{`${s.product_name} ${s.size} (${s.pack_size} pcs)`}</option>
        ))}
      </datalist>

      <section className="mt-6 rounded-xl border border-slate-200 bg-white shadow-sm" aria-label="Order lines">
        <ol className="divide-y divide-slate-200" data-testid="quick-order-rows">
          {rows.map((r, i) => {
            const result = resultByKey.get(r.key);
            const problem = r.refused ?? (r.sku.trim() && !wire(r) ? 'Quantity must be a number' : result?.status === 'error' ? result.detail : null);
            return (
              <li key={r.key} className="grid gap-2 p-3 sm:grid-cols-[2rem_minmax(0,1fr)_7rem_2.5rem] sm:items-start sm:p-4" data-testid="quick-order-row">
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
                    onFocus={() => setFocused(r.key)}
                    onChange={(e) => update(r.key, { sku: e.target.value })}
                    onPaste={(e) => {
                      const text = e.clipboardData.getData('text');
                      if (/[\n\t]/.test(text.trim())) {
                        e.preventDefault();
                        insertLines(parseQuickOrderText(text), 'paste');
                      }
                    }}
                    aria-invalid={problem ? true : undefined}
                    className={`block w-full rounded-lg border px-3 py-2 text-sm uppercase placeholder:normal-case ${problem ? 'border-red-400' : 'border-slate-300'}`}
                  />
                  {result?.variant && (
                    <p className="mt-1 text-sm text-slate-600" data-testid="quick-order-match">
                      <span className="font-medium text-slate-800">{result.variant.product_name}</span> {result.variant.size} · {result.variant.pack_size} pcs/pack ·{' '}
                      {money(result.variant.unit_price)} per pack ·{' '}
                      <span className={result.variant.available > 0 ? 'text-emerald-700' : 'text-red-600'}>{result.variant.available > 0 ? `${result.variant.available} available` : 'Out of Stock'}</span>
                    </p>
                  )}
                  {problem && <p className="mt-1 text-sm text-red-600" role="alert">{problem}</p>}
                </div>
                <div className="flex items-center gap-2 sm:block">
                  <label className="text-sm text-slate-600 sm:sr-only" htmlFor={`qty-${r.key}`}>Quantity, line {i + 1}</label>
                  <input
                    id={`qty-${r.key}`}
                    value={r.qty}
                    inputMode="numeric"
                    maxLength={9}
                    placeholder="Qty"
                    onChange={(e) => update(r.key, { qty: e.target.value })}
                    className="block w-24 rounded-lg border border-slate-300 px-3 py-2 text-sm sm:w-full"
                  />
                  <button type="button" onClick={() => remove(r.key)} className="ml-auto rounded-md p-2 text-slate-500 hover:bg-slate-100 hover:text-red-600 sm:hidden" aria-label={`Remove line ${i + 1}`}>
                    <Trash2 className="h-4 w-4" aria-hidden />
                  </button>
                </div>
                <button type="button" onClick={() => remove(r.key)} className="hidden justify-self-end rounded-md p-2 text-slate-500 hover:bg-slate-100 hover:text-red-600 sm:block" aria-label={`Remove line ${i + 1}`}>
                  <Trash2 className="h-4 w-4" aria-hidden />
                </button>
              </li>
            );
          })}
        </ol>
        <div className="flex flex-wrap items-center gap-3 border-t border-slate-200 p-3 sm:p-4">
          <Button variant="outline" size="sm" onClick={() => setRows((rs) => [...rs, blank()])} disabled={rows.length >= MAX_QUICK_ORDER_LINES}>
            <Plus className="h-4 w-4" aria-hidden /> Add a line
          </Button>
          <Button variant="outline" size="sm" onClick={() => fileRef.current?.click()}>
            <FileUp className="h-4 w-4" aria-hidden /> Upload CSV
          </Button>
          <input ref={fileRef} type="file" accept=".csv,.txt,.tsv,text/csv,text/plain" className="hidden" aria-label="CSV file" onChange={(e) => onFile(e.target.files?.[0])} />
          <span className="text-sm text-slate-500">{filled.length} line(s)</span>
          <div className="flex w-full flex-wrap gap-2 sm:ml-auto sm:w-auto">
            <Button onClick={addAll} disabled={add.isPending || filled.length === 0} className="w-full sm:w-auto">
              <ShoppingCart className="h-4 w-4" aria-hidden /> {add.isPending ? 'Adding...' : 'Add all to cart'}
            </Button>
            <ButtonLink to="/cart" variant="ghost" className="w-full sm:w-auto">View cart</ButtonLink>
          </div>
        </div>
      </section>

      <section className="mt-6 rounded-xl border border-slate-200 bg-white p-4 shadow-sm" aria-labelledby="paste-heading">
        <h2 id="paste-heading" className="flex items-center gap-2 font-semibold text-slate-900">
          <ClipboardPaste className="h-4 w-4" aria-hidden /> Paste from a spreadsheet
        </h2>
        <p className="mt-1 text-sm text-slate-600">One line per SKU: <code>SKU&lt;TAB&gt;qty</code>, <code>SKU,qty</code> or <code>SKU qty</code>. The quantity is the last field, so SKUs with spaces are fine.</p>
        <label htmlFor="paste-box" className="sr-only">Lines to paste</label>
        <textarea id="paste-box" value={paste} onChange={(e) => setPaste(e.target.value)} rows={4} maxLength={100_000} className="mt-2 block w-full rounded-lg border border-slate-300 px-3 py-2 font-mono text-sm" placeholder={'POLYMAILERS_NORMAL_WHITE_25X35_50\t10\nPOLYMAILERS_NORMAL_BABY BLUE_25X35_50 4'} />
        <Button
          variant="secondary"
          size="sm"
          className="mt-2"
          disabled={paste.trim() === ''}
          onClick={() => {
            insertLines(parseQuickOrderText(paste), 'paste');
            setPaste('');
          }}
        >
          Add these lines
        </Button>
      </section>
      <p className="mt-4 text-sm text-slate-500">
        Ordered before? <Link to="/account?tab=buy-again" className="font-medium text-emerald-700 hover:underline">Buy again</Link> from your past orders.
      </p>
    </div>
  );
}
