import { Check, Gift } from 'lucide-react';
import { useState } from 'react';
import { money } from './money';
import { useCart } from './CartProvider';
import { Thumbnail } from '../../components/Thumbnail';

/**
 * 'Spend $100: choose 1 free gift (0 of 1 chosen)'. The threshold is added when the tier's name
 * does not already say it ('Holiday bonus, orders from $100.00: ...').
 */
function tierHeading(name: string, threshold: number, limit: number, picked: number): string {
  const label = name.includes('$') ? name : `${name}, orders from ${money(threshold)}`;
  const choose = limit === 1 ? 'choose 1 free gift' : `choose up to ${limit} free gifts`;
  return `${label}: ${choose} (${picked} of ${limit} chosen)`;
}

/** Free gifts of the reached tiers; at most gift_limit per tier, the rest dimmed when full. */
export function GiftPicker() {
  const { cart, toggleGift } = useCart();
  const [busy, setBusy] = useState(false);
  const tiers = cart?.available_gift_tiers ?? [];
  if (tiers.length === 0) return null;
  const selected = cart?.selected_gifts ?? [];

  const toggle = async (tierId: string, giftId: string) => {
    setBusy(true);
    await toggleGift(tierId, giftId);
    setBusy(false);
  };

  return (
    <section id="free-gifts" className="scroll-mt-24 rounded-xl border border-amber-200 bg-amber-50/60 p-5" aria-label="Free gifts">
      <h2 className="flex items-center gap-2 text-lg font-semibold text-slate-900">
        <Gift className="h-5 w-5 text-amber-600" aria-hidden /> Choose your free gifts
      </h2>
      <div className="mt-3 space-y-4">
        {tiers.map((tier) => {
          const picked = selected.filter((s) => s.tier_id === tier.id);
          const full = picked.length >= tier.gift_limit;
          return (
            <div key={tier.id}>
              <p className="text-sm font-medium text-slate-800" data-testid="gift-tier-heading">
                {tierHeading(tier.name, tier.spending_threshold, tier.gift_limit, picked.length)}
              </p>
              {/* grid-cols-1 is minmax(0, 1fr): without it a truncated description widens the page on a phone */}
              <ul className="mt-2 grid grid-cols-1 gap-2 sm:grid-cols-2">
                {tier.gift_items.map((g) => {
                  const isPicked = picked.some((p) => p.gift_id === g.id);
                  const elsewhere = !isPicked && selected.some((s) => s.gift_id === g.id);
                  const dimmed = !isPicked && (full || elsewhere);
                  return (
                    <li key={g.id} className="min-w-0">
                      <button
                        type="button"
                        aria-pressed={isPicked}
                        disabled={busy || dimmed}
                        onClick={() => void toggle(tier.id, g.id)}
                        className={`flex w-full items-center gap-3 rounded-lg border p-2 text-left text-sm transition ${
                          isPicked ? 'border-emerald-500 bg-white ring-2 ring-emerald-500' : 'border-slate-200 bg-white hover:border-emerald-300'
                        } ${dimmed ? 'cursor-not-allowed opacity-40' : ''}`}
                      >
                        <Thumbnail url={g.image_url} sizes="48px" box="h-12 w-12 flex-none rounded-md" placeholderClass="bg-amber-100" icon={<Gift className="h-5 w-5 text-amber-600" aria-hidden />} />
                        <span className="min-w-0 flex-1">
                          <span className="block font-medium text-slate-900">{g.name}</span>
                          <span className="block truncate text-xs text-slate-500">{g.description}</span>
                        </span>
                        {isPicked && <Check className="h-5 w-5 flex-none text-emerald-600" aria-label="Selected" />}
                      </button>
                    </li>
                  );
                })}
              </ul>
            </div>
          );
        })}
      </div>
    </section>
  );
}

/** 'Spend $X more for N free gift(s)' with a progress bar (capped at 95%), while no gifts are available. */
export function NearbyTierHint() {
  const { cart } = useCart();
  if (!cart || cart.available_gift_tiers.length > 0) return null;
  const next = cart.nearby_gift_tiers[0];
  if (!next) return null;
  return (
    <div className="rounded-xl border border-emerald-200 bg-emerald-50 p-4 text-sm text-emerald-900" data-testid="nearby-tier">
      <p className="flex items-center gap-2">
        <Gift className="h-4 w-4" aria-hidden />
        Spend <strong>{money(next.amount_needed)}</strong> more to get {next.gift_count} free gift{next.gift_count === 1 ? '' : 's'} ({next.tier_name})
      </p>
      <div className="mt-2 h-2 overflow-hidden rounded-full bg-emerald-100" role="progressbar" aria-valuenow={next.progress} aria-valuemin={0} aria-valuemax={100} aria-label="Progress to free gifts">
        <div className="h-full rounded-full bg-emerald-600 transition-all" style={{ width: `${next.progress}%` }} />
      </div>
    </div>
  );
}
