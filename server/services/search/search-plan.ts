import { allowedTypos, singular, typoDistance } from '../../../shared/domain/search/typos';
import type { SizeInQuery } from '../../../shared/domain/search/sizes';
import type { SynonymRule } from './synonym-cache';

// What a query asks of the catalogue, built from its words, the dictionary's corrections and the
// owner's synonyms, as PostgreSQL full-text queries (to_tsquery('english', ...): stemming makes
// plurals match). Pure: the service looks the words up and the SQL (search.sql.ts) runs the plan.

type Node = { kind: 'word'; word: string; prefix: boolean; typo: boolean } | { kind: 'and' | 'or'; items: Node[] };

export interface SearchPlan {
  /** Every way the words may match, typos included: what a product must match. Null: words play no part. */
  fuzzy: string | null;
  /** The same without corrected typos; null when nothing can match without one. */
  exact: string | null;
  /** The folded words as typed, for an exact phrase in the name. */
  phrase: string;
  /** The phrase with each typo corrected to its nearest word, when there was one. */
  correctedPhrase: string | null;
  /** The query as a SKU (or the start of one), when it can be one. */
  sku: string | null;
  sizes: SizeInQuery[];
  /** Words that were corrected, and to what (for "Did you mean"). */
  corrections: Map<string, string>;
}

export interface PlanInput {
  /** Folded query words, sizes taken out. */
  words: string[];
  sizes: SizeInQuery[];
  /** The query as typed, trimmed. */
  raw: string;
  /** For each word, dictionary words that look like it (checked here against the typos it may have). */
  similar: Map<string, string[]>;
  /** Adjacent words written together that the dictionary knows ("poly mailer" -> "polymailer"). */
  joined: Set<string>;
  synonyms: SynonymRule[];
  /** The last word may be the start of a longer one (as the shopper types). */
  prefixLast: boolean;
}

const SKU_LIKE = /^[a-z0-9][a-z0-9_\-./ ]{2,99}$/;

/**
 * The query as (part of) a SKU: SKU characters, at least 3, with a digit or a separator in it
 * ("pm-25", "polymailers_normal") and, if it has a space (a colour in a SKU: "..._baby blue_17x30"),
 * a separator too. A plain word or phrase ("polymailer", "white polymailer 25") is words: matching
 * it against every SKU would cost every search and find nothing the words do not.
 */
function skuOf(raw: string): string | null {
  const s = raw.trim().toLowerCase();
  if (!SKU_LIKE.test(s)) return null;
  const separator = /[_\-./]/.test(s);
  return (s.includes(' ') ? separator : separator || /\d/.test(s)) ? s : null;
}

/** Dictionary words within the typos a word forgives, nearest first. */
function typoAlternatives(word: string, candidates: Iterable<string>): string[] {
  const max = allowedTypos(word);
  if (max === 0) return [];
  const found: { w: string; d: number }[] = [];
  const own = singular(word);
  for (const c of new Set(candidates)) {
    // The same word in the plural or singular is no typo: stemming matches it already.
    if (c === word || singular(c) === own) continue;
    const d = typoDistance(word, c, max);
    if (d <= max) found.push({ w: c, d });
  }
  return found.sort((a, b) => a.d - b.d || a.w.localeCompare(b.w)).map((f) => f.w);
}

const word = (w: string, typo = false, prefix = false): Node => ({ kind: 'word', word: w, prefix, typo });
const and = (items: Node[]): Node => (items.length === 1 ? items[0] : { kind: 'and', items });
const or = (items: Node[]): Node => (items.length === 1 ? items[0] : { kind: 'or', items });

/** Where a synonym term starts at position i: how it matched (null: it does not). */
function termAt(term: string[], i: number, forms: Set<string>[], typoForms: Set<string>[]): 'exact' | 'typo' | null {
  if (i + term.length > forms.length) return null;
  let how: 'exact' | 'typo' = 'exact';
  for (let j = 0; j < term.length; j++) {
    const w = singular(term[j]);
    if (forms[i + j].has(w)) continue;
    if (typoForms[i + j].has(w)) how = 'typo';
    else return null;
  }
  return how;
}

const termNode = (term: string[], typo: boolean) => and(term.map((w) => word(w, typo)));

export function buildPlan(input: PlanInput): SearchPlan {
  const { words } = input;
  const corrections = new Map<string, string>();
  const positions: Node[] = words.map((w, i) => {
    const prefix = input.prefixLast && i === words.length - 1 && w.length >= 3 && !/^\d+$/.test(w);
    const typos = typoAlternatives(w, input.similar.get(w) ?? []);
    if (typos.length) corrections.set(w, typos[0]);
    return or([word(w, false, prefix), ...typos.slice(0, 6).map((t) => word(t, true))]);
  });
  const forms = words.map((w) => new Set([singular(w)]));
  const typoForms = words.map((w) => new Set(typoAlternatives(w, input.similar.get(w) ?? []).map(singular)));

  const groups: Node[] = [];
  for (let i = 0; i < words.length; ) {
    // The longest synonym term starting here; every rule with a term over the same words adds its other terms.
    let span = 0;
    let options: Node[] = [];
    for (const rule of input.synonyms) {
      const sources = rule.from ? [rule.from] : rule.terms;
      for (const term of sources) {
        const how = termAt(term, i, forms, typoForms);
        if (!how || term.length < span) continue;
        const targets = rule.from ? rule.terms : rule.terms.filter((t) => t !== term);
        const nodes = targets.map((t) => termNode(t, how === 'typo'));
        if (term.length > span) {
          span = term.length;
          options = nodes;
        } else options.push(...nodes);
      }
    }
    if (span > 0) {
      groups.push(or([and(positions.slice(i, i + span)), ...options]));
      i += span;
      continue;
    }
    const pair = i + 1 < words.length ? words[i] + words[i + 1] : null;
    if (pair && input.joined.has(pair)) {
      groups.push(or([and([positions[i], positions[i + 1]]), word(pair)]));
      i += 2;
      continue;
    }
    groups.push(positions[i]);
    i += 1;
  }

  const tree = groups.length ? and(groups) : null;
  return {
    fuzzy: tree ? render(tree, 'fuzzy') : null,
    exact: tree ? render(tree, 'exact') : null,
    phrase: words.join(' '),
    correctedPhrase: corrections.size ? words.map((w) => corrections.get(w) ?? w).join(' ') : null,
    // A size alone ("25x35") is a size, not the start of a SKU.
    sku: input.sizes.length && !words.length ? null : skuOf(input.raw),
    sizes: input.sizes,
    corrections,
  };
}

/** The node as to_tsquery text; words are folded ([a-z0-9] only), so nothing needs quoting. */
function render(node: Node, mode: 'fuzzy' | 'exact'): string | null {
  if (node.kind === 'word') {
    if (node.typo && mode !== 'fuzzy') return null;
    return node.prefix ? `${node.word}:*` : node.word;
  }
  const parts = node.items.map((n) => render(n, mode));
  if (node.kind === 'and') return parts.some((p) => p === null) ? null : `(${parts.join(' & ')})`;
  const kept = parts.filter((p): p is string => p !== null);
  return kept.length ? `(${kept.join(' | ')})` : null;
}
