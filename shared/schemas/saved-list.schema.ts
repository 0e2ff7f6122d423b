// Saved lists: a signed-in buyer's named lists of variants to order again.
import { z } from 'zod';
import { MAX_SAVED_LIST_LINES, MAX_SAVED_LISTS } from '../domain/saved-lists';
import { MAX_LINE_QUANTITY } from './cart.schema';
import { idSchema, quantityRulesOutput } from './common.schema';
import { reorderOutput } from './repeat-buying.schema';


export const SAVED_LIST_MESSAGES = {
  tooManyLists: `You can keep at most ${MAX_SAVED_LISTS} lists. Delete one you no longer use first.`,
  tooManyLines: `A list holds at most ${MAX_SAVED_LIST_LINES} lines. Start another list for the rest.`,
  nameTaken: (name: string) => `You already have a list called "${name}"`,
  notFound: 'List not found',
  itemNotFound: 'List item not found',
  emptyCart: 'Your cart is empty',
} as const;

const listName = z
  .string({ error: 'Please enter a list name' })
  .trim()
  .min(1, 'Please enter a list name')
  .max(60, 'List name is too long (60 characters at most)');

const quantity = z
  .number({ error: 'Quantity must be a number' })
  .int('Quantity must be a whole number')
  .min(1, 'Quantity must be at least 1')
  .max(MAX_LINE_QUANTITY, `Quantity cannot be more than ${MAX_LINE_QUANTITY}`);

/** A new list: empty, or filled from the cart or from one of the buyer's orders. */
export const createListInput = z.object({
  name: listName,
  from_cart: z.boolean().optional(),
  from_order_id: idSchema.optional(),
});

export const renameListInput = z.object({ id: idSchema, name: listName });
export const addListItemInput = z.object({ id: idSchema, variant_id: idSchema, quantity });
export const updateListItemInput = z.object({ id: idSchema, item_id: idSchema, quantity });
export const listItemParams = z.object({ id: idSchema, item_id: idSchema });

export const listSummaryOutput = z.object({
  id: z.string(),
  name: z.string(),
  item_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});

export const listOutput = listSummaryOutput.extend({
  items: z.array(
    z.object({
      id: z.string(),
      variant_id: z.string(),
      sku: z.string(),
      product_id: z.string(),
      product_name: z.string(),
      size: z.string(),
      color: z.string(),
      pack_size: z.number().int(),
      quantity: z.number().int(),
      /** Today's unit price for the quantity; null when the variant has no price now. */
      unit_price: z.number().nullable(),
      available: z.number().int(),
      ...quantityRulesOutput,
    }),
  ),
  /** On a list made from an order: lines left out because their variant is no longer sold. */
  left_out: z.number().int().optional(),
});
export type SavedListDto = z.infer<typeof listOutput>;

/** Adding a list to the cart answers as order again does: the cart, what went in and what did not and why. */
export const listToCartOutput = reorderOutput;
