import { useState } from 'react';
import { Button } from '../../components/ui/Button';
import { toast } from '../../lib/toast';
import { errorDetail, trpc } from '../../lib/trpc';
import { AddressForm, addressValuesOf, emptyAddress, type AddressValues } from '../account/AddressForm';
import { useAddressErrors } from '../account/useAddressErrors';
import type { CompanyAddress } from './CompanyAddressPicker';
import { FormActions } from '../../components/ui/FormActions';

/** The company's address book for its admins (decision 0195): every member picks from it at checkout. */
export function CompanyAddressesPanel() {
  const addresses = trpc.company.addresses.useQuery();
  const utils = trpc.useUtils();
  const add = trpc.company.addAddress.useMutation();
  const update = trpc.company.updateAddress.useMutation();
  const remove = trpc.company.deleteAddress.useMutation();
  // null: no form; 'new': adding; an id: editing that address.
  const [editing, setEditing] = useState<string | null>(null);
  const [value, setValue] = useState<AddressValues>(() => emptyAddress('SG'));
  const fieldErrors = useAddressErrors({ cityAndState: false });
  const busy = add.isPending || update.isPending || remove.isPending;

  const open = (a: CompanyAddress | null) => {
    fieldErrors.reset();
    setValue(a ? addressValuesOf(a) : emptyAddress('SG'));
    setEditing(a ? a.id : 'new');
  };
  const save = async () => {
    if (!fieldErrors.check(value)) return;
    const body = { ...value, addressLine2: value.addressLine2 || null, unit: value.unit || null };
    try {
      if (editing && editing !== 'new') await update.mutateAsync({ ...body, id: editing });
      else await add.mutateAsync(body);
      toast.success('Company address saved');
      setEditing(null);
      await utils.company.addresses.invalidate();
    } catch (err) {
      toast.error(errorDetail(err) ?? 'Failed to save the address');
    }
  };
  const onDelete = async (a: CompanyAddress) => {
    if (!window.confirm(`Delete the company address of ${a.fullName}?`)) return;
    try {
      await remove.mutateAsync({ id: a.id });
      toast.success('Company address deleted');
      await utils.company.addresses.invalidate();
    } catch (err) {
      toast.error(errorDetail(err) ?? 'Failed to delete the address');
    }
  };

  return (
    <section aria-label="Company addresses" className="space-y-3">
      <h2 className="text-lg font-semibold text-slate-900">Company addresses</h2>
      <p className="text-sm text-slate-600">Every member can pick these at checkout.</p>
      {!!addresses.data?.length && (
        <ul className="divide-y divide-slate-100 overflow-hidden rounded-xl border border-slate-200 bg-white">
          {addresses.data.map((a) => (
            <li key={a.id} className="flex flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3 text-sm" data-testid="company-address">
              <div className="min-w-0 flex-1">
                <p className="truncate font-medium text-slate-900">{a.fullName}</p>
                <p className="text-slate-600">{[a.addressLine1, a.addressLine2, a.unit].filter(Boolean).join(', ')}, {a.city} {a.postalCode}, {a.country}</p>
              </div>
              <button type="button" className="font-medium text-emerald-800 hover:underline" disabled={busy} onClick={() => open(a)}>
                Edit
              </button>
              <button type="button" className="font-medium text-red-700 hover:underline" disabled={busy} onClick={() => void onDelete(a)}>
                Delete
              </button>
            </li>
          ))}
        </ul>
      )}
      {editing ? (
        <form
          className="space-y-4 rounded-xl border border-slate-200 bg-white p-4"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void save();
          }}
        >
          <AddressForm
            value={value}
            onChange={(next) => {
              fieldErrors.edited(value, next);
              setValue(next);
            }}
            requireCityState={false}
            errors={fieldErrors.errors}
            attempt={fieldErrors.attempt}
          />
          <FormActions onCancel={() => setEditing(null)} busy={busy} saveLabel="Save company address" />
        </form>
      ) : (
        <Button variant="outline" onClick={() => open(null)}>
          Add a company address
        </Button>
      )}
    </section>
  );
}
