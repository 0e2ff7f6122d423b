import { useEffect, useRef } from 'react';
import { POSTAL_CODE_LENGTH, type Country } from '../../../shared/constants';
import { addressProblems, COUNTRY_DEFAULTS, type AddressField } from '../../../shared/domain/address';
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

/** A saved address in the form; a Singapore one saved without city or state gets its country's (docs/spec/storefront.md section 5). */
export const addressValuesOf = (a: { fullName: string; phone: string; addressLine1: string; addressLine2: string | null; unit: string | null; postalCode: string; city: string; state: string; country: string }): AddressValues => {
  const country: Country = a.country === 'MY' ? 'MY' : 'SG';
  const fill = country === 'SG' ? COUNTRY_DEFAULTS.SG : { city: '', state: '' };
  return {
    fullName: a.fullName,
    phone: a.phone,
    addressLine1: a.addressLine1,
    addressLine2: a.addressLine2 ?? '',
    unit: a.unit ?? '',
    postalCode: a.postalCode,
    city: a.city || fill.city,
    state: a.state || fill.state,
    country,
  };
};

export type AddressErrors = Partial<Record<AddressField, string>>;

interface AddressFormProps {
  value: AddressValues;
  onChange(v: AddressValues): void;
  requireCityState?: boolean;
  /** Shown under each field. */
  errors?: AddressErrors;
  /** Counts the refused attempts: each one moves focus to the first field in error. */
  attempt?: number;
}

/** The address fields; picking a country fills its city and state (docs/spec/storefront.md section 5). */
export function AddressForm({ value, onChange, requireCityState = true, errors = {}, attempt = 0 }: AddressFormProps) {
  const set = (k: keyof AddressValues) => (v: string) => onChange({ ...value, [k]: v });
  const len = POSTAL_CODE_LENGTH[value.country];
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (attempt > 0) box.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [attempt]);
  return (
    <div ref={box} className="grid gap-4 sm:grid-cols-2">
      <Field label="Full name" required value={value.fullName} onChange={set('fullName')} autoComplete="name" error={errors.fullName} />
      <Field label="Phone" required type="tel" value={value.phone} onChange={set('phone')} autoComplete="tel" error={errors.phone} />
      <Field label="Address line 1" required value={value.addressLine1} onChange={set('addressLine1')} autoComplete="address-line1" className="sm:col-span-2" error={errors.addressLine1} />
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
        error={errors.postalCode}
      />
      <Field label="City" required={requireCityState} value={value.city} onChange={set('city')} autoComplete="address-level2" error={errors.city} />
      <Field label="State" required={requireCityState} value={value.state} onChange={set('state')} autoComplete="address-level1" error={errors.state} />
    </div>
  );
}

/** The first problem's message, or null, for forms that still say it in a toast (the server checks again). */
export function missingField(v: AddressValues, withCityState: boolean): string | null {
  return Object.values(addressProblems(v, { cityAndState: withCityState }))[0] ?? null;
}
