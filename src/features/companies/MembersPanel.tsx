import { useState } from 'react';
import { Button } from '../../components/ui/Button';
import { Field } from '../../components/ui/Field';

type Role = 'admin' | 'buyer';
export interface MemberRow {
  user_id: string;
  email: string;
  name: string;
  role: Role;
}
export interface InvitationRow {
  id: string;
  email: string;
  role: Role;
  expires_at: string;
}

/**
 * A company's members with add (by e-mail, as admin or buyer), role and remove: the owner's back
 * office and a company admin's account page show the same panel; the server decides who may.
 */
export function MembersPanel(p: {
  members: MemberRow[];
  invitations: InvitationRow[];
  busy: boolean;
  onAdd(email: string, role: Role): Promise<boolean>;
  onRole(userId: string, role: Role): void;
  onRemove(member: MemberRow): void;
  onWithdraw(invitation: InvitationRow): void;
}) {
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<Role>('buyer');
  return (
    <section className="space-y-4" aria-label="Members">
      <h2 className="text-lg font-semibold text-slate-900">Members</h2>
      <ul className="divide-y divide-slate-100 overflow-hidden rounded-xl border border-slate-200 bg-white">
        {p.members.map((m) => (
          <li key={m.user_id} className="flex flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3" data-testid="member">
            <div className="min-w-0 flex-1">
              <p className="truncate font-medium text-slate-900">{m.name}</p>
              <p className="truncate text-sm text-slate-600">{m.email}</p>
            </div>
            <select aria-label={`Role of ${m.email}`} value={m.role} disabled={p.busy} onChange={(e) => p.onRole(m.user_id, e.target.value as Role)} className="rounded-lg border border-slate-300 px-2 py-1.5 text-sm">
              <option value="admin">Admin</option>
              <option value="buyer">Buyer</option>
            </select>
            <button type="button" className="text-sm font-medium text-red-700 hover:underline" disabled={p.busy} onClick={() => p.onRemove(m)}>
              Remove
            </button>
          </li>
        ))}
        {p.invitations.map((i) => (
          <li key={i.id} className="flex flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3 text-sm text-slate-600" data-testid="invitation">
            <span className="min-w-0 flex-1 truncate">{i.email}</span>
            <span>Invited as {i.role}</span>
            <button type="button" className="font-medium text-red-700 hover:underline" disabled={p.busy} onClick={() => p.onWithdraw(i)}>
              Withdraw
            </button>
          </li>
        ))}
        {!p.members.length && !p.invitations.length && <li className="px-4 py-3 text-sm text-slate-600">No members yet.</li>}
      </ul>
      <form
        className="flex flex-wrap items-end gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          void p.onAdd(email.trim(), role).then((ok) => ok && setEmail(''));
        }}
      >
        <Field label="Add by e-mail" type="email" value={email} onChange={setEmail} className="min-w-56 flex-1" hint="An existing account joins at once; anyone else is e-mailed an invitation." />
        <label className="text-sm font-medium text-slate-700">
          Role
          <select aria-label="New member's role" value={role} onChange={(e) => setRole(e.target.value as Role)} className="mt-1 block rounded-lg border border-slate-300 px-3 py-2 text-sm">
            <option value="buyer">Buyer</option>
            <option value="admin">Admin</option>
          </select>
        </label>
        <Button type="submit" disabled={p.busy || !email.trim()}>
          Add member
        </Button>
      </form>
    </section>
  );
}
