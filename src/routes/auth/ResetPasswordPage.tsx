import { useState, type FormEvent } from 'react';
import { toast } from '../../lib/toast';
import { Link, useNavigate, useSearchParams } from '../../lib/router';
import { Seo } from '../../components/Seo';
import { Button } from '../../components/ui/Button';
import { Field } from '../../components/ui/Field';
import { useAuth } from '../../features/auth/AuthProvider';
import { errorDetail, trpc } from '../../lib/trpc';

/** The e-mailed link lands here: choose a new password, then the shopper is signed in. */
export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const reset = trpc.auth.resetPassword.useMutation();
  const { acceptSession } = useAuth();
  const navigate = useNavigate();

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (password !== confirm) return setProblem('The two passwords do not match');
    setProblem(null);
    try {
      acceptSession(await reset.mutateAsync({ token, password }));
      toast.success('Your password has been changed. You are signed in.');
      navigate('/', { replace: true });
    } catch (err) {
      setProblem(errorDetail(err) ?? 'Could not change the password. Please try again.');
    }
  }

  return (
    <div className="mx-auto max-w-md px-4 py-12">
      <Seo title="Choose a new password" description="Choose a new password for your PackShop account." path="/reset-password" noindex />
      <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        <h1 className="text-2xl font-bold text-slate-900">Choose a new password</h1>
        {!token ? (
          <p className="mt-4 text-sm text-slate-700">
            This reset link is incomplete. <Link to="/forgot-password" className="font-medium text-emerald-700">Ask for a new one</Link>.
          </p>
        ) : (
          <form onSubmit={onSubmit} className="mt-6 space-y-4">
            <Field label="New password" name="password" type="password" required minLength={8} value={password} onChange={setPassword} autoComplete="new-password" hint="At least 8 characters" />
            <Field label="Repeat the new password" name="confirm" type="password" required minLength={8} value={confirm} onChange={setConfirm} autoComplete="new-password" />
            {problem && (
              <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-700">
                {problem}{' '}
                {/link/.test(problem) && <Link to="/forgot-password" className="font-semibold underline">Ask for a new link</Link>}
              </p>
            )}
            <Button type="submit" size="lg" className="w-full" disabled={reset.isPending}>{reset.isPending ? 'Please wait...' : 'Save new password'}</Button>
          </form>
        )}
      </div>
    </div>
  );
}
