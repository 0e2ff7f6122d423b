import { Search } from 'lucide-react';
import { useState } from 'react';
import { toast } from '../../lib/toast';
import { ROLES, type Role } from '../../../shared/constants';
import { Spinner } from '../../components/ui/Spinner';
import { useAuth } from '../../features/auth/AuthProvider';
import { EmptyState, ErrorBox, PageHeader, errorText, inputClass, longDate } from '../../features/admin/ui';
import { trpc } from '../../lib/trpc';
import { Pager } from '../../features/admin/Pager';

export default function UsersPage() {
  const { user: me } = useAuth();
  const [search, setSearch] = useState('');
  const [role, setRole] = useState<Role | ''>('');
  const [page, setPage] = useState(1);
  const list = trpc.admin.users.list.useQuery({ search: search.trim() || undefined, role: role || undefined, page, page_size: 25 }, { placeholderData: (p) => p });
  const setRoleM = trpc.admin.users.setRole.useMutation();
  const utils = trpc.useUtils();

  async function change(id: string, next: Role, email: string) {
    if (!window.confirm(`Change the role of ${email} to ${next}?`)) return;
    try {
      await setRoleM.mutateAsync({ id, role: next });
      toast.success(`${email} is now ${next}`);
      await utils.admin.users.list.invalidate();
    } catch (err) {
      toast.error(`Failed to change role: ${errorText(err)}`);
    }
  }

  return (
    <div>
      <PageHeader title="Users" subtitle={list.data ? `${list.data.total} user(s)` : undefined} />
      <div className="mb-4 flex flex-wrap gap-2">
        <label className="relative min-w-56 flex-1">
          <Search className="absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-slate-400" aria-hidden />
          <input value={search} onChange={(e) => { setSearch(e.target.value); setPage(1); }} placeholder="Search email or name..." aria-label="Search users" className={`${inputClass} mt-0 pl-9`} />
        </label>
        <select aria-label="Role" value={role} onChange={(e) => { setRole(e.target.value as Role | ''); setPage(1); }} className={`${inputClass} mt-0 w-40 capitalize`}>
          <option value="">All roles</option>
          {ROLES.map((r) => <option key={r} value={r}>{r}</option>)}
        </select>
      </div>
      {list.error ? <ErrorBox message={`Failed to load users: ${errorText(list.error)}`} onRetry={() => list.refetch()} /> : list.isLoading ? <Spinner /> : !list.data?.items.length ? (
        <EmptyState title="No users found" />
      ) : (
        <ul className="divide-y divide-slate-100 overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm">
          {list.data.items.map((u) => (
            <li key={u.id} className="flex flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3">
              <div className="min-w-0 flex-1">
                <p className="truncate font-medium text-slate-900">{u.name}{u.id === me?.id && <span className="ml-2 text-xs text-slate-500">(you)</span>}</p>
                <p className="truncate text-sm text-slate-500">{u.email} · joined {longDate(u.created_at)} · {u.order_count} order(s)</p>
              </div>
              <select aria-label={`Role of ${u.email}`} value={u.role} disabled={u.id === me?.id || setRoleM.isPending} onChange={(e) => change(u.id, e.target.value as Role, u.email)} className={`${inputClass} mt-0 w-32 capitalize disabled:bg-slate-100`} title={u.id === me?.id ? 'You cannot remove your own admin role' : undefined}>
                {ROLES.map((r) => <option key={r} value={r}>{r}</option>)}
              </select>
            </li>
          ))}
        </ul>
      )}
      {list.data && <Pager page={page} pages={list.data.pages} total={list.data.total} onPage={setPage} label="users" />}
    </div>
  );
}
