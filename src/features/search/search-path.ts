/** The listing's address for a search: where the header's box goes on Enter (with or without its combobox). */
export const searchPath = (text: string) => `/products?search=${encodeURIComponent(text)}`;
