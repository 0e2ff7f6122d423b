import type { Prisma } from '@prisma/client';

// The local names of what the shop sells (decision 0169), given to every shop once: a new shop when
// it is seeded, a shop from before search when it next starts. Not in the migration, because a
// backup's dump.sql runs the migrations and then loads the backed-up rows, which would collide.
// The owner edits them in the back office (Search); deleting one does not bring it back.
const SEED_SYNONYMS: { id: string; fromTerm: string | null; terms: string[] }[] = [
  { id: 'syn_seed_mailer_names', fromTerm: null, terms: ['polymailer', 'poly mailer', 'courier bag', 'mailing bag', 'mailer bag', 'poly bag', 'postage bag', 'shipping bag', 'flyer'] },
  { id: 'syn_seed_mailer', fromTerm: 'mailer', terms: ['polymailer'] },
  { id: 'syn_seed_bubble', fromTerm: null, terms: ['bubble wrap', 'bubble pack', 'air bubble', 'bubble film', 'bubble roll'] },
  { id: 'syn_seed_bubble_bag', fromTerm: null, terms: ['bubble pouch', 'bubble bag', 'bubble envelope', 'padded envelope'] },
  { id: 'syn_seed_label', fromTerm: null, terms: ['thermal label', 'shipping label', 'waybill', 'airway bill', 'awb sticker', 'waybill sticker'] },
  { id: 'syn_seed_tape', fromTerm: null, terms: ['packing tape', 'opp tape', 'sealing tape', 'parcel tape', 'carton tape', 'sellotape', 'scotch tape'] },
  { id: 'syn_seed_fragile', fromTerm: null, terms: ['fragile sticker', 'handle with care', 'fragile label'] },
  { id: 'syn_seed_clear', fromTerm: null, terms: ['clear', 'transparent', 'see through'] },
  { id: 'syn_seed_grey', fromTerm: null, terms: ['grey', 'gray'] },
  { id: 'syn_seed_colour', fromTerm: null, terms: ['colour', 'color'] },
];

const SEEDED_KEY = 'search_synonyms_seeded';

/**
 * Adds the local names once per database (a settings row says it was done); true when it did now.
 * Inside the caller's unit of work: the claim and the names commit together, so a failure between
 * them cannot leave a shop marked as given names it never got.
 */
export async function seedSynonymsOnce(db: Prisma.TransactionClient): Promise<boolean> {
  const claimed = await db.setting.createMany({ data: [{ key: SEEDED_KEY, value: new Date().toISOString() }], skipDuplicates: true });
  if (claimed.count === 0) return false;
  await db.searchSynonym.createMany({ data: SEED_SYNONYMS, skipDuplicates: true });
  return true;
}

