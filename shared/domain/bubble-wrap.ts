import { BUBBLE_WRAP_TYPE } from '../constants';

/** Bubble wrap is sold by type, not colour (docs/spec/storefront.md). Its own module: the listing needs only this. */
export const isBubbleWrap = (type: string | null | undefined): boolean => (type ?? '').trim().toLowerCase() === BUBBLE_WRAP_TYPE;
