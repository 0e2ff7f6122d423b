import type { PrismaClient } from '@prisma/client';
import { conflict, notFound } from '../../../shared/errors';
import { foldedGroup, MAX_SYNONYM_GROUPS, type SynonymInput, type SynonymOutput } from '../../../shared/schemas/search-synonyms.schema';
import { newId } from '../../db/ids';
import { noteCatalogueChanged, unitOfWork } from '../../db/unit-of-work';
import { lockSynonyms } from './synonyms.sql';

// The owner's synonym groups (issue 37 point 4, decision 0173). Every change is noted on the unit
// of work as a catalogue change: once it commits, the search's synonym and plan caches and the
// listing caches are dropped here and, through NOTIFY, on every other instance, so it applies at once.

const select = { id: true, fromTerm: true, terms: true, updatedAt: true } as const;
type Row = { id: string; fromTerm: string | null; terms: string[]; updatedAt: Date };

const toWire = (r: Row): SynonymOutput => ({
  id: r.id,
  kind: r.fromTerm === null ? 'two_way' : 'one_way',
  from_term: r.fromTerm,
  terms: r.terms,
  updated_at: r.updatedAt.toISOString(),
});

const NOT_FOUND = 'Synonym group not found';

/** Every group, in the order the owner reads them: by the word searched (a one-way rule's) or the first term. */
export async function listSynonyms(db: PrismaClient): Promise<SynonymOutput[]> {
  const rows = await db.searchSynonym.findMany({ select, take: MAX_SYNONYM_GROUPS * 2 });
  const label = (r: Row) => r.fromTerm ?? r.terms[0] ?? '';
  return rows.sort((a, b) => label(a).localeCompare(label(b)) || a.id.localeCompare(b.id)).map(toWire);
}

export async function createSynonym(db: PrismaClient, input: SynonymInput): Promise<SynonymOutput> {
  const row = await unitOfWork(db, async (tx) => {
    await lockSynonyms(tx);
    const groups = await tx.searchSynonym.count();
    if (groups >= MAX_SYNONYM_GROUPS) throw conflict(`The shop keeps at most ${MAX_SYNONYM_GROUPS} synonym groups: delete one before adding another`);
    noteCatalogueChanged(tx, 'synonyms');
    return tx.searchSynonym.create({ data: { id: newId(), ...foldedGroup(input) }, select });
  });
  return toWire(row);
}

export async function updateSynonym(db: PrismaClient, id: string, input: SynonymInput): Promise<SynonymOutput> {
  const row = await unitOfWork(db, async (tx) => {
    noteCatalogueChanged(tx, 'synonyms');
    const { count } = await tx.searchSynonym.updateMany({ where: { id }, data: foldedGroup(input) });
    if (!count) throw notFound(NOT_FOUND);
    return tx.searchSynonym.findUniqueOrThrow({ where: { id }, select });
  });
  return toWire(row);
}

export async function deleteSynonym(db: PrismaClient, id: string): Promise<{ ok: boolean; message: string }> {
  await unitOfWork(db, async (tx) => {
    noteCatalogueChanged(tx, 'synonyms');
    const { count } = await tx.searchSynonym.deleteMany({ where: { id } });
    if (!count) throw notFound(NOT_FOUND);
  });
  return { ok: true, message: 'Synonym group deleted' };
}
