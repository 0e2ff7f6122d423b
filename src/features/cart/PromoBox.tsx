import { Tag, X } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../components/ui/Button';
import { money } from './money';
import { useCart } from './CartProvider';

/** Coupon code box: upper-case input, Apply disabled while blank or applying, Remove. */
export function PromoBox() {
  const { cart, applyCoupon, removeCoupon } = useCart();
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const applied = cart?.applied_coupon;

  const apply = async () => {
    if (!code.trim()) return; // the cart box ignores blank input
    setBusy(true);
    const ok = await applyCoupon(code);
    setBusy(false);
    if (ok) setCode('');
  };

  if (applied) {
    return (
      <div className="flex items-center justify-between rounded-lg border border-emerald-200 bg-emerald-50 px-3 py-2 text-sm">
        <span className="flex items-center gap-2 text-emerald-800">
          <Tag className="h-4 w-4" aria-hidden />
          <span>
            <strong data-testid="applied-coupon">{applied.code}</strong> applied — you save {money(cart?.discount ?? 0)}
          </span>
        </span>
        <button type="button" onClick={() => void removeCoupon()} className="flex items-center gap-1 rounded p-1 text-slate-600 hover:bg-emerald-100" aria-label="Remove coupon">
          <X className="h-4 w-4" aria-hidden /> Remove
        </button>
      </div>
    );
  }
  return (
    <form
      className="flex gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        void apply();
      }}
    >
      <label htmlFor="coupon-code" className="sr-only">
        Coupon code
      </label>
      <input
        id="coupon-code"
        value={code}
        onChange={(e) => setCode(e.target.value.toUpperCase())}
        placeholder="Coupon code"
        autoComplete="off"
        maxLength={50}
        className="min-w-0 flex-1 rounded-lg border border-slate-300 px-3 py-2 text-sm uppercase shadow-sm focus:outline-none focus:ring-2 focus:ring-emerald-500"
      />
      <Button type="submit" variant="outline" disabled={!code.trim() || busy}>
        {busy ? 'Applying...' : 'Apply'}
      </Button>
    </form>
  );
}
