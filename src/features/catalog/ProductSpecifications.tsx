/** A product's specifications as a list of name and value, or nothing when it has none. */
export function ProductSpecifications({ specifications }: { specifications: Record<string, string> }) {
  const specs = Object.entries(specifications);
  if (specs.length === 0) return null;
  return (
    <section className="mt-8">
      <h2 className="text-lg font-semibold text-slate-900">Specifications</h2>
      <dl className="mt-3 divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
        {specs.map(([key, value]) => (
          <div key={key} className="grid grid-cols-[7.5rem_1fr] gap-4 px-4 sm:grid-cols-[10rem_1fr] py-2.5 text-sm">
            <dt className="capitalize text-slate-500">{key.replace(/_/g, ' ')}</dt>
            <dd className="text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
