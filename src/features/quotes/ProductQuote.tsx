import { useState } from 'react';
import { MAX_LINE_QUANTITY } from '../../../shared/schemas/cart.schema';
import type { ProductDetail } from '../../../shared/schemas/catalog.schema';
import { Navigate, useLocation } from '../../lib/router';
import { useAuth } from '../auth/AuthProvider';
import { RequestQuote } from './RequestQuote';

type ProductVariant = ProductDetail['variants'][number];

/**
 * "Request a quote" on the product page, for the chosen variant: any number of packs up to the line
 * limit, more than is in stock too (the add-to-cart stepper stops at stock), asked for without the
 * cart (decision 0180). Its own chunk: the product page loads it when the buyer asks.
 */
export default function ProductQuote({ name, variant: v, quantity, onClose }: { name: string; variant: ProductVariant; quantity: number; onClose(): void }) {
  const { isSignedIn } = useAuth();
  const { pathname } = useLocation();
  const [text, setText] = useState(String(quantity));
  const sku = v.sku;
  const label = `${name} ${v.attributes.size_code} (${v.attributes.pack_size} pcs)`;
  const available = v.on_hand === 0 ? 0 : Math.max(v.available, 0);
  const packs = Number(text);
  const valid = Number.isInteger(packs) && packs >= 1 && packs <= MAX_LINE_QUANTITY;
  // A quote is a signed-in buyer's: anyone else signs in first and comes back to this page.
  if (!isSignedIn) return <Navigate to="/login" state={{ from: pathname }} />;
  return (
    <RequestQuote
      startOpen
      onCancel={onClose}
      lines={valid ? [{ sku, quantity: packs }] : []}
      intro={`Need more than we have in stock, or a volume price? Ask for a quote on ${label}. Your cart stays as it is.`}
    >
      <label className="mt-2 block text-sm font-medium text-slate-700">
        Packs
        <input
          autoFocus
          type="number"
          inputMode="numeric"
          min={1}
          max={MAX_LINE_QUANTITY}
          step={1}
          value={text}
          onChange={(e) => setText(e.target.value)}
          aria-invalid={!valid}
          aria-describedby="quote-packs-hint"
          className="mt-1 block w-40 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm"
        />
      </label>
      <p id="quote-packs-hint" className={`mt-1 text-xs ${valid ? 'text-slate-500' : 'text-red-700'}`}>
        {valid ? `${available > 0 ? `${available} in stock now; ` : ''}any quantity up to ${MAX_LINE_QUANTITY.toLocaleString('en-SG')} packs` : `Enter a whole number of packs from 1 to ${MAX_LINE_QUANTITY.toLocaleString('en-SG')}`}
      </p>
    </RequestQuote>
  );
}
