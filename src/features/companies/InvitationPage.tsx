import { useState } from 'react';
import { Seo } from '../../components/Seo';
import { Button, ButtonLink } from '../../components/ui/Button';
import { Field } from '../../components/ui/Field';
import { Spinner } from '../../components/ui/Spinner';
import { useSearchParams } from '../../lib/router';
import { toast } from '../../lib/toast';
import { errorDetail, trpc } from '../../lib/trpc';
import { useAuth } from '../auth/AuthProvider';

/**
 * /company-invitation?token=...: shows which company invites which e-mail; a new buyer creates
 * their account with that e-mail and joins, one signed in with it joins. The server checks all.
 */
export default function InvitationPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const { user, setUser, register } = useAuth();
  const preview = trpc.companyInvitations.preview.useMutation();
  const accept = trpc.companyInvitations.accept.useMutation();
  const utils = trpc.useUtils();
  const [first, setFirst] = useState('');
  const [last, setLast] = useState('');
  const [password, setPassword] = useState('');
  const [joined, setJoined] = useState(false);
  const [asked, setAsked] = useState(false);
  if (!asked && token) {
    setAsked(true);
    preview.mutate({ token });
  }
  const inv = preview.data;

  async function join() {
    try {
      if (!user && inv) {
        await register({ email: inv.email, password, first_name: first, last_name: last });
      }
      await accept.mutateAsync({ token });
      const me = await utils.users.me.fetch();
      setUser(me);
      setJoined(true);
    } catch (err) {
      toast.error(errorDetail(err) ?? 'The invitation could not be accepted');
    }
  }

  return (
    <div className="mx-auto max-w-md px-4 py-10">
      <Seo title="Company invitation" description="Join your company's account." path="/company-invitation" noindex />
      <h1 className="text-2xl font-bold text-slate-900">Company invitation</h1>
      {preview.isPending ? <Spinner /> : !inv ? (
        <p className="mt-4 text-slate-700">{errorDetail(preview.error) ?? 'This invitation link is not valid.'}</p>
      ) : joined ? (
        <div className="mt-4 space-y-4">
          <p className="text-slate-800">You now buy for {inv.company_name}.</p>
          <ButtonLink to="/">Start shopping</ButtonLink>
        </div>
      ) : (
        <form className="mt-4 space-y-4" onSubmit={(e) => { e.preventDefault(); void join(); }}>
          <p className="text-slate-800">
            {inv.company_name} invites {inv.email} to buy for it as {inv.role === 'admin' ? 'an admin' : 'a buyer'}.
          </p>
          {user ? (
            user.email === inv.email ? null : <p className="text-sm text-red-700">You are signed in as {user.email}. Sign in as {inv.email} to accept.</p>
          ) : (
            <>
              <Field label="First name" required value={first} onChange={setFirst} autoComplete="given-name" />
              <Field label="Last name" required value={last} onChange={setLast} autoComplete="family-name" />
              <Field label="Password" type="password" required value={password} onChange={setPassword} autoComplete="new-password" hint="At least 8 characters." />
            </>
          )}
          <Button type="submit" disabled={accept.isPending || (!!user && user.email !== inv.email)}>
            {user ? 'Join the company' : 'Create account and join'}
          </Button>
        </form>
      )}
    </div>
  );
}
