import { Package, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Link } from '../../lib/router';
import type { CartItemDto } from '../../../shared/schemas/cart.schema';
import { productPath } from '../../../shared/seo/slug';
import { countOf, packLabel, unitNoun } from '../../../shared/domain/product-options';
import { piecePriceLabel } from '../../../shared/domain/piece-price';
import { QuantityStepper } from '../catalog/QuantityStepper';
import { describeRules, rulesOfDto } from '../../../shared/domain/quantity-rules';
import { quantityRuleRefusal } from '../../../shared/domain/quantity-rule-checks';
import { money } from './money';
import { useCart } from './CartProvider';
import { Thumbnail } from '../../components/Thumbnail';

/** One cart line: image, name and attributes, quantity controls (decrease disabled at 1, a typed quantity sent once typing pauses), Remove. */
export function CartLine({ item }: { item: CartItemDto }) {
  const href = productPath({ id: item.product_id, name: item.product_name });
  const { updateItem, removeItem } = useCart();
  const [busy, setBusy] = useState(false);
  const set = async (q: number) => {
    setBusy(true);
    await updateItem(item.id, q);
    setBusy(false);
  };
  const short = item.quantity > item.available;
  const rules = rulesOfDto(item);
  // A rule changed after the line was carted: said here, before checkout refuses it.
  const broken = quantityRuleRefusal(`${item.product_name} ${item.attributes.size} (${item.attributes.pack_size} pcs)`, rules, item.quantity);
  const ruleText = describeRules(rules);
  const piece = piecePriceLabel(item.price, item.attributes.pack_size);
  return (
    <li className="flex gap-4 py-4" data-testid="cart-line">
      <Link to={href} className="flex-none">
        <Thumbnail
          url={item.product_image}
          alt={item.product_name}
          sizes="96px"
          eager
          box="h-20 w-20 rounded-lg sm:h-24 sm:w-24"
          imageClass="border border-slate-200 object-cover"
          placeholderClass="bg-slate-100"
          icon={<Package className="h-8 w-8 text-slate-400" aria-hidden />}
        />
      </Link>
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <div className="flex items-start justify-between gap-2">
          <div className="min-w-0">
            <Link to={href} className="font-medium text-slate-900 hover:text-emerald-700">
              {item.product_name}
            </Link>
            <p className="break-all text-xs text-slate-500">
              {item.attributes.size} cm · {item.attributes.color} · {packLabel(item.attributes.pack_size, item.attributes.type)} · SKU {item.sku}
            </p>
            <p className="text-sm text-slate-600">
              {money(item.price)} per {unitNoun(item.attributes.pack_size)}
              {piece && <span className="text-slate-500"> · {piece}</span>}
            </p>
          </div>
          <p className="flex-none font-semibold text-slate-900" data-testid="line-total">
            {money(item.line_total)}
          </p>
        </div>
        <div className="flex items-center justify-between gap-2">
          {/* Typed quantities are sent once typing pauses; the most is what is available (at least 1). */}
          <QuantityStepper
            value={item.quantity}
            max={Math.max(item.available, 1)}
            pending={busy}
            label={`Quantity of ${item.product_name} ${item.attributes.size} cm, in ${unitNoun(item.attributes.pack_size, 2)}`}
            testId="line-quantity"
            rules={rules}
            onChange={(q) => void set(q)}
          />
          <button type="button" className="inline-flex items-center gap-1 rounded-md px-2 py-1 text-sm text-red-600 hover:bg-red-50" onClick={() => void removeItem(item.id)} disabled={busy}>
            <Trash2 className="h-4 w-4" aria-hidden /> Remove
          </button>
        </div>
        {ruleText && !broken && <p className="text-xs text-slate-500" data-testid="line-rules">{ruleText}</p>}
        {broken && <p className="text-xs text-amber-700">{broken}</p>}
        {short && <p className="text-xs text-amber-700">Only {countOf(item.available, item.attributes.pack_size)} available now — please lower the quantity.</p>}
      </div>
    </li>
  );
}
