import type { PrismaClient } from '@prisma/client';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { int, json } from '../../server/db/sql-rows';
import { countLowStock } from '../../server/services/inventory/inventory.sql';
import { couponUses } from '../../server/services/promotions/promotions.sql';

// What the *.sql.ts files rely on: a row that lacks a column, or holds the wrong type, is refused
// with the column's name instead of reaching the code as undefined.
const answering = (rows: unknown[]) => ({ $queryRaw: async () => rows }) as unknown as PrismaClient;

describe('rows of raw SQL', () => {
  it('coerce the integer forms drivers return and refuse what is not an integer', () => {
    expect(int.parse(3n)).toBe(3);
    expect(int.parse('42')).toBe(42);
    expect(() => int.parse('4.5')).toThrow();
  });

  it('read json columns given as objects or as JSON text', () => {
    const tiers = json(z.array(z.object({ minQuantity: int })));
    expect(tiers.parse([{ minQuantity: 1 }])).toEqual([{ minQuantity: 1 }]);
    expect(tiers.parse('[{"minQuantity":"5"}]')).toEqual([{ minQuantity: 5 }]);
  });

  it('are answered as numbers when the driver gives counts as bigint', async () => {
    expect(await couponUses(answering([{ total: 3n, by_customer: 1n }]), 'c1', 'a@b.sg')).toEqual({ total: 3, byCustomer: 1 });
    expect(await countLowStock(answering([{ n: '7' }]))).toBe(7);
  });

  it('fail loudly, naming the column, when a statement returns a renamed or missing column', async () => {
    await expect(couponUses(answering([{ total: 2n, byCustomer: 1n }]), 'c1', null)).rejects.toThrow(/by_customer/);
    await expect(countLowStock(answering([]))).rejects.toThrow();
  });
});
