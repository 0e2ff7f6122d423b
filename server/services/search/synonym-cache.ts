import type { PrismaClient } from '@prisma/client';
import { foldText } from '../../../shared/domain/search/fold';
import { BoundedCache, dbKeyOf } from '../../lib/bounded-cache';
import { onCatalogChanged } from '../../lib/catalog-events';

/** A synonym rule as search applies it: terms as folded word lists. */
export interface SynonymRule {
  /** null: two-way, every term finds what any other finds. Otherwise a query with `from` also finds `terms`. */
  from: string[] | null;
  terms: string[][];
}

const words = (term: string) => foldText(term).split(' ').filter(Boolean);

// Read once per database and kept (the one bounded cache, server/lib/bounded-cache.ts) until the
// catalogue (or a synonym: synonyms.service.ts announces it the same way) changes in this or another
// instance (catalog-sync.ts), so a new rule applies at once.
const rules = new BoundedCache<SynonymRule[]>({ maxEntries: 100, ttlMs: Infinity });
onCatalogChanged(() => rules.clear());

export function synonymRules(db: PrismaClient): Promise<SynonymRule[]> {
  return rules.get(String(dbKeyOf(db)), () =>
    db.searchSynonym
      .findMany({ select: { fromTerm: true, terms: true }, orderBy: { id: 'asc' } })
      .then((rows) =>
        rows
          .map((r) => ({ from: r.fromTerm ? words(r.fromTerm) : null, terms: r.terms.map(words).filter((t) => t.length > 0) }))
          .filter((r) => r.terms.length > 0 && (r.from === null ? r.terms.length > 1 : r.from.length > 0)),
      ),
  );
}
