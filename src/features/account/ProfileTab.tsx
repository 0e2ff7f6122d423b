import { useEffect, useState } from 'react';
import { toast } from '../../lib/toast';
import { Button } from '../../components/ui/Button';
import { Field } from '../../components/ui/Field';
import { Spinner } from '../../components/ui/Spinner';
import { errorDetail, trpc } from '../../lib/trpc';
import { useAuth } from '../auth/AuthProvider';
import { CompanyFields, companyProblems, emptyCompany, type CompanyForm } from './CompanyFields';

/** Display name (required), phone and the company for tax invoices; the email cannot be changed. */
export function ProfileTab() {
  const { setUser } = useAuth();
  const me = trpc.users.me.useQuery();
  const update = trpc.users.updateMe.useMutation();
  const [displayName, setDisplayName] = useState('');
  const [phone, setPhone] = useState('');
  const [company, setCompany] = useState<CompanyForm | null>(null);
  const [triedSave, setTriedSave] = useState(false);
  useEffect(() => {
    if (me.data) {
      setDisplayName(me.data.displayName);
      setPhone(me.data.phone ?? '');
      const c = me.data.company;
      setCompany(c ? { ...c, tax_number: c.tax_number ?? '', billing_address: c.billing_address ?? '' } : null);
    }
  }, [me.data]);
  useEffect(() => {
    if (me.error) toast.error('Failed to load profile');
  }, [me.error]);
  if (me.isLoading) return <Spinner />;
  // A company's buyers see its details; only its admins change them (decision 0188).
  const buyerOnly = me.data?.company_role === 'buyer';

  const save = async () => {
    if (!displayName.trim()) {
      toast.error('Display name is required');
      return;
    }
    setTriedSave(true);
    if (company && Object.values(companyProblems(company)).some(Boolean)) {
      toast.error('Please check the company details');
      return;
    }
    try {
      const user = await update.mutateAsync({
        displayName: displayName.trim(),
        phone: phone.trim() || null,
        company: buyerOnly ? undefined : company ? { ...company, tax_number: company.tax_number || null, billing_address: company.billing_address || null } : null,
      });
      setUser(user);
      setTriedSave(false);
      toast.success('Profile updated successfully.');
    } catch (err) {
      toast.error(errorDetail(err) ?? 'Failed to update profile');
    }
  };

  return (
    <form
      className="max-w-2xl space-y-4"
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <h2 className="text-lg font-semibold text-slate-900">Profile</h2>
      <Field label="Display name" required value={displayName} onChange={setDisplayName} autoComplete="nickname" />
      <Field label="Phone" type="tel" value={phone} onChange={setPhone} autoComplete="tel" />
      <Field label="Email" value={me.data?.email ?? ''} onChange={() => undefined} readOnly disabled hint="Your email cannot be changed." />
      <fieldset className="space-y-3 rounded-xl border border-slate-200 p-4">
        <legend className="px-1 text-sm font-semibold text-slate-900">Company details</legend>
        <p className="text-sm text-slate-600">Buying for a business? Your company's name and numbers print on your tax invoices, so you can claim the tax back.</p>
        {buyerOnly && company ? (
          <p className="text-sm text-slate-800" data-testid="company-readonly">
            {company.name}, {company.registration_number}. Your company's admins change these details.
          </p>
        ) : company ? (
          <>
            <CompanyFields value={company} onChange={setCompany} showProblems={triedSave} />
            <button type="button" className="text-sm font-medium text-red-700 hover:underline" onClick={() => setCompany(null)}>
              Remove company details
            </button>
          </>
        ) : (
          <Button type="button" variant="secondary" onClick={() => setCompany(emptyCompany)}>
            Add company details
          </Button>
        )}
      </fieldset>
      <Button type="submit" disabled={update.isPending || !displayName.trim()}>
        {update.isPending ? 'Saving...' : 'Save Profile'}
      </Button>
    </form>
  );
}
