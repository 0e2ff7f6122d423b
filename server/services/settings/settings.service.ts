import type { PrismaClient } from '@prisma/client';
import { defaultSettings, SETTINGS_KEYS, type SettingsKey, type SettingsLists } from '../../../shared/domain/settings-defaults';
import { badRequest, conflict } from '../../../shared/errors';
import { newSettingValueError, SETTING_LABELS, type UpdateSettingsInput } from '../../../shared/schemas/settings.schema';
import { batchWrite } from '../../db/unit-of-work';

export async function getSettings(db: PrismaClient): Promise<SettingsLists> {
  const rows = await db.setting.findMany({ where: { key: { in: [...SETTINGS_KEYS] } }, select: { key: true, value: true } });
  const settings = defaultSettings();
  for (const row of rows) {
    if (Array.isArray(row.value)) (settings as unknown as Record<string, unknown>)[row.key] = row.value;
  }
  return settings;
}

/** Lower-cases, trims and checks a text list with the form's own messages. */
function normaliseNames(key: keyof typeof SETTING_LABELS, values: string[]): string[] {
  const out: string[] = [];
  for (const raw of values) {
    const error = newSettingValueError(SETTING_LABELS[key], raw, out);
    if (error) throw badRequest(error);
    out.push(raw.trim().toLowerCase());
  }
  return out;
}

function normaliseNumbers(label: string, values: number[]): number[] {
  if (new Set(values).size !== values.length) throw badRequest(`${label} already exists`);
  return [...values].sort((a, b) => a - b);
}

const PRODUCT_COLUMN = { available_colors: 'color', available_types: 'type', available_categories: 'category' } as const;

/**
 * Saves the lists that were sent. A colour, type or category that products still use cannot be
 * removed (the form forbids removing the selected one; the server protects every product).
 */
export async function updateSettings(db: PrismaClient, input: UpdateSettingsInput): Promise<SettingsLists> {
  const current = await getSettings(db);
  const next: Partial<SettingsLists> = {};
  for (const key of ['available_colors', 'available_types', 'available_categories'] as const) {
    const values = input[key];
    if (!values) continue;
    next[key] = normaliseNames(key, values);
    const removed = current[key].filter((v) => !next[key]!.includes(v.toLowerCase()));
    if (removed.length) {
      const column = PRODUCT_COLUMN[key];
      const used = await db.product.findFirst({
        where: { OR: removed.map((v) => ({ [column]: { equals: v, mode: 'insensitive' as const } })) },
        select: { name: true, [column]: true },
      });
      if (used) {
        const value = (used as unknown as Record<string, string>)[column];
        throw conflict(`Cannot remove ${SETTING_LABELS[key]} "${value}": it is used by products such as ${used.name}`);
      }
    }
  }
  if (input.available_pack_sizes) next.available_pack_sizes = normaliseNumbers('Pack size', input.available_pack_sizes);
  if (input.available_piece_quantities) next.available_piece_quantities = normaliseNumbers('Piece quantity', input.available_piece_quantities);

  await batchWrite(
    db,
    Object.entries(next).map(([key, value]) =>
      db.setting.upsert({ where: { key: key as SettingsKey }, create: { key, value }, update: { value }, select: { key: true } }),
    ),
  );
  return getSettings(db);
}
