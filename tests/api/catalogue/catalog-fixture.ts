import type { PrismaClient } from '@prisma/client';
import { createProduct } from '../../factories/catalog';

/**
 * Five products chosen so that every sort gives a different order:
 *   best_sellers  C (20 sold, featured), B (20 sold), A (5), E (newest of the unsold), D
 *   price low     C 2.20, E 2.90, A 10.00, B 12.00, D 99.90
 *   newest        E, D, C, B, A
 */
export async function seedCatalogFixture(db: PrismaClient) {
  const A = await createProduct(db, {
    name: 'White Polymailer Bags',
    description: 'Bright white mailers',
    featured: true,
    unitsSold: 5,
    createdAt: new Date('2024-01-01'),
    images: ['/uploads/a1.webp', '/uploads/a2.webp'],
    specifications: { material: 'LDPE', tamper_evident: 'Yes' },
    variants: [
      { color: 'white', width: 25, height: 35, packSize: 50, tiers: [[1, 1000], [25, 900], [100, 800]], onHand: 100 },
      { color: 'white', width: 17, height: 30, packSize: 100, tiers: [[1, 1500]], onHand: 0 },
    ],
  });
  const B = await createProduct(db, {
    name: 'Pink Polymailer Bags',
    description: 'Pastel pink for boutiques',
    color: 'pink',
    unitsSold: 20,
    createdAt: new Date('2024-02-01'),
    variants: [
      { width: 25, height: 35, packSize: 100, tiers: [[1, 2000]], onHand: 10, allocated: 5, safetyStock: 5 },
      { width: 25, height: 35, packSize: 50, tiers: [[1, 1200]], onHand: 50 },
    ],
  });
  const C = await createProduct(db, {
    name: 'Bubble Wrap Pouches',
    description: 'Cushioned bags for fragile items',
    category: 'accessories',
    type: 'bubble wrap',
    featured: true,
    unitsSold: 20,
    createdAt: new Date('2024-03-01'),
    variants: [{ width: 10, height: 15, packSize: 10, tiers: [[1, 220]], onHand: 5 }],
  });
  const D = await createProduct(db, {
    name: 'Black Premium Mailers',
    description: 'Thick 80 micron film, 100% opaque',
    type: 'premium',
    color: 'black',
    createdAt: new Date('2024-04-01'),
    variants: [{ width: 32, height: 43, packSize: 500, tiers: [[1, 9990]], onHand: 0 }],
  });
  const E = await createProduct(db, {
    name: 'Clear Packing Tape',
    description: 'Carton sealing tape',
    category: 'accessories',
    color: 'clear',
    createdAt: new Date('2024-05-01'),
    images: ['/uploads/tape.webp'],
    variants: [{ width: 4.8, height: 10000, packSize: 1, tiers: [[1, 290]], onHand: 20 }],
  });
  return { A, B, C, D, E };
}
