import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct } from '../factories/catalog';
import { createPostgresDb } from '../setup/test-db';

// Two catalogue writes at once that bring the same new words to the search dictionary, in crossed
// order: before migration 0023 the second waited on the first's uncommitted word and the first on
// the second's, and PostgreSQL broke the circle with "deadlock detected" (a 500 for whoever lost).
let database: Awaited<ReturnType<typeof createPostgresDb>>;
beforeAll(async () => {
  database = await createPostgresDb(10);
});
afterAll(() => database.close());

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
// Words of letters only (the dictionary keeps those), new to this database.
const word = () => Array.from({ length: 9 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');

describe('the search dictionary under concurrent catalogue writes', () => {
  it('two transactions adding the same new words in crossed order both commit, and every word is in the dictionary once', async () => {
    const db = database.db;
    // The words every test product shares (category, colour, description) are in the dictionary
    // already, so each transaction's first product brings only its own new words.
    await createProduct(db);
    const [first, second] = [`Zq ${word()} Mailer`, `Zq ${word()} Mailer`];
    const write = (names: string[]) =>
      db.$transaction(
        async (tx) => {
          await createProduct(tx as typeof db, { name: names[0] });
          // Both hold the first product's words, uncommitted, when they reach the second's.
          await sleep(300);
          await createProduct(tx as typeof db, { name: names[1] });
        },
        { timeout: 20_000 },
      );
    const results = await Promise.allSettled([write([first, second]), write([second, first])]);
    expect(results.map((r) => (r.status === 'rejected' ? String(r.reason) : 'ok'))).toEqual(['ok', 'ok']);

    const words = [first, second].map((n) => n.split(' ')[1]);
    expect(await db.searchWord.count({ where: { word: { in: words } } })).toBe(2);
    expect(await db.productSearch.count({ where: { name: { in: [first, second].map((n) => n.toLowerCase()) } } })).toBe(4);
  });
});
