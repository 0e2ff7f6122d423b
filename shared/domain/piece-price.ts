// Business buyers compare packs of different sizes by the price of one piece (issue 38, item 4):
// a pack of 50 at $3.20 is $0.064 a piece. A piece costs cents or less, so two decimals would
// make different packs look the same; three are shown (four below a cent), never fewer than two.
// Written with toFixed, not Intl: it is on the product page's first load, which has a size budget.

/** "$0.064/pc" for a pack price in dollars and the pieces in the pack; null for a single piece or no price. */
export function piecePriceLabel(packPriceDollars: number, packSize: number): string | null {
  if (!(packSize > 1) || !(packPriceDollars > 0)) return null;
  const piece = packPriceDollars / packSize;
  return `$${piece.toFixed(piece < 0.01 ? 4 : 3).replace(/(\.\d\d\d?)0+$/, '$1')}/pc`;
}
