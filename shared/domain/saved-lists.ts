// Limits of saved lists (docs/decisions/0132-saved-lists.md), shared by the server's
// checks and the storefront's texts without pulling zod into the page.

export const MAX_SAVED_LISTS = 20;
export const MAX_SAVED_LIST_LINES = 200;
