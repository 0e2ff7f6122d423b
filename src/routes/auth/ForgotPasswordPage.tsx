import { MailCheck } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { toast } from '../../lib/toast';
import { Link } from '../../lib/router';
import { Seo } from '../../components/Seo';
import { Button } from '../../components/ui/Button';
import { Field } from '../../components/ui/Field';
import { errorDetail, trpc } from '../../lib/trpc';

/** Asks for a reset link; the answer is the same whether or not the e-mail has an account. */
export default function ForgotPasswordPage() {
  const [email, setEmail] = useState('');
  const [answer, setAnswer] = useState<string | null>(null);
  const ask = trpc.auth.forgotPassword.useMutation();

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    try {
      setAnswer((await ask.mutateAsync({ email })).message);
    } catch (err) {
      toast.error(errorDetail(err) ?? 'Could not send the link. Please try again.');
    }
  }

  return (
    <div className="mx-auto max-w-md px-4 py-12">
      <Seo title="Forgot password" description="Reset the password of your PackShop account." path="/forgot-password" noindex />
      <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        <h1 className="text-2xl font-bold text-slate-900">Forgot your password?</h1>
        {answer ? (
          <div role="status" className="mt-4 flex gap-3 rounded-lg bg-emerald-50 p-4 text-sm text-emerald-900">
            <MailCheck className="h-5 w-5 shrink-0" aria-hidden />
            <p>{answer}</p>
          </div>
        ) : (
          <>
            <p className="mt-2 text-sm text-slate-600">Enter the e-mail of your account and we will send you a link to choose a new password.</p>
            <form onSubmit={onSubmit} className="mt-6 space-y-4">
              <Field label="Email" name="email" type="email" required value={email} onChange={setEmail} autoComplete="email" />
              <Button type="submit" size="lg" className="w-full" disabled={ask.isPending}>{ask.isPending ? 'Please wait...' : 'Send reset link'}</Button>
            </form>
          </>
        )}
        <p className="mt-6 text-center text-sm">
          <Link to="/login" className="font-medium text-emerald-700 hover:text-emerald-800">Back to login</Link>
        </p>
      </div>
    </div>
  );
}
