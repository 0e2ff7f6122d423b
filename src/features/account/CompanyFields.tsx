import { useId } from 'react';
import type { Country } from '../../../shared/constants';
import { registrationNumberProblem, taxNumberProblem } from '../../../shared/domain/company';
import { Field } from '../../components/ui/Field';
import { CountrySelect } from './CountrySelect';

export interface CompanyForm {
  name: string;
  country: Country;
  registration_number: string;
  tax_number: string;
  billing_address: string;
}

export const emptyCompany: CompanyForm = { name: '', country: 'SG', registration_number: '', tax_number: '', billing_address: '' };

/** What the form shows for each field the buyer has typed in: the same rules as the server's. */
export function companyProblems(c: CompanyForm): Partial<Record<keyof CompanyForm, string>> {
  const problems: Partial<Record<keyof CompanyForm, string>> = {};
  if (!c.name.trim()) problems.name = 'Company name is required';
  if (!c.registration_number.trim()) problems.registration_number = 'Registration number is required';
  else problems.registration_number = registrationNumberProblem(c.country, c.registration_number) ?? undefined;
  if (c.tax_number.trim()) problems.tax_number = taxNumberProblem(c.country, c.tax_number) ?? undefined;
  return problems;
}

/** Company name, country of registration, UEN or SSM number, GST/SST number and billing address. */
export function CompanyFields({ value, onChange, showProblems }: { value: CompanyForm; onChange(v: CompanyForm): void; showProblems: boolean }) {
  const addressId = useId();
  const problems = showProblems ? companyProblems(value) : {};
  const set = (key: keyof CompanyForm) => (v: string) => onChange({ ...value, [key]: v });
  const sg = value.country === 'SG';
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <Field label="Company name" required value={value.name} onChange={set('name')} autoComplete="organization" error={problems.name} className="sm:col-span-2" />
      <CountrySelect label="Registered in" value={value.country} onChange={(country) => onChange({ ...value, country })} />
      <Field
        label={sg ? 'UEN' : 'SSM registration number'}
        required
        value={value.registration_number}
        onChange={set('registration_number')}
        placeholder={sg ? '201912345K' : '202001012345'}
        error={problems.registration_number}
      />
      <Field
        label={sg ? 'GST registration number' : 'SST registration number'}
        value={value.tax_number}
        onChange={set('tax_number')}
        placeholder={sg ? 'M90312345A' : 'W10-1808-31000001'}
        hint="Leave empty if the company is not registered."
        error={problems.tax_number}
        className="sm:col-span-2"
      />
      <div className="sm:col-span-2">
        <label htmlFor={addressId} className="block text-sm font-medium text-slate-700">
          Billing address
        </label>
        <textarea
          id={addressId}
          rows={3}
          maxLength={300}
          value={value.billing_address}
          onChange={(e) => set('billing_address')(e.target.value)}
          autoComplete="street-address"
          className="mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2 text-sm shadow-sm focus:outline-none focus:ring-2 focus:ring-emerald-500"
        />
        <p className="mt-1 text-xs text-slate-500">As it should print on your tax invoices, up to 6 lines.</p>
      </div>
    </div>
  );
}
