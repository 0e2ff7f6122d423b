// SKU rule of docs/spec/back-office.md section 3: upper-cased category, type, color, size code and pack size
// joined by underscores. Spaces inside a value ('bubble wrap', 'baby blue') are kept, because the
// packing screen splits SKUs on underscores and reads BABY BLUE as one colour.

export interface SkuParts {
  category: string;
  type: string;
  color: string;
  widthCm: number;
  heightCm: number;
  packSize: number;
}

/** Number as written in a size code: no trailing zeros, so 25 stays "25" and 4.8 stays "4.8". */
const dimension = (cm: number): string => String(Number(cm.toFixed(2)));

/** "25x35" for a 25 cm by 35 cm item (width first). */
export const sizeCode = (widthCm: number, heightCm: number): string => `${dimension(widthCm)}x${dimension(heightCm)}`;

export function buildSku({ category, type, color, widthCm, heightCm, packSize }: SkuParts): string {
  return [category.trim(), type.trim(), color.trim(), sizeCode(widthCm, heightCm), String(packSize)]
    .join('_')
    .toUpperCase();
}
