// Column parsers for rows read with $queryRaw, where the driver decides the JavaScript types.
import { z } from 'zod';

/** A json/jsonb column: an object from PGlite, JSON text from some adapter versions. */
export const json = <T extends z.ZodTypeAny>(schema: T) => z.preprocess((v) => (typeof v === 'string' ? JSON.parse(v) : v), schema);

/** An integer column: a number, or a bigint/string for int8 and counts depending on the driver. */
export const int = z.coerce.number().int();
