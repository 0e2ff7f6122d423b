import { FileText } from 'lucide-react';
import { useState } from 'react';
import { toast } from '../../lib/toast';
import { Link, useNavigate } from '../../lib/router';
import { sgToday } from '../../../shared/domain/quotes';
import { Button } from '../../components/ui/Button';
import { errorDetail, trpc } from '../../lib/trpc';
import { useAuth } from '../auth/AuthProvider';

/** "Request a quote" on the cart: the signed-in buyer asks for prices on the cart, with a note and a date. */
export function RequestQuote({ className = '' }: { className?: string }) {
  const { user } = useAuth();
  const [open, setOpen] = useState(false);
  const [note, setNote] = useState('');
  const [date, setDate] = useState('');
  const request = trpc.quotes.request.useMutation();
  const utils = trpc.useUtils();
  const navigate = useNavigate();

  async function send() {
    try {
      const q = await request.mutateAsync({ note: note.trim() || null, target_date: date || null });
      await utils.quotes.list.invalidate();
      toast.success(`Quote ${q.quote_number} requested. We will e-mail you the prices.`);
      navigate(`/quotes/${q.id}`);
    } catch (err) {
      toast.error(errorDetail(err) ?? 'Failed to request the quote');
    }
  }

  if (!open) {
    return (
      <Button variant="ghost" className={className} onClick={() => setOpen(true)}>
        <FileText className="h-4 w-4" aria-hidden /> Request a quote
      </Button>
    );
  }
  return (
    <form
      aria-label="Request a quote"
      className={`rounded-lg border border-slate-200 bg-slate-50 p-3 text-left ${className}`}
      onSubmit={(e) => {
        e.preventDefault();
        void send();
      }}
    >
      <p className="text-sm text-slate-600">Buying in bulk? Ask for a price on this cart. Your cart stays as it is.</p>
      <label className="mt-2 block text-sm font-medium text-slate-700">
        Note
        <textarea autoFocus value={note} onChange={(e) => setNote(e.target.value)} maxLength={2000} rows={3} placeholder="e.g. Monthly order for our warehouse" className="mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm" />
      </label>
      <label className="mt-2 block text-sm font-medium text-slate-700">
        Target delivery date <span className="font-normal text-slate-500">(optional)</span>
        <input type="date" min={sgToday()} max={new Date(Date.parse(sgToday()) + 366 * 86_400_000).toISOString().slice(0, 10)} value={date} onChange={(e) => setDate(e.target.value)} className="mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm" />
      </label>
      <p className="mt-2 text-xs text-slate-500">
        {user?.company ? `The quote is made out to ${user.company.name}.` : 'Buying for a company? '}
        {!user?.company && <Link to="/account" className="underline">Add its details to your account</Link>}
      </p>
      <div className="mt-2 flex gap-2">
        <Button type="submit" size="sm" disabled={request.isPending}>{request.isPending ? 'Sending...' : 'Send request'}</Button>
        <Button size="sm" variant="ghost" onClick={() => setOpen(false)}>Cancel</Button>
      </div>
    </form>
  );
}
