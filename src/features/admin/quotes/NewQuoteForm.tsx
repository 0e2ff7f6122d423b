import { useState } from 'react';
import { toast } from '../../../lib/toast';
import { useNavigate } from '../../../lib/router';
import { Card, errorText, inputClass, labelClass } from '../ui';
import { trpc } from '../../../lib/trpc';

/** "SKU qty" per line (tab, comma or space before the quantity, as quick order reads a paste). */
function parseLines(text: string): { lines: { sku: string; quantity: number }[]; bad: string[] } {
  const lines: { sku: string; quantity: number }[] = [];
  const bad: string[] = [];
  for (const raw of text.split('\n').map((l) => l.trim()).filter(Boolean)) {
    const m = /^(.+?)[\t, ]+(\d+)$/.exec(raw);
    if (m) lines.push({ sku: m[1].trim(), quantity: Number(m[2]) });
    else bad.push(raw);
  }
  return { lines, bad };
}

/** Staff start a quote for a customer who asked by phone or e-mail; it is then priced like any request. */
export function NewQuoteForm({ onClose }: { onClose(): void }) {
  const [email, setEmail] = useState('');
  const [text, setText] = useState('');
  const [note, setNote] = useState('');
  const create = trpc.admin.quotes.create.useMutation();
  const utils = trpc.useUtils();
  const navigate = useNavigate();

  async function submit() {
    const { lines, bad } = parseLines(text);
    if (bad.length) return void toast.error(`Write each line as SKU and quantity: "${bad[0]}"`);
    if (!lines.length) return void toast.error('Add at least one line');
    try {
      const q = await create.mutateAsync({ customer_email: email, lines, note: note.trim() || null });
      await utils.admin.quotes.list.invalidate();
      toast.success(`Quote ${q.quote_number} started for ${q.buyer.email}`);
      navigate(`/admin/quotes/${q.id}`);
    } catch (err) {
      toast.error(`Failed to start the quote: ${errorText(err)}`);
    }
  }

  return (
    <Card className="mb-4 p-4">
      <form onSubmit={(e) => { e.preventDefault(); void submit(); }} aria-label="New quote for a customer" className="space-y-3">
        <h2 className="text-base font-semibold text-slate-900">New quote for a customer</h2>
        <label className={labelClass}>
          Customer e-mail
          <input type="email" required autoFocus value={email} onChange={(e) => setEmail(e.target.value)} className={inputClass} placeholder="buyer@company.com" />
        </label>
        <label className={labelClass}>
          Lines: one &quot;SKU quantity&quot; per line
          <textarea required rows={4} value={text} onChange={(e) => setText(e.target.value)} className={`${inputClass} font-mono`} placeholder={'PM-25x35-WHT-50 40\nBW-50-100M 10'} />
        </label>
        <label className={labelClass}>
          Note <span className="font-normal text-slate-500">(optional)</span>
          <input value={note} onChange={(e) => setNote(e.target.value)} maxLength={2000} className={inputClass} placeholder="e.g. Asked by phone" />
        </label>
        <div className="flex gap-2">
          <button type="submit" disabled={create.isPending} className="rounded-lg bg-emerald-600 px-3 py-1.5 text-sm font-semibold text-white hover:bg-emerald-700 disabled:opacity-50">
            {create.isPending ? 'Starting...' : 'Start quote'}
          </button>
          <button type="button" onClick={onClose} className="rounded-lg px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-100">Cancel</button>
        </div>
      </form>
    </Card>
  );
}
