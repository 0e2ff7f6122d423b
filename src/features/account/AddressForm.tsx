import { POSTAL_CODE_LENGTH, type Country } from '../../../shared/constants';
import { COUNTRY_DEFAULTS } from '../../../shared/domain/address';
import { Field } from '../../components/ui/Field';
import { CountrySelect } from './CountrySelect';

export interface AddressValues {
  fullName: string;
  phone: string;
  addressLine1: string;
  addressLine2: string;
  unit: string;
  postalCode: string;
  city: string;
  state: string;
  country: Country;
}

export const emptyAddress = (country: Country = 'SG', fill: Partial<AddressValues> = {}): AddressValues => ({
  fullName: '',
  phone: '',
  addressLine1: '',
  addressLine2: '',
  unit: '',
  postalCode: '',
  ...COUNTRY_DEFAULTS[country],
  country,
  ...fill,
});

export const addressValuesOf = (a: { fullName: string; phone: string; addressLine1: string; addressLine2: string | null; unit: string | null; postalCode: string; city: string; state: string; country: string }): AddressValues => ({
  fullName: a.fullName,
  phone: a.phone,
  addressLine1: a.addressLine1,
  addressLine2: a.addressLine2 ?? '',
  unit: a.unit ?? '',
  postalCode: a.postalCode,
  city: a.city,
  state: a.state,
  country: (a.country === 'MY' ? 'MY' : 'SG') as Country,
});

/** The address fields; picking a country fills its city and state (storefront.md section 5). */
export function AddressForm({ value, onChange, requireCityState = true }: { value: AddressValues; onChange(v: AddressValues): void; requireCityState?: boolean }) {
  const set = (k: keyof AddressValues) => (v: string) => onChange({ ...value, [k]: v });
  const len = POSTAL_CODE_LENGTH[value.country];
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <Field label="Full name" required value={value.fullName} onChange={set('fullName')} autoComplete="name" />
      <Field label="Phone" required type="tel" value={value.phone} onChange={set('phone')} autoComplete="tel" />
      <Field label="Address line 1" required value={value.addressLine1} onChange={set('addressLine1')} autoComplete="address-line1" className="sm:col-span-2" />
      <Field label="Address line 2" value={value.addressLine2} onChange={set('addressLine2')} autoComplete="address-line2" />
      <Field label="Unit" value={value.unit} onChange={set('unit')} placeholder="#05-01" />
      <CountrySelect
        label="Country"
        value={value.country}
        onChange={(country) => onChange({ ...value, country, ...COUNTRY_DEFAULTS[country], postalCode: value.postalCode.slice(0, POSTAL_CODE_LENGTH[country]) })}
      />
      <Field
        label="Postal code"
        required
        inputMode="numeric"
        value={value.postalCode}
        onChange={(v) => set('postalCode')(v.replace(/\D/g, '').slice(0, len))}
        maxLength={len}
        placeholder={value.country === 'SG' ? '123456' : '12345'}
        autoComplete="postal-code"
      />
      <Field label="City" required={requireCityState} value={value.city} onChange={set('city')} autoComplete="address-level2" />
      <Field label="State" required={requireCityState} value={value.state} onChange={set('state')} autoComplete="address-level1" />
    </div>
  );
}

/** The first missing required field's message, or null (the server checks again). */
export function missingField(v: AddressValues, withCityState: boolean): string | null {
  if (!v.fullName.trim()) return 'Full name is required';
  if (!v.phone.trim()) return 'Phone is required';
  if (!v.addressLine1.trim()) return 'Address line 1 is required';
  if (!v.postalCode.trim()) return 'Postal code is required';
  if (withCityState && !v.city.trim()) return 'City is required';
  if (withCityState && !v.state.trim()) return 'State is required';
  return null;
}
