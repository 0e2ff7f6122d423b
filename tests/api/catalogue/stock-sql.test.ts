import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../server/db/client';
import { availableSql } from '../../../server/db/stock.sql';
import { availableStock, type StockFigures } from '../../../shared/domain/stock';
import { createTestDb } from '../../setup/test-db';

let database: Database;
beforeAll(async () => {
  database = await createTestDb();
});
afterAll(() => database.close());

// Ordinary stock, the edges around zero, and figures a row should never hold but the rule still
// has to answer the same way for (allocated above on hand, negative safety stock).
const cases: StockFigures[] = [
  { onHand: 40, allocated: 3, safetyStock: 2 },
  { onHand: 0, allocated: 0, safetyStock: 0 },
  { onHand: 10, allocated: 0, safetyStock: 0 },
  { onHand: 10, allocated: 8, safetyStock: 2 },
  { onHand: 10, allocated: 8, safetyStock: 3 },
  { onHand: 5, allocated: 0, safetyStock: 20 },
  { onHand: 3, allocated: 7, safetyStock: 0 },
  { onHand: 0, allocated: 0, safetyStock: 1 },
  { onHand: 10, allocated: 2, safetyStock: -4 },
  { onHand: 2_000_000_000, allocated: 1, safetyStock: 1 },
];

describe('availableSql', () => {
  it('answers what availableStock answers, row by row, in the database', async () => {
    const rows = cases.map((c, i) => ({ i, ...c }));
    const got = await database.db.$queryRaw<{ i: number; available: number }[]>`
      SELECT r."i", ${availableSql('r')} AS "available"
      FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS r("i" int, "onHand" int, "allocated" int, "safetyStock" int)
      ORDER BY r."i"`;
    expect(got.map((r) => Number(r.available))).toEqual(cases.map(availableStock));
  });

  it('is the text the queries share', () => {
    expect(availableSql('v').sql).toBe('GREATEST(0, v."onHand" - v."allocated" - v."safetyStock")');
    expect(availableSql('v').values).toEqual([]);
  });

  it('takes only a plain alias', () => {
    expect(() => availableSql('v"; DROP TABLE "Variant"; --')).toThrow(/alias/);
  });
});
