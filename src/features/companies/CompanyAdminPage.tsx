import { useEffect, useState } from 'react';
import { Button } from '../../components/ui/Button';
import { Spinner } from '../../components/ui/Spinner';
import { Link, useParams } from '../../lib/router';
import { toast } from '../../lib/toast';
import { trpc } from '../../lib/trpc';
import { useAuth } from '../auth/AuthProvider';
import { CompanyFields, companyProblems, type CompanyForm } from '../account/CompanyFields';
import { ErrorBox, PageHeader, errorText } from '../admin/ui';
import { MembersPanel, type InvitationRow, type MemberRow } from './MembersPanel';
import { CompanyStatement } from './StatementPanel';
import { TermsFields, type Terms } from './TermsFields';

/** Back office: one company's details, terms, members and statement (changes are the owner's). */
export default function CompanyAdminPage() {
  const { id = '' } = useParams();
  const { user } = useAuth();
  const company = trpc.admin.companies.get.useQuery({ id });
  const utils = trpc.useUtils();
  const update = trpc.admin.companies.update.useMutation();
  const add = trpc.admin.companies.addMember.useMutation();
  const role = trpc.admin.companies.setMemberRole.useMutation();
  const remove = trpc.admin.companies.removeMember.useMutation();
  const withdraw = trpc.admin.companies.withdrawInvitation.useMutation();
  const [form, setForm] = useState<CompanyForm | null>(null);
  const [terms, setTerms] = useState<Terms>({ payment_terms_days: 0, credit_limit: '', po_number_required: false });
  const [tried, setTried] = useState(false);
  const [priceListId, setPriceListId] = useState('');
  const priceLists = trpc.admin.priceLists.list.useQuery({ page: 1, page_size: 100 });
  useEffect(() => {
    const c = company.data;
    if (!c) return;
    setForm({ name: c.name, country: c.country, registration_number: c.registration_number, tax_number: c.tax_number ?? '', billing_address: c.billing_address ?? '' });
    setTerms({ payment_terms_days: c.payment_terms_days, credit_limit: c.credit_limit === null ? '' : String(c.credit_limit), po_number_required: c.po_number_required });
    setPriceListId(c.price_list_id ?? '');
  }, [company.data]);
  if (company.error) return <ErrorBox message={errorText(company.error)} onRetry={() => company.refetch()} />;
  if (!company.data || !form) return <Spinner />;
  const owner = user?.role === 'admin';
  const refresh = () => utils.admin.companies.get.invalidate({ id });

  async function save() {
    if (!form) return;
    setTried(true);
    if (Object.values(companyProblems(form)).some(Boolean)) return;
    try {
      await update.mutateAsync({ id, ...form, tax_number: form.tax_number || null, billing_address: form.billing_address || null, payment_terms_days: terms.payment_terms_days, credit_limit: terms.credit_limit === '' ? null : Number(terms.credit_limit), po_number_required: terms.po_number_required, price_list_id: priceListId || null });
      toast.success('Company saved');
      await refresh();
    } catch (err) {
      toast.error(errorText(err));
    }
  }
  const act = async (what: Promise<unknown>, done: string) => {
    try {
      await what;
      toast.success(done);
      await refresh();
      return true;
    } catch (err) {
      toast.error(errorText(err));
      return false;
    }
  };
  const onRemove = (m: MemberRow) => {
    if (window.confirm(`Remove ${m.email} from ${company.data?.name}?`)) void act(remove.mutateAsync({ id, userId: m.user_id }), `${m.email} removed`);
  };

  const onWithdraw = (i: InvitationRow) => {
    if (window.confirm(`Withdraw the invitation to ${i.email}? Its link stops working.`)) void act(withdraw.mutateAsync({ id, invitationId: i.id }), `Invitation to ${i.email} withdrawn`);
  };

  return (
    <div className="space-y-6">
      <PageHeader title={company.data.name} subtitle={<Link to="/admin/companies" className="text-emerald-800 hover:underline">All companies</Link>} />
      <form className="space-y-4 rounded-xl border border-slate-200 bg-white p-4" onSubmit={(e) => { e.preventDefault(); void save(); }}>
        <CompanyFields value={form} onChange={setForm} showProblems={tried} />
        <TermsFields value={terms} onChange={setTerms} />
        <label className="block text-sm font-medium text-slate-700">
          Price list
          <select value={priceListId} onChange={(e) => setPriceListId(e.target.value)} className="mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2 text-sm sm:w-1/2">
            <option value="">List price</option>
            {priceLists.data?.items.map((p) => (
              <option key={p.id} value={p.id}>{p.name}</option>
            ))}
          </select>
        </label>
        {owner && <Button type="submit" disabled={update.isPending}>Save company</Button>}
      </form>
      <MembersPanel
        members={company.data.members}
        invitations={company.data.invitations}
        busy={!owner || add.isPending || role.isPending || remove.isPending || withdraw.isPending}
        onAdd={(email, r) => act(add.mutateAsync({ id, email, role: r }), `${email} added`)}
        onRole={(userId, r) => void act(role.mutateAsync({ id, userId, role: r }), 'Role changed')}
        onRemove={onRemove}
        onWithdraw={onWithdraw}
      />
      <CompanyStatement id={id} />
    </div>
  );
}
