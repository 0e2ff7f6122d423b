import { FileText } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { toast } from '../../lib/toast';
import { Link, useNavigate } from '../../lib/router';
import { sgToday } from '../../../shared/domain/quotes';
import { Button } from '../../components/ui/Button';
import { errorDetail, trpc } from '../../lib/trpc';
import { useAuth } from '../auth/AuthProvider';

interface Props {
  className?: string;
  /**
   * The lines to ask about (a product page, quick order), any quantity up to the line limit, stock
   * or not; without them the request is for the cart as it is (decision 0180).
   */
  lines?: { sku: string; quantity: number }[];
  /** What the form says first. */
  intro?: string;
  /** Shown above the note (the product page's quantity). */
  children?: ReactNode;
  /** Opened straight away (the caller already showed its own button); Cancel then calls onCancel. */
  startOpen?: boolean;
  onCancel?(): void;
}

/**
 * "Request a quote": the signed-in buyer asks for prices on the cart, or on the lines given, with a
 * note and a date. The cart is not changed.
 */
export function RequestQuote({ className = '', lines, intro, children, startOpen = false, onCancel }: Props) {
  const { user } = useAuth();
  const [open, setOpen] = useState(startOpen);
  const [note, setNote] = useState('');
  const [date, setDate] = useState('');
  const request = trpc.quotes.request.useMutation();
  const utils = trpc.useUtils();
  const navigate = useNavigate();

  async function send() {
    try {
      if (lines && lines.length === 0) return toast.error('Enter the quantities to ask about first');
      const q = await request.mutateAsync({ ...(lines ? { lines } : {}), note: note.trim() || null, target_date: date || null });
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
      <p className="text-sm text-slate-600">{intro ?? 'Buying in bulk? Ask for a price on this cart. Your cart stays as it is.'}</p>
      {children}
      <label className="mt-2 block text-sm font-medium text-slate-700">
        Note
        <textarea autoFocus={!children} value={note} onChange={(e) => setNote(e.target.value)} maxLength={2000} rows={3} placeholder="e.g. Monthly order for our warehouse" className="mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm" />
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
        <Button size="sm" variant="ghost" onClick={() => (onCancel ? onCancel() : setOpen(false))}>Cancel</Button>
      </div>
    </form>
  );
}
