export function StockBadge({ inStock }: { inStock: boolean }) {
  return inStock ? (
    <span className="rounded-full bg-emerald-50 px-2.5 py-0.5 text-xs font-semibold text-emerald-700 ring-1 ring-emerald-200">In Stock</span>
  ) : (
    <span className="rounded-full bg-red-50 px-2.5 py-0.5 text-xs font-semibold text-red-700 ring-1 ring-red-200">Out of Stock</span>
  );
}
