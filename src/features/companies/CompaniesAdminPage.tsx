import { Search } from 'lucide-react';
import { useState } from 'react';
import { Spinner } from '../../components/ui/Spinner';
import { Button } from '../../components/ui/Button';
import { Link, useNavigate } from '../../lib/router';
import { toast } from '../../lib/toast';
import { trpc } from '../../lib/trpc';
import { useAuth } from '../auth/AuthProvider';
import { CompanyFields, companyProblems, emptyCompany, type CompanyForm } from '../account/CompanyFields';
import { Pager } from '../admin/Pager';
import { EmptyState, ErrorBox, PageHeader, errorText, inputClass } from '../admin/ui';
import { TermsFields, type Terms } from './TermsFields';

/** Back office: the companies, searchable, and a form to create one (owner only). */
export default function CompaniesAdminPage() {
  const { user } = useAuth();
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [form, setForm] = useState<CompanyForm | null>(null);
  const [terms, setTerms] = useState<Terms>({ payment_terms_days: 0, credit_limit: '', po_number_required: false });
  const [tried, setTried] = useState(false);
  const list = trpc.admin.companies.list.useQuery({ search: search.trim() || undefined, page, page_size: 25 }, { placeholderData: (p) => p });
  const create = trpc.admin.companies.create.useMutation();
  const navigate = useNavigate();

  async function save() {
    if (!form) return;
    setTried(true);
    if (Object.values(companyProblems(form)).some(Boolean)) return;
    try {
      const c = await create.mutateAsync({ ...form, tax_number: form.tax_number || null, billing_address: form.billing_address || null, payment_terms_days: terms.payment_terms_days, credit_limit: terms.credit_limit === '' ? null : Number(terms.credit_limit), po_number_required: terms.po_number_required });
      toast.success(`${c.name} created`);
      navigate(`/admin/companies/${c.id}`);
    } catch (err) {
      toast.error(errorText(err));
    }
  }

  return (
    <div>
      <PageHeader title="Companies" subtitle={list.data ? `${list.data.total} compan${list.data.total === 1 ? 'y' : 'ies'}` : undefined} actions={user?.role === 'admin' && !form ? <Button onClick={() => setForm(emptyCompany)}>New company</Button> : undefined} />
      {form && (
        <form className="mb-6 space-y-4 rounded-xl border border-slate-200 bg-white p-4" onSubmit={(e) => { e.preventDefault(); void save(); }}>
          <h2 className="text-lg font-semibold text-slate-900">New company</h2>
          <CompanyFields value={form} onChange={setForm} showProblems={tried} />
          <TermsFields value={terms} onChange={setTerms} />
          <div className="flex gap-3">
            <Button type="submit" disabled={create.isPending}>Create company</Button>
            <Button type="button" variant="secondary" onClick={() => setForm(null)}>Cancel</Button>
          </div>
        </form>
      )}
      <label className="relative mb-4 block">
        <Search className="absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-slate-400" aria-hidden />
        <input value={search} onChange={(e) => { setSearch(e.target.value); setPage(1); }} placeholder="Search name or UEN..." aria-label="Search companies" className={`${inputClass} mt-0 pl-9`} />
      </label>
      {list.error ? <ErrorBox message={`Failed to load companies: ${errorText(list.error)}`} onRetry={() => list.refetch()} /> : list.isLoading ? <Spinner /> : !list.data?.items.length ? (
        <EmptyState title="No companies yet" />
      ) : (
        <ul className="divide-y divide-slate-100 overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm">
          {list.data.items.map((c) => (
            <li key={c.id} className="flex flex-wrap items-center gap-x-4 gap-y-1 px-4 py-3">
              <Link to={`/admin/companies/${c.id}`} className="min-w-0 flex-1 truncate font-medium text-emerald-800 hover:underline">{c.name}</Link>
              <span className="text-sm text-slate-600">{c.registration_number}</span>
              <span className="text-sm text-slate-600">{c.member_count} member{c.member_count === 1 ? '' : 's'}</span>
              <span className="text-sm text-slate-600">{c.payment_terms_days ? `Net ${c.payment_terms_days}` : 'Pay up front'}</span>
            </li>
          ))}
        </ul>
      )}
      {list.data && <Pager page={page} pages={list.data.pages} total={list.data.total} onPage={setPage} label="companies" />}
    </div>
  );
}
