import { ClipboardPaste, FileText, FileUp, Plus, ShoppingCart } from 'lucide-react';
import { lazy, Suspense, useEffect, useId, useMemo, useRef, useState } from 'react';
import { toast } from '../../lib/toast';
import { Link } from '../../lib/router';
import { MAX_QUICK_ORDER_LINES, parseQuickOrderText, type QuickOrderLine } from '../../../shared/domain/quick-order';
import { Seo } from '../../components/Seo';
import { Button, ButtonLink } from '../../components/ui/Button';
import { useAuth } from '../../features/auth/AuthProvider';
import { useCart } from '../../features/cart/CartProvider';
import { money } from '../../features/cart/money';
import { errorDetail, trpc } from '../../lib/trpc';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { lineTotalOf, QuickOrderRow, wire, type Result, type Row } from './QuickOrderRow';

let nextKey = 1;
const blank = (): Row => ({ key: nextKey++, sku: '', qty: '' });
const fromLine = (l: QuickOrderLine): Row => ({ key: nextKey++, sku: l.sku, qty: l.quantityText });
const MAX_FILE_BYTES = 512 * 1024;
// The quote form is fetched when asked for: most quick orders go to the cart.
const RequestQuote = lazy(() => import('../../features/quotes/RequestQuote').then((m) => ({ default: m.RequestQuote })));

/**
 * Quick order by SKU: typed rows with suggestions, a paste from a spreadsheet or a CSV file, each row
 * checked by the server as it will be added, and "Add all to cart" in one request.
 */
export default function QuickOrderPage() {
  const [rows, setRows] = useState<Row[]>(() => [blank(), blank(), blank()]);
  const [paste, setPaste] = useState('');
  const [focused, setFocused] = useState<number | null>(null);
  // The line the buyer is in (focus inside it); an unknown SKU there is not flagged yet.
  const [editing, setEditing] = useState<number | null>(null);
  const { replaceCart } = useCart();
  const { isSignedIn } = useAuth();
  const [quoting, setQuoting] = useState(false);
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

  // What the lines the server accepts as typed come to, at today's prices (GST included, as on every price).
  const priced = rows.flatMap((r) => { const t = lineTotalOf(resultByKey.get(r.key), r); return t === null ? [] : [t]; });
  const grandTotal = Math.round(priced.reduce((a, b) => a + b, 0) * 100) / 100;

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
          {rows.map((r, i) => (
            <QuickOrderRow
              key={r.key}
              row={r}
              index={i}
              result={resultByKey.get(r.key)}
              editing={editing === r.key}
              listId={listId}
              onChange={(patch) => update(r.key, patch)}
              onRemove={() => remove(r.key)}
              onFocus={() => {
                setFocused(r.key);
                setEditing(r.key);
              }}
              onLeave={() => setEditing((k) => (k === r.key ? null : k))}
              onPasteLines={(text) => {
                if (!/[\n\t]/.test(text.trim())) return false;
                insertLines(parseQuickOrderText(text), 'paste');
                return true;
              }}
            />
          ))}
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
          <p className="text-sm text-slate-700" data-testid="quick-order-total" aria-live="polite">
            {priced.length > 0 ? (
              <>
                Total of {priced.length} valid line(s): <span className="font-semibold text-slate-900">{money(grandTotal)}</span>
              </>
            ) : null}
          </p>
          <div className="flex w-full flex-wrap gap-2 sm:ml-auto sm:w-auto">
            <Button onClick={addAll} disabled={add.isPending || filled.length === 0} className="w-full sm:w-auto">
              <ShoppingCart className="h-4 w-4" aria-hidden /> {add.isPending ? 'Adding...' : 'Add all to cart'}
            </Button>
            <ButtonLink to="/cart" variant="ghost" className="w-full sm:w-auto">View cart</ButtonLink>
          </div>
        </div>
        {/* A quote on the lines as typed: any quantity, more than is in stock too, without the cart (decision 0180). */}
        <div className="border-t border-slate-200 p-3 sm:p-4">
          {isSignedIn && quoting ? (
            <Suspense fallback={null}>
              <RequestQuote
                startOpen
                onCancel={() => setQuoting(false)}
                lines={filled.flatMap((r) => { const w = wire(r); return w ? [w] : []; })}
                intro="Need more than we have in stock, or a volume price? Ask for a quote on these lines as typed. Nothing is added to your cart."
              />
            </Suspense>
          ) : isSignedIn ? (
            <Button variant="ghost" onClick={() => setQuoting(true)}>
              <FileText className="h-4 w-4" aria-hidden /> Request a quote
            </Button>
          ) : (
            <p className="text-sm text-slate-600">
              Need more than we have in stock? <Link to="/login" state={{ from: '/quick-order' }} className="font-medium text-emerald-700 hover:underline">Sign in</Link> to request a quote on these lines.
            </p>
          )}
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
