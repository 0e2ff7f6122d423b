import { z } from 'zod';

const names = (label: string) =>
  z.array(z.string().trim().max(40, `${label} name is too long`)).max(200);
const numbers = (label: string) =>
  z.array(z.number().int(`${label} must be a whole number`).min(1, `${label} must be at least 1`).max(100_000)).max(100);

export const settingsOutput = z.object({
  available_colors: z.array(z.string()),
  available_types: z.array(z.string()),
  available_categories: z.array(z.string()),
  available_pack_sizes: z.array(z.number().int()),
  available_piece_quantities: z.array(z.number().int()),
});

/** The whole settings object (as the form sends it); lists left out stay as they are. */
export const updateSettingsInput = z.object({
  available_colors: names('Color').optional(),
  available_types: names('Type').optional(),
  available_categories: names('Category').optional(),
  available_pack_sizes: numbers('Pack size').optional(),
  available_piece_quantities: numbers('Piece quantity').optional(),
});
export type UpdateSettingsInput = z.infer<typeof updateSettingsInput>;

/** Which word each text list uses in its messages ('Color already exists'). */
export const SETTING_LABELS = {
  available_colors: 'color',
  available_types: 'type',
  available_categories: 'category',
} as const;

const cap = (s: string) => s[0].toUpperCase() + s.slice(1);

/**
 * Checks one new value against a list (used by the form as staff type, and by the server for the
 * whole list): non-empty, stored lower-case, unique whatever the case.
 */
export function newSettingValueError(label: 'color' | 'type' | 'category', value: string, existing: readonly string[]): string | null {
  const v = value.trim().toLowerCase();
  if (!v) return `Please enter a ${label} name`;
  if (existing.some((e) => e.trim().toLowerCase() === v)) return `${cap(label)} already exists`;
  return null;
}
