// Default settings lists (docs/spec/back-office.md section 9). The product form offers these when nothing
// has been saved yet, and the seed writes them (plus the extra colours its catalogue uses).

export const SETTINGS_KEYS = [
  'available_colors',
  'available_types',
  'available_categories',
  'available_pack_sizes',
  'available_piece_quantities',
] as const;

export type SettingsKey = (typeof SETTINGS_KEYS)[number];

export interface SettingsLists {
  available_colors: string[];
  available_types: string[];
  available_categories: string[];
  /** Pieces per pack for mailers and most accessories. */
  available_pack_sizes: number[];
  /** Quantities for items sold by the piece (bubble wrap). */
  available_piece_quantities: number[];
}

export const DEFAULT_SETTINGS: Readonly<SettingsLists> = Object.freeze({
  available_colors: ['white', 'black', 'clear'],
  available_types: ['normal', 'premium', 'bubble wrap'],
  available_categories: ['polymailers', 'accessories'],
  available_pack_sizes: [25, 50, 100, 500, 1000],
  available_piece_quantities: [1, 5, 10, 25, 50, 100],
});

/** A fresh, mutable copy, so that callers editing a list never change the defaults. */
export function defaultSettings(): SettingsLists {
  return {
    available_colors: [...DEFAULT_SETTINGS.available_colors],
    available_types: [...DEFAULT_SETTINGS.available_types],
    available_categories: [...DEFAULT_SETTINGS.available_categories],
    available_pack_sizes: [...DEFAULT_SETTINGS.available_pack_sizes],
    available_piece_quantities: [...DEFAULT_SETTINGS.available_piece_quantities],
  };
}
