/**
 * A pattern for `ILIKE` that finds `text` anywhere, taken literally. LIKE treats % and _ as
 * wildcards (and \ as their escape); a shopper searching "100%" or a SKU part "50_" means the
 * characters. Bind the result as a parameter, never splice it into the SQL.
 */
export const likePattern = (text: string): string => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
