// The report settings (the shop's time zone the reports count days in, and the like) and a
// request's day range resolved with them into the instants every report query is cut by.
import type { Prisma, PrismaClient } from '@prisma/client';
import { addDays, previousPeriod, startOfDay, type DayRange } from '../../../shared/domain/report-range';
import { REPORT_SETTINGS_DEFAULTS, reportSettings, type ReportSettings } from '../../../shared/schemas/reports.schema';

type Db = PrismaClient | Prisma.TransactionClient;

const KEY = 'report_settings';

/** The saved report settings over the defaults (a setting never saved, or no longer valid, reads as its default). */
export async function getReportSettings(db: Db): Promise<ReportSettings> {
  const row = await db.setting.findUnique({ where: { key: KEY }, select: { value: true } });
  const value = (row?.value ?? {}) as Record<string, unknown>;
  const out: Record<string, unknown> = { ...REPORT_SETTINGS_DEFAULTS };
  for (const [k, schema] of Object.entries(reportSettings.shape)) {
    const parsed = schema.safeParse(value[k]);
    if (parsed.success) out[k] = parsed.data;
  }
  return out as ReportSettings;
}

export async function updateReportSettings(db: PrismaClient, input: Partial<ReportSettings>): Promise<ReportSettings> {
  const value = { ...(await getReportSettings(db)), ...input };
  await db.setting.upsert({ where: { key: KEY }, create: { key: KEY, value }, update: { value }, select: { key: true } });
  return value;
}

/** A request's day range as instants in the shop's time zone, with the period before it. */
export interface Resolved {
  tz: string;
  range: DayRange;
  previous: DayRange;
  from: Date;
  to: Date;
  prevFrom: Date;
}

export async function resolve(db: Db, input: DayRange): Promise<Resolved> {
  const { time_zone: tz } = await getReportSettings(db);
  const range = { from: input.from, to: input.to };
  const previous = previousPeriod(range);
  return { tz, range, previous, from: startOfDay(range.from, tz), to: startOfDay(addDays(range.to, 1), tz), prevFrom: startOfDay(previous.from, tz) };
}
