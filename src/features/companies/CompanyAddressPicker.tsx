import { Building2 } from 'lucide-react';
import { trpc } from '../../lib/trpc';
import type { RouterOutputs } from '../../lib/trpc';

export type CompanyAddress = RouterOutputs['company']['addresses'][number];
/** The checkout's selection id of a company address, apart from the buyer's own saved ones. */
export const companyChoice = (id: string) => `company:${id}`;

/**
 * The company's address book at checkout (decision 0195): every member picks one; the order gets the
 * address itself, as with a saved one. Shown only to members of a company.
 */
export function CompanyAddressPicker({ member, selectedId, onChoose }: { member: boolean; selectedId: string | null; onChoose(a: CompanyAddress): void }) {
  const addresses = trpc.company.addresses.useQuery(undefined, { enabled: member, staleTime: 60_000 });
  if (!member || !addresses.data?.length) return null;
  return (
    <div className="mt-4 space-y-2" role="radiogroup" aria-label="Company addresses">
      <p className="flex items-center gap-1.5 text-sm font-medium text-slate-700">
        <Building2 className="h-4 w-4 text-slate-500" aria-hidden /> Company addresses
      </p>
      {addresses.data.map((a) => (
        <label key={a.id} className={`flex cursor-pointer gap-3 rounded-lg border p-3 text-sm ${selectedId === companyChoice(a.id) ? 'border-emerald-500 bg-emerald-50' : 'border-slate-200 hover:border-slate-300'}`}>
          <input type="radio" name="saved-address" className="mt-1 accent-emerald-600" checked={selectedId === companyChoice(a.id)} onChange={() => onChoose(a)} />
          <span>
            <span className="font-medium text-slate-900">{a.fullName}</span>
            <span className="block text-slate-600">
              {[a.addressLine1, a.addressLine2, a.unit].filter(Boolean).join(', ')}, {a.city} {a.postalCode}, {a.country}
            </span>
          </span>
        </label>
      ))}
    </div>
  );
}
