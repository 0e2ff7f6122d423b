import { useState } from 'react';
import { toast } from '../../lib/toast';
import type { AddressDto } from '../../../shared/schemas/address.schema';
import { useModalDialog } from '../../components/ui/useModalDialog';
import { errorDetail, trpc } from '../../lib/trpc';
import { AddressForm, addressValuesOf, emptyAddress, type AddressValues } from './AddressForm';
import { useAddressErrors } from './useAddressErrors';
import { FormActions } from '../../components/ui/FormActions';

/** Add or edit a saved address in a modal dialog. */
export function AddressDialog({ address, prefill, onClose }: { address: AddressDto | null; prefill?: Partial<AddressValues>; onClose(): void }) {
  const [value, setValue] = useState<AddressValues>(() => (address ? addressValuesOf(address) : emptyAddress('SG', prefill)));
  const utils = trpc.useUtils();
  const add = trpc.users.addAddress.useMutation();
  const update = trpc.users.updateAddress.useMutation();
  const ref = useModalDialog();

  // The account's form asks only for full name, phone, address line 1 and postal code (docs/spec/storefront.md section 5).
  const fieldErrors = useAddressErrors({ cityAndState: false });
  const change = (next: AddressValues) => {
    fieldErrors.edited(value, next);
    setValue(next);
  };

  const save = async () => {
    if (!fieldErrors.check(value)) return;
    const body = { ...value, addressLine2: value.addressLine2 || null, unit: value.unit || null };
    try {
      if (address) await update.mutateAsync({ ...body, id: address.id });
      else await add.mutateAsync(body);
      toast.success(address ? 'Address updated' : 'Address saved');
      await Promise.all([utils.users.addresses.invalidate(), utils.users.defaultAddress.invalidate()]);
      onClose();
    } catch (err) {
      toast.error(errorDetail(err) ?? 'Failed to save address');
    }
  };

  const busy = add.isPending || update.isPending;
  return (
    <dialog ref={ref} onCancel={(e) => { e.preventDefault(); onClose(); }} aria-labelledby="address-dialog-title" className="m-auto max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-2xl overflow-y-auto rounded-xl p-0 shadow-xl backdrop:bg-slate-900/50">
      <form
        className="p-6"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <h2 id="address-dialog-title" className="text-lg font-semibold text-slate-900">
          {address ? 'Edit Address' : 'Add Address'}
        </h2>
        <div className="mt-4">
          <AddressForm value={value} onChange={change} requireCityState={false} errors={fieldErrors.errors} attempt={fieldErrors.attempt} />
        </div>
        <FormActions className="mt-6" onCancel={onClose} busy={busy} saveLabel="Save Address" />
      </form>
    </dialog>
  );
}
