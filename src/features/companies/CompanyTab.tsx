import { Spinner } from '../../components/ui/Spinner';
import { Link } from '../../lib/router';
import { toast } from '../../lib/toast';
import { errorDetail, trpc } from '../../lib/trpc';
import { formatMoney } from '../../../shared/domain/money';
import { formatShopDate } from '../../../shared/domain/shop-time';
import { CompanyAddressesPanel } from './CompanyAddressesPanel';
import { CompanyLists, CompanyQuotes } from './SharedPanels';
import { MembersPanel, type InvitationRow, type MemberRow } from './MembersPanel';
import { OwnStatement } from './StatementPanel';

/** The account's Company tab for company admins: members, every order placed for the company, its statement, every member's lists and quotes. */
export function CompanyTab() {
  const members = trpc.company.members.useQuery();
  const orders = trpc.company.orders.useQuery({ page: 1, page_size: 50 });
  // What the company owes on invoice and may still order (decision 0194).
  const account = trpc.company.get.useQuery(undefined, { staleTime: 30_000 });
  const utils = trpc.useUtils();
  const invite = trpc.company.invite.useMutation();
  const role = trpc.company.setMemberRole.useMutation();
  const remove = trpc.company.removeMember.useMutation();
  const withdraw = trpc.company.withdrawInvitation.useMutation();
  if (members.isLoading) return <Spinner />;
  if (!members.data) return <p className="text-slate-700">{errorDetail(members.error) ?? 'Failed to load the company'}</p>;

  const act = async (what: Promise<unknown>, done: string) => {
    try {
      await what;
      toast.success(done);
      await utils.company.members.invalidate();
      return true;
    } catch (err) {
      toast.error(errorDetail(err) ?? 'That did not work');
      return false;
    }
  };
  const onRemove = (m: MemberRow) => {
    if (window.confirm(`Remove ${m.email} from the company?`)) void act(remove.mutateAsync({ userId: m.user_id }), `${m.email} removed`);
  };

  const onWithdraw = (i: InvitationRow) => {
    if (window.confirm(`Withdraw the invitation to ${i.email}? Its link stops working.`)) void act(withdraw.mutateAsync({ id: i.id }), `Invitation to ${i.email} withdrawn`);
  };

  return (
    <div className="space-y-8">
      <div>
        <h2 className="text-lg font-semibold text-slate-900">{members.data.name}</h2>
        <p className="text-sm text-slate-600">{members.data.payment_terms_days ? `Net ${members.data.payment_terms_days} days` : 'Pay up front'} · {members.data.registration_number}</p>
        {account.data && account.data.payment_terms_days > 0 && (
          <p className="mt-1 text-sm text-slate-700" data-testid="company-credit">
            Owed on invoices: <strong>{formatMoney(account.data.outstanding)}</strong> ·{' '}
            {account.data.available_credit === null ? 'No credit limit' : <>Available credit: <strong>{formatMoney(account.data.available_credit)}</strong> of {formatMoney(account.data.credit_limit ?? 0)}</>}
          </p>
        )}
      </div>
      <MembersPanel
        members={members.data.members}
        invitations={members.data.invitations}
        busy={invite.isPending || role.isPending || remove.isPending || withdraw.isPending}
        onAdd={(email, r) => act(invite.mutateAsync({ email, role: r }), `${email} added or invited`)}
        onRole={(userId, r) => void act(role.mutateAsync({ userId, role: r }), 'Role changed')}
        onRemove={onRemove}
        onWithdraw={onWithdraw}
      />
      <section aria-label="Company orders" className="space-y-3">
        <h2 className="text-lg font-semibold text-slate-900">Company orders</h2>
        {!orders.data?.items.length ? (
          <p className="text-sm text-slate-600">No orders placed for the company yet.</p>
        ) : (
          <ul className="divide-y divide-slate-100 overflow-hidden rounded-xl border border-slate-200 bg-white">
            {orders.data.items.map((o) => (
              <li key={o.id} className="flex flex-wrap items-center gap-x-4 gap-y-1 px-4 py-3 text-sm" data-testid="company-order">
                <Link to={`/company/orders/${o.id}`} className="font-medium text-emerald-800 hover:underline">
                  {o.order_number}
                </Link>
                <span className="text-slate-600">{formatShopDate(o.created_at)}</span>
                <span className="min-w-0 basis-full truncate text-slate-800 sm:flex-1 sm:basis-0">Placed by {o.placed_by.name} ({o.placed_by.email})</span>
                <span className="capitalize text-slate-600">{o.status}</span>
                <span className="font-medium text-slate-900">{formatMoney(o.total)}</span>
              </li>
            ))}
          </ul>
        )}
      </section>
      <OwnStatement />
      <CompanyAddressesPanel />
      <CompanyLists />
      <CompanyQuotes />
    </div>
  );
}
