/**
 * Queries real buyers type, against the seeded catalogue, with (part of) the name of a product
 * that must come back in the first three. Grow this list whenever a buyer's query fails: add it
 * here with what it should have found, then make it pass (decision 0169).
 */
export const FINDS: ReadonlyArray<readonly [query: string, expected: string]> = [
  // typos, forgiven by word length
  ['bubbel wrap', 'Bubble Wrap'],
  ['bubble wrpa', 'Bubble Wrap'],
  ['polymaler', 'Polymailer'],
  ['whte polymailer', 'White Polymailer Bags'],
  ['fragil stickers', 'Fragile Stickers'],
  ['thermel labels', 'Thermal Shipping Labels'],
  ['packng tape', 'Clear Packing Tape'],
  ['premuim black mailer', 'Premium Black Polymailers'],
  // joined, split and hyphenated words, plurals, case and accents
  ['poly mailer', 'Polymailer'],
  ['polymailers', 'Polymailer'],
  ['bubble-wrap', 'Bubble Wrap'],
  ['bubblewrap', 'Bubble Wrap'],
  ['bubble rolls', 'Bubble Wrap Rolls'],
  ['BUBBLE WRAP POUCHES', 'Bubble Wrap Pouches'],
  ['bubblé wrap', 'Bubble Wrap'],
  ['  white   polymailer   bags ', 'White Polymailer Bags'],
  // the local names (seeded synonyms)
  ['courier bag', 'Polymailer'],
  ['courier bags', 'Polymailer'],
  ['mailing bags', 'Polymailer'],
  ['mailer', 'Polymailer'],
  ['pink mailer', 'Pink Polymailer Bags'],
  ['blue mailing bag', 'Baby Blue Polymailer Bags'],
  ['padded envelope', 'Bubble Wrap Pouches'],
  ['air bubble', 'Bubble Wrap'],
  ['shipping label', 'Thermal Shipping Labels'],
  ['waybill sticker', 'Thermal Shipping Labels'],
  ['awb sticker', 'Thermal Shipping Labels'],
  ['thermal label', 'Thermal Shipping Labels'],
  ['opp tape', 'Clear Packing Tape'],
  ['sellotape', 'Clear Packing Tape'],
  ['handle with care', 'Fragile Stickers'],
  ['transparent polymailer', 'Clear Polymailer Bags'],
  // sizes in their usual spellings
  ['17 x 30 cm', 'Polymailer Bags'],
  ['polymailer 25x35', 'Polymailer'],
  ['25x35', 'Polymailer'],
  ['250x350mm', 'Polymailer'],
  ['25 by 35 white', 'White Polymailer'],
  ['black mailer 38x52', 'Black Polymailer'],
  ['thermal labels 100x150', 'Thermal Shipping Labels'],
  ['tape 48mm x 100m', 'Clear Packing Tape'],
  ['clear tape 48mm', 'Clear Packing Tape'],
  // words only in a description or the specifications
  ['tamper evident', 'Polymailer'],
  ['unboxing video', 'Premium'],
  ['waterproof mailer', 'Polymailer'],
  ['heat sealed', 'Bubble Wrap Pouches'],
  // SKUs, whole or a prefix, in any case
  ['polymailers_normal_white_25x35_100', 'White Polymailer Bags'],
  ['POLYMAILERS_NORMAL_PINK_20X30_50', 'Pink Polymailer Bags'],
  ['polymailers_premium_black', 'Premium Black Polymailers'],
  ['POLYMAILERS_NORMAL_BABY BLUE_17X30_100', 'Baby Blue Polymailer Bags'],
  ['white_25x35', 'White Polymailer'],
];

/** Queries that must find nothing at all. */
export const FINDS_NOTHING: readonly string[] = ['xqzvbn', 'asdfghjkl', 'qwertyuiop zxcvb', 'lorem ipsum dolor', 'zzzz'];
