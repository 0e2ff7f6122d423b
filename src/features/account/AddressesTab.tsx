import { MapPin, Pencil, Plus, Star, Trash2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { toast } from '../../lib/toast';
import { MAX_ADDRESSES } from '../../../shared/constants';
import { COUNTRY_NAMES } from '../../../shared/domain/address';
import type { AddressDto } from '../../../shared/schemas/address.schema';
import { Button } from '../../components/ui/Button';
import { Spinner } from '../../components/ui/Spinner';
import { errorDetail, trpc } from '../../lib/trpc';
import { useAuth } from '../auth/AuthProvider';
import { AddressDialog } from './AddressDialog';

/** Saved addresses: list, add/edit dialog, delete (confirmed; not the last one), set default. */
export function AddressesTab({ openAddOnLoad }: { openAddOnLoad: boolean }) {
  const { user } = useAuth();
  const utils = trpc.useUtils();
  const query = trpc.users.addresses.useQuery();
  const remove = trpc.users.deleteAddress.useMutation();
  const setDefault = trpc.users.setDefaultAddress.useMutation();
  const [editing, setEditing] = useState<AddressDto | 'new' | null>(null);
  const list = query.data ?? [];
  const full = list.length >= MAX_ADDRESSES;

  // ?onboard=address opens the add dialog after 0.5 s.
  useEffect(() => {
    if (!openAddOnLoad) return;
    const t = setTimeout(() => setEditing('new'), 500);
    return () => clearTimeout(t);
  }, [openAddOnLoad]);

  const refresh = () => Promise.all([utils.users.addresses.invalidate(), utils.users.defaultAddress.invalidate()]);
  const onDelete = async (a: AddressDto) => {
    if (!window.confirm('Are you sure you want to delete this address?')) return;
    try {
      await remove.mutateAsync({ id: a.id });
      toast.success('Address removed');
      await refresh();
    } catch (err) {
      toast.error(errorDetail(err) ?? 'Failed to delete address');
    }
  };
  const onDefault = async (a: AddressDto) => {
    try {
      await setDefault.mutateAsync({ id: a.id });
      toast.success('Default updated');
      await refresh();
    } catch {
      toast.error('Failed to set default address');
    }
  };

  return (
    <section aria-labelledby="addresses-title">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 id="addresses-title" className="text-lg font-semibold text-slate-900">Saved Addresses</h2>
          <p className="text-sm text-slate-500">{list.length} of {MAX_ADDRESSES} addresses</p>
        </div>
        <Button onClick={() => setEditing('new')} disabled={full} title={full ? `You can save up to ${MAX_ADDRESSES} addresses` : undefined}>
          <Plus className="h-4 w-4" aria-hidden /> Add Address
        </Button>
      </div>
      {query.isLoading ? (
        <Spinner />
      ) : list.length === 0 ? (
        <div className="mt-6 rounded-xl border border-dashed border-slate-300 p-8 text-center text-slate-600">
          <MapPin className="mx-auto h-8 w-8 text-slate-400" aria-hidden />
          <p className="mt-2">No saved addresses yet.</p>
        </div>
      ) : (
        <ul className="mt-4 grid gap-4 sm:grid-cols-2">
          {list.map((a) => (
            <li key={a.id} className={`rounded-xl border bg-white p-4 shadow-sm ${a.isDefault ? 'border-emerald-400' : 'border-slate-200'}`} data-testid="address-card">
              <div className="flex items-start justify-between gap-2">
                <p className="font-medium text-slate-900">{a.fullName}</p>
                {a.isDefault && <span className="rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-medium text-emerald-800">Default</span>}
              </div>
              <p className="mt-1 text-sm leading-6 text-slate-600">
                {a.phone}
                <br />
                {[a.addressLine1, a.addressLine2, a.unit].filter(Boolean).join(', ')}
                <br />
                {a.city}, {a.state} {a.postalCode}, {COUNTRY_NAMES[a.country as 'SG' | 'MY'] ?? a.country}
              </p>
              <div className="mt-3 flex flex-wrap gap-2">
                <Button size="sm" variant="outline" onClick={() => setEditing(a)}>
                  <Pencil className="h-3.5 w-3.5" aria-hidden /> Edit
                </Button>
                {!a.isDefault && (
                  <Button size="sm" variant="outline" onClick={() => void onDefault(a)}>
                    <Star className="h-3.5 w-3.5" aria-hidden /> Set as default
                  </Button>
                )}
                <Button size="sm" variant="ghost" className="text-red-600" onClick={() => void onDelete(a)} disabled={list.length <= 1} title={list.length <= 1 ? 'You need at least one address' : undefined}>
                  <Trash2 className="h-3.5 w-3.5" aria-hidden /> Delete
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
      {editing && (
        <AddressDialog
          address={editing === 'new' ? null : editing}
          prefill={{ fullName: user?.displayName ?? '', phone: user?.phone ?? '' }}
          onClose={() => setEditing(null)}
        />
      )}
    </section>
  );
}
