import { Gift } from 'lucide-react';
import { tiersWithUnpickedGifts } from '../../../shared/domain/gift-tiers';
import { useCart } from './CartProvider';

/** At checkout: a reached gift tier whose gift is still unpicked is pointed out before ordering. */
export function GiftReminder() {
  const { cart } = useCart();
  if (!cart) return null;
  const open = tiersWithUnpickedGifts(cart.available_gift_tiers, cart.selected_gifts);
  if (open.length === 0) return null;
  const left = open.reduce((n, x) => n + x.left, 0);
  const tiers = open.map((x) => x.tier.name).join(' and ');
  return (
    <div role="status" data-testid="gift-reminder" className="mt-4 flex gap-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
      <Gift className="mt-0.5 h-4 w-4 flex-none text-amber-600" aria-hidden />
      <p>
        You still have {left === 1 ? 'a free gift' : `${left} free gifts`} to choose ({tiers}).{' '}
        <a href="#free-gifts" className="font-semibold underline underline-offset-2 hover:text-amber-700">
          Choose {left === 1 ? 'it' : 'them'} now
        </a>
      </p>
    </div>
  );
}
