// The sales agent: real prices and tiers, bulk discounts, coupons, gift tiers, add-to-cart actions.
import { formatMoney, toDollars } from '../../../../../shared/domain/money';
import { unitPriceFor } from '../../../../../shared/domain/pricing';
import type { ChatAction } from '../../../../../shared/schemas/chat.schema';
import { ACTIONS, productLink, type AgentInput, type AgentReply } from '../engine';
import { variantAvailable, type QuoteProduct, type QuoteVariant, type ShopData } from '../shop-data';
import { parseProductQuery, type ParsedProductQuery } from './product-query';

const money = (cents: number) => formatMoney(toDollars(cents));
const tiersOf = (v: QuoteVariant) => v.priceTiers.map((t) => ({ min_quantity: t.minQuantity, price: t.priceCents }));
const reply = (content: string, actions: ChatAction[], suggestions: string[]): AgentReply => ({ agentType: 'sales', content, actions, suggestions });

function tierText(v: QuoteVariant): string {
  const [first, ...more] = v.priceTiers;
  if (!first) return 'price on request';
  const extra = more.map((t) => `${money(t.priceCents)} from ${t.minQuantity} packs`).join(', ');
  return `${money(first.priceCents)} per pack${extra ? `; ${extra}` : ''}`;
}

const stockText = (v: QuoteVariant) => {
  const n = variantAvailable(v);
  return n > 0 ? `${n} available` : 'out of stock';
};

function describeProduct(p: QuoteProduct, size?: string): string {
  const variants = size ? p.variants.filter((v) => v.sizeCode === size) : p.variants;
  if (size && variants.length) {
    return [`${p.name}, ${size} cm:`, ...variants.map((v) => `• Pack of ${v.packSize}: ${tierText(v)} (${stockText(v)})`)].join('\n');
  }
  const from = Math.min(...p.variants.map((v) => v.priceTiers.at(-1)?.priceCents ?? Infinity));
  const sizes = [...new Set(p.variants.map((v) => v.sizeCode))].join(', ');
  const packs = [...new Set(p.variants.map((v) => v.packSize))].sort((a, b) => a - b).join(', ');
  return `${p.name}: sizes ${sizes} cm, packs of ${packs}; from ${Number.isFinite(from) ? money(from) : 'n/a'} per pack at bulk tiers.`;
}

/** Standard products before premium ones unless the shopper asked for premium. */
async function find(data: ShopData, q: ParsedProductQuery, limit: number): Promise<QuoteProduct[]> {
  const found = await data.findProducts(q, limit + 2);
  if (!q.type) found.sort((a, b) => Number(a.type === 'premium') - Number(b.type === 'premium'));
  return found.slice(0, limit);
}

async function queryFor(data: ShopData, input: AgentInput): Promise<ParsedProductQuery> {
  const q = parseProductQuery(input.message, await data.colors());
  const contextId = typeof input.productContext?.product_id === 'string' ? input.productContext.product_id : undefined;
  // "How much is this?" on a product page means the product on screen.
  if (contextId && !q.colors && !q.category && !q.nameContains && !q.type) q.productId = contextId;
  // Without a named kind ("bubble", "tape"), "white 25x35" means our main product, the polymailer.
  else if (!q.category && !q.nameContains && q.type !== 'bubble wrap') q.category = 'polymailers';
  return q;
}

export async function quoteReply(data: ShopData, input: AgentInput): Promise<AgentReply> {
  const q = await queryFor(data, input);
  const products = q.specific || q.productId ? await find(data, q, 2) : [];
  if (products.length === 0) {
    return reply(
      `Our polymailers start from ${formatMoney(7.99)} a pack, with bulk discounts from 25 packs. Tell me the colour and size ` +
        `(for example "white 25x35 price") and I will quote the exact pack prices from the catalogue.`,
      [ACTIONS.products],
      ['White 25x35 price', 'Pink 20x30 price', 'Bubble wrap pouch price', 'Do you give bulk discounts?'],
    );
  }
  const text = products.map((p) => describeProduct(p, q.sizeCode)).join('\n\n');
  const first = products[0];
  const variant = pickVariant(first, q);
  const actions: ChatAction[] = products.map((p) => productLink(p, `View ${p.name}`));
  if (variant && variantAvailable(variant) > 0) {
    actions.push({ type: 'add_to_cart', label: 'Add to cart', payload: { variant_id: variant.id, quantity: 1 } });
  }
  return reply(
    `${text}\n\nPrices are per pack and include GST; the per-pack price drops as you buy more packs of the same item.`,
    actions,
    ['Do you give bulk discounts?', 'Any coupon codes?', 'Free gifts?'],
  );
}

function pickVariant(p: QuoteProduct, q: ParsedProductQuery): QuoteVariant | undefined {
  const candidates = p.variants.filter((v) => (!q.sizeCode || v.sizeCode === q.sizeCode) && (!q.packSize || v.packSize === q.packSize));
  if (!q.sizeCode && new Set(p.variants.map((v) => v.sizeCode)).size > 1) return undefined;
  return candidates.find((v) => v.packSize === 50 && variantAvailable(v) > 0) ?? candidates.find((v) => variantAvailable(v) > 0) ?? candidates[0];
}

export async function addToCartReply(data: ShopData, input: AgentInput): Promise<AgentReply> {
  const q = await queryFor(data, input);
  const [product] = q.specific || q.productId ? await find(data, q, 1) : [];
  if (!product) {
    return reply('Which item should I add? Tell me the colour, size and pack, for example "add 2 packs of white 25x35".', [ACTIONS.products], [
      'Add 1 pack of white 25x35',
      'White 25x35 price',
    ]);
  }
  const variant = pickVariant(product, q);
  if (!variant) {
    const sizes = [...new Set(product.variants.map((v) => v.sizeCode))];
    return reply(`${product.name} comes in ${sizes.join(', ')} cm. Which size should I add?`, [productLink(product, `View ${product.name}`)], sizes
      .slice(0, 4)
      .map((s) => `Add ${product.color} ${s} to cart`));
  }
  const quantity = Math.max(1, q.quantity ?? 1);
  const available = variantAvailable(variant);
  if (available < quantity) {
    return reply(
      available > 0
        ? `Only ${available} pack${available === 1 ? '' : 's'} of ${product.name} ${variant.sizeCode} (pack of ${variant.packSize}) are available right now.`
        : `${product.name} ${variant.sizeCode} (pack of ${variant.packSize}) is out of stock at the moment. Another pack size or colour may be available.`,
      [productLink(product, `View ${product.name}`)],
      ['What sizes do you have?', 'Talk to a person'],
    );
  }
  const unit = unitPriceFor(tiersOf(variant), quantity);
  return reply(
    `${quantity} x ${product.name} ${variant.sizeCode} cm, pack of ${variant.packSize}: ${money(unit)} per pack, ${money(unit * quantity)} in total. ` +
      'Press "Add to cart" below and I will put it in your cart.',
    [{ type: 'add_to_cart', label: 'Add to cart', payload: { variant_id: variant.id, quantity } }, ACTIONS.cart],
    ['Any coupon codes?', 'Free gifts?', 'How long does delivery take?'],
  );
}

/** "2000 mailers" / "1,000 pcs": the quantity the shopper has in mind, if they gave one. */
function askedQuantity(message: string): number | null {
  const m = /([\d,]{3,}) ?(pcs|pieces|mailers?|polymailers?|bags?|units?|envelopes?)\b/i.exec(message);
  const n = m ? Number(m[1].replace(/,/g, '')) : NaN;
  return Number.isFinite(n) && n > 0 ? n : null;
}

export async function bulkReply(data: ShopData, message = ''): Promise<AgentReply> {
  const [sample] = await data.findProducts({ category: 'polymailers' }, 1);
  const v = sample?.variants.find((x) => x.priceTiers.length > 1);
  let tiers = 'The per-pack price drops at higher quantities of the same item.';
  if (v) {
    const base = v.priceTiers[0].priceCents;
    tiers =
      'Polymailer packs get cheaper the more packs of the same item you buy: ' +
      v.priceTiers
        .slice(1)
        .map((t) => `${Math.round((1 - t.priceCents / base) * 100)}% off from ${t.minQuantity} packs`)
        .join(', ') +
      `. For example ${sample!.name} ${v.sizeCode} (pack of ${v.packSize}): ${tierText(v)}.`;
  }
  const coupons = await data.activeCoupons();
  const big = coupons.filter((c) => c.minOrderCents >= 10000).map(couponText);
  const wanted = askedQuantity(message);
  const quote = wanted
    ? `For ${wanted.toLocaleString('en-SG')} mailers, the tiers above apply per item: for example ${Math.ceil(wanted / 50).toLocaleString('en-SG')} packs of 50 or ${Math.ceil(wanted / 1000).toLocaleString('en-SG')} packs of 1000. For a quantity like that we are also happy to quote a bulk price: press "Get Bulk Quote" and tell us the sizes and colours.`
    : 'For orders beyond our listed tiers, ask us for a bulk quote.';
  return reply(
    [tiers, 'Bigger packs (500 and 1000 pieces) also cost less per piece.', ...big, quote].join('\n\n'),
    [ACTIONS.products, { type: 'contact', label: 'Get Bulk Quote', url: '/contact' }],
    ['Any coupon codes?', 'Free gifts?', 'White 25x35 price'],
  );
}

function couponText(c: { code: string; type: string; value: number; minOrderCents: number; validTo: Date }): string {
  const off = c.type === 'percent' ? `${c.value / 100}% off` : `${money(c.value)} off`;
  const min = c.minOrderCents > 0 ? ` orders of ${money(c.minOrderCents)} or more` : ' any order';
  return `• ${c.code}: ${off}${min} (valid until ${c.validTo.toLocaleDateString('en-SG', { day: 'numeric', month: 'long', year: 'numeric' })})`;
}

export async function couponsReply(data: ShopData): Promise<AgentReply> {
  const coupons = await data.activeCoupons();
  const content = coupons.length
    ? `Coupons you can use right now (enter the code in the promo box in your cart):\n${coupons.map(couponText).join('\n')}\n\nBulk tiers also lower the per-pack price from 25 packs.`
    : 'There are no coupon codes running right now, but bulk tiers lower the per-pack price from 25 packs, and spending tiers earn free gifts.';
  return reply(content, [ACTIONS.cart, ACTIONS.products], ['Free gifts?', 'Do you give bulk discounts?']);
}

export async function giftsReply(data: ShopData): Promise<AgentReply> {
  const tiers = await data.giftTiers();
  if (tiers.length === 0) return reply('There are no free-gift tiers running at the moment.', [ACTIONS.products], ['Any coupon codes?']);
  const lines = tiers.map((t) => {
    const items = t.items.filter((i) => i.giftItem.stockQuantity - i.giftItem.allocated > 0).map((i) => i.giftItem.name);
    return `• ${t.name}: choose ${t.giftLimit} free gift${t.giftLimit === 1 ? '' : 's'}${items.length ? ` from ${items.join(', ')}` : ''} on orders of ${money(t.spendingThresholdCents)} or more`;
  });
  return reply(`Free gifts by order value:\n${lines.join('\n')}\n\nPick your gifts in the cart once your subtotal reaches a tier.`, [ACTIONS.cart], [
    'Any coupon codes?',
    'Do you give bulk discounts?',
  ]);
}
