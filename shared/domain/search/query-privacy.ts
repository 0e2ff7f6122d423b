import { normalisedQuery } from './fold';

// Searches are counted by their text (issue 37 point 6), and a buyer sometimes pastes into the box
// what is not a product: an e-mail address, a phone or order number, an NRIC, a card number. Such
// text is not counted at all, so the report never holds personal data (decision 0173).

/** The longest query text kept; longer searches are counted under their first 100 characters. */
const MAX_COUNTED_QUERY_LENGTH = 100;

/** Seven digits or more, spaces, dots, dashes or a plus between them allowed ("+65 9123 4567", "S1234567D"). */
const LONG_NUMBER = /\d(?:[\s.+-]?\d){6,}/;

/** Whether the text looks like personal data: an '@', or a run of 7+ digits. */
export function looksPersonal(text: string): boolean {
  return text.includes('@') || text.includes('＠') || LONG_NUMBER.test(text);
}

/** The text a search is counted under, or null when it is not counted (empty, or looks personal). */
export function countedQuery(text: string): string | null {
  if (looksPersonal(text)) return null;
  const folded = normalisedQuery(text);
  // Checked again once folded: "9123-4567 / 89" folds to digits with spaces.
  if (!folded || looksPersonal(folded)) return null;
  return folded.slice(0, MAX_COUNTED_QUERY_LENGTH).trimEnd();
}
