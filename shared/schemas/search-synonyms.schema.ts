import { z } from 'zod';
import { foldText } from '../domain/search/fold';
import { idSchema } from './common.schema';

// Synonym groups the owner keeps (issue 37 point 4, decision 0173). Terms are stored folded as
// search folds a query (shared/domain/search/fold.ts), so what the owner sees is what search matches.

const MAX_SYNONYM_TERMS = 20;
const MAX_SYNONYM_TERM_LENGTH = 60;
/** Every search reads every group (synonym-cache.ts): a bound keeps that cheap. */
export const MAX_SYNONYM_GROUPS = 500;

/** A term as typed, before folding: generous, so the folded length is what the owner is told about. */
const rawTerm = z.string({ error: 'Each term must be text' }).max(200, 'A term must be 60 characters or fewer');

/** Terms folded and without repeats ("Courier Bag" and "courier-bag" are one term). */
const distinctFolded = (terms: string[]) => [...new Set(terms.map(foldText))];

const synonymFields = z.object({
  terms: z.array(rawTerm, { error: 'terms must be a list of words or phrases' }).min(1, 'Add at least one term').max(50, `A group holds at most ${MAX_SYNONYM_TERMS} terms`),
  /** Set: a one-way rule (a search for from_term also finds what the terms find). Absent or null: two-way. */
  from_term: rawTerm.nullish(),
});

type SynonymFields = z.infer<typeof synonymFields>;

/** The rules that need the whole group; the checked value is the folded one. */
function checkGroup(v: SynonymFields, ctx: z.RefinementCtx) {
  const problem = synonymProblem(v.terms, v.from_term ?? null);
  if (problem) ctx.addIssue({ code: 'custom', message: problem.message, path: [problem.field] });
}

/**
 * Why a group cannot be kept (folded terms, folded from_term), or null. Shared with the form, so the
 * browser says the server's words before sending.
 */
export function synonymProblem(rawTerms: string[], rawFrom: string | null): { field: 'terms' | 'from_term'; message: string } | null {
  const folded = rawTerms.map(foldText);
  const emptyAt = folded.findIndex((t) => t === '');
  if (emptyAt >= 0) {
    const shown = rawTerms[emptyAt].trim();
    return { field: 'terms', message: shown ? `"${shown.slice(0, 40)}" has no letters or digits to search for` : 'A term cannot be empty' };
  }
  const long = folded.find((t) => t.length > MAX_SYNONYM_TERM_LENGTH);
  if (long) return { field: 'terms', message: `"${long.slice(0, 40)}..." is too long: a term must be ${MAX_SYNONYM_TERM_LENGTH} characters or fewer` };
  const terms = distinctFolded(rawTerms);
  if (terms.length > MAX_SYNONYM_TERMS) return { field: 'terms', message: `A group holds at most ${MAX_SYNONYM_TERMS} terms` };
  if (rawFrom === null) {
    if (terms.length < 2) return { field: 'terms', message: 'A two-way group needs at least 2 different terms' };
    return null;
  }
  const from = foldText(rawFrom);
  if (!from) return { field: 'from_term', message: 'The searched word of a one-way rule needs letters or digits' };
  if (from.length > MAX_SYNONYM_TERM_LENGTH) return { field: 'from_term', message: `The searched word must be ${MAX_SYNONYM_TERM_LENGTH} characters or fewer` };
  if (terms.includes(from)) return { field: 'from_term', message: `"${from}" cannot also be one of the terms it finds` };
  return null;
}

export const synonymInput = synonymFields.superRefine(checkGroup);
export type SynonymInput = z.output<typeof synonymInput>;
export const updateSynonymInput = synonymFields.extend({ id: idSchema }).superRefine(checkGroup);

/**
 * What a valid input is stored as: folded, distinct, in the order typed. (Done by the service
 * rather than a transform of the input, which the OpenAPI adapter cannot describe.)
 */
export const foldedGroup = (v: SynonymInput) => ({ terms: distinctFolded(v.terms), fromTerm: v.from_term == null ? null : foldText(v.from_term) });

export const synonymOutput = z.object({
  id: z.string(),
  /** two_way: every term finds what any term finds; one_way: from_term also finds what the terms find. */
  kind: z.enum(['two_way', 'one_way']),
  from_term: z.string().nullable(),
  terms: z.array(z.string()),
  updated_at: z.string(),
});
export type SynonymOutput = z.infer<typeof synonymOutput>;
