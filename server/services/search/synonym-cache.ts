import type { PrismaClient } from '@prisma/client';
import { foldText } from '../../../shared/domain/search/fold';
import { onCatalogChanged } from '../../lib/catalog-events';

/** A synonym rule as search applies it: terms as folded word lists. */
export interface SynonymRule {
  /** null: two-way, every term finds what any other finds. Otherwise a query with `from` also finds `terms`. */
  from: string[] | null;
  terms: string[][];
}

const words = (term: string) => foldText(term).split(' ').filter(Boolean);

// Read once per database and kept until the catalogue (or a synonym: synonyms.service.ts announces
// it the same way) changes in this or another instance (catalog-sync.ts), so a new rule applies at once.
const cache = new WeakMap<object, Promise<SynonymRule[]>>();
let generation = 0;
onCatalogChanged(() => {
  generation++;
});
const loadedAt = new WeakMap<object, number>();

export function synonymRules(db: PrismaClient): Promise<SynonymRule[]> {
  const hit = cache.get(db);
  if (hit && loadedAt.get(db) === generation) return hit;
  const load = db.searchSynonym
    .findMany({ select: { fromTerm: true, terms: true }, orderBy: { id: 'asc' } })
    .then((rows) =>
      rows
        .map((r) => ({ from: r.fromTerm ? words(r.fromTerm) : null, terms: r.terms.map(words).filter((t) => t.length > 0) }))
        .filter((r) => r.terms.length > 0 && (r.from === null ? r.terms.length > 1 : r.from.length > 0)),
    );
  load.catch(() => cache.delete(db));
  cache.set(db, load);
  loadedAt.set(db, generation);
  return load;
}
