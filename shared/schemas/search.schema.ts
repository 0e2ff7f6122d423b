import { z } from 'zod';
import { MAX_SEARCH_LENGTH } from '../constants';

// The header's suggestions while a shopper types (decision 0169). The listing's own search stays
// POST /products/filter and GET /products?search=, in their documented shapes.

export const suggestInput = z.object({
  q: z.string({ error: 'q must be text' }).trim().min(1, 'Type something to search for').max(MAX_SEARCH_LENGTH, `q must be ${MAX_SEARCH_LENGTH} characters or fewer`),
});

const suggestedProduct = z.object({
  id: z.string(),
  name: z.string(),
  image: z.string().nullable(),
  price_range: z.object({ min: z.number(), max: z.number() }),
  in_stock: z.boolean(),
  /** The variant of the size typed, when a size was typed. */
  variant_id: z.string().optional(),
});

export const suggestOutput = z.object({
  products: z.array(suggestedProduct),
  /** Size codes of the catalogue ("25x35") the text names or starts. */
  sizes: z.array(z.string()),
  /** Total products the text finds (the listing's count for the same search). */
  total: z.number().int(),
  /** Only when nothing is found: the nearest query that finds something. */
  did_you_mean: z.string().optional(),
});
export type SuggestOutput = z.infer<typeof suggestOutput>;
