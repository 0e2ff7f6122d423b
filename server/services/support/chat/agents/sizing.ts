// The sizing agent: the smallest mailer in stock that fits the shopper's item, with links.
import { FLAP_ALLOWANCE_CM, WIDTH_ALLOWANCE_CM, fitsMailer, fittingMailers, normaliseItem, requiredMailer } from '../../../../../shared/domain/mailer-fit';
import { ACTIONS, productLink, type AgentInput, type AgentReply } from '../engine';
import { ASSUMED_FLAT_DEPTH_CM, TYPICAL_ITEMS, parseItem, parseMailerMention } from '../item-dimensions';
import type { ShopData } from '../shop-data';

const SUGGESTIONS = ['A4 documents', 'A pair of jeans', '30 x 20 x 5 cm box', 'Show me prices'];

export async function sizingReply(data: ShopData, input: AgentInput): Promise<AgentReply> {
  const sizes = await data.mailerSizesInStock();
  const mailer = parseMailerMention(input.message);
  if (mailer) return whatFitsReply(mailer);
  const parsed = parseItem(input.message);
  const sizeList = sizes
    .sort((a, b) => a.widthCm * a.heightCm - b.widthCm * b.heightCm)
    .map((s) => `${s.sizeCode} cm`)
    .join(', ');

  if (!parsed) {
    return {
      agentType: 'sizing',
      content:
        `Tell me what you are sending and I will pick the right mailer. Give me its measurements (for example "30 x 20 x 5 cm") ` +
        `or just name it ("A4 documents", "a pair of jeans", "a shoe box").\n\n` +
        (sizeList ? `Polymailer sizes in stock (width x height): ${sizeList}.` : 'Our polymailers are restocking right now.'),
      actions: [ACTIONS.products, ACTIONS.sizeGuide],
      suggestions: SUGGESTIONS,
    };
  }

  const need = requiredMailer(parsed.item);
  const fitting = fittingMailers(parsed.item, sizes);
  const assumption = parsed.assumedDepth ? ` (I assumed it is about ${ASSUMED_FLAT_DEPTH_CM} cm thick)` : '';
  const rule =
    `A flat mailer wraps around the item's thickness, so it needs at least ${need.widthCm} cm across ` +
    `(width + depth + ${WIDTH_ALLOWANCE_CM} cm) and ${need.heightCm} cm tall (length + depth + ${FLAP_ALLOWANCE_CM} cm for the seal).`;

  if (fitting.length === 0) {
    return {
      agentType: 'sizing',
      content:
        `For ${parsed.label}${assumption}, none of the polymailers we have in stock is big enough. ${rule}\n\n` +
        `A carton is the safer choice for this one. Our team can suggest an option or a custom size: reach us on the contact page, we usually reply within 24 hours.`,
      actions: [ACTIONS.contact, ACTIONS.products],
      suggestions: ['What sizes do you have?', 'Bubble wrap prices', 'Talk to a person'],
    };
  }

  const best = fitting[0];
  const roomier = fitting[1];
  const products = await data.mailersWithSize(best.sizeCode, 3);
  const contextId = typeof input.productContext?.product_id === 'string' ? input.productContext.product_id : null;
  // The product the shopper is looking at comes first when it sells the recommended size.
  products.sort((a, b) => Number(b.id === contextId) - Number(a.id === contextId));

  const lines = [
    `For ${parsed.label}${assumption}, I recommend our ${best.sizeCode} cm polymailer (width x height).`,
    rule,
    roomier ? `If you want extra room (or plan to add bubble wrap), go one size up to ${roomier.sizeCode} cm.` : '',
    products.length ? `In stock in ${best.sizeCode} cm:\n${products.map((p) => `• ${p.name}`).join('\n')}` : '',
  ].filter(Boolean);

  return {
    agentType: 'sizing',
    content: lines.join('\n\n'),
    actions: [...products.map((p) => productLink(p, `${p.name} ${best.sizeCode}`)), ACTIONS.sizeGuide],
    suggestions: [`Price of ${best.sizeCode} mailers`, 'Do you give bulk discounts?', 'A pair of jeans'],
  };
}

/** "What fits in a 25x35 bag?": the largest items it holds, and typical items that fit. */
function whatFitsReply(mailer: { widthCm: number; heightCm: number }): AgentReply {
  const size = `${mailer.widthCm}x${mailer.heightCm}`;
  const flat = (depth: number) =>
    `${Math.max(0, mailer.widthCm - WIDTH_ALLOWANCE_CM - depth)} x ${Math.max(0, mailer.heightCm - FLAP_ALLOWANCE_CM - depth)} cm`;
  const fits = TYPICAL_ITEMS.filter((t) => fitsMailer(normaliseItem(t.dims), mailer)).map((t) => t.label);
  const lines = [
    `A ${size} cm mailer holds a flat item up to about ${flat(1)}, or an item 5 cm thick up to about ${flat(5)}.`,
    fits.length ? `For example it fits ${fits.slice(0, 6).join(', ')}.` : 'It is too small for most everyday items; a bigger size may suit you better.',
    'Tell me your item\'s measurements and I will check the fit exactly.',
  ];
  return { agentType: 'sizing', content: lines.join('\n\n'), actions: [ACTIONS.products, ACTIONS.sizeGuide], suggestions: [`Price of ${size} mailers`, '30 x 20 x 5 cm box'] };
}
