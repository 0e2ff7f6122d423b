import { useState, type FormEvent } from 'react';
import { toast } from '../../lib/toast';
import { Link, useLocation, useNavigate } from '../../lib/router';
import { Seo } from '../../components/Seo';
import { Button } from '../../components/ui/Button';
import { Field } from '../../components/ui/Field';
import { useAuth } from '../../features/auth/AuthProvider';
import { errorDetail } from '../../lib/trpc';
import { returnPathOf } from '../guards';
import { WEAK_PASSWORD_MESSAGE } from '../../../shared/messages';

type Tab = 'login' | 'register';

export default function LoginPage() {
  const [tab, setTab] = useState<Tab>('login');
  const [busy, setBusy] = useState(false);
  // The server's refusal of a guessable password is shown under the field it is about.
  const [passwordError, setPasswordError] = useState<string | undefined>();
  const [form, setForm] = useState({ email: '', password: '', first_name: '', last_name: '', phone: '' });
  const { login, register } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  // Sent here by a signed-in route (e.g. /checkout)? Go back there; otherwise home (spec: '/').
  const from = returnPathOf(location.state);

  const set = (key: keyof typeof form) => (value: string) => {
    if (key === 'password') setPasswordError(undefined);
    setForm((f) => ({ ...f, [key]: value }));
  };

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    try {
      if (tab === 'login') {
        await login({ email: form.email, password: form.password });
        toast.success('Login successful!');
      } else {
        await register({ email: form.email, password: form.password, first_name: form.first_name, last_name: form.last_name, phone: form.phone || null });
        toast.success('Registration successful!');
      }
      navigate(from, { replace: true });
    } catch (err) {
      const detail = errorDetail(err);
      if (detail === WEAK_PASSWORD_MESSAGE) setPasswordError(detail);
      else toast.error(detail ?? (tab === 'login' ? 'Login failed' : 'Registration failed'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="mx-auto max-w-md px-4 py-12">
      <Seo title="Login or Register" description="Sign in to your PackShop account or create one to track orders and save addresses." path="/login" noindex />
      <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        <div role="tablist" aria-label="Account" className="grid grid-cols-2 rounded-lg bg-slate-100 p-1">
          {(['login', 'register'] as const).map((t) => (
            <button
              key={t}
              type="button"
              role="tab"
              aria-selected={tab === t}
              onClick={() => {
                setTab(t);
                setPasswordError(undefined);
              }}
              className={`rounded-md py-2 text-sm font-semibold ${tab === t ? 'bg-white text-slate-900 shadow' : 'text-slate-600 hover:text-slate-800'}`}
            >
              {t === 'login' ? 'Login' : 'Register'}
            </button>
          ))}
        </div>
        <h1 className="mt-6 text-2xl font-bold text-slate-900">{tab === 'login' ? 'Welcome back' : 'Create your account'}</h1>
        <form onSubmit={onSubmit} className="mt-6 space-y-4" noValidate={false}>
          {tab === 'register' && (
            <div className="grid grid-cols-2 gap-3">
              <Field label="First name" name="first_name" required value={form.first_name} onChange={set('first_name')} autoComplete="given-name" />
              <Field label="Last name" name="last_name" required value={form.last_name} onChange={set('last_name')} autoComplete="family-name" />
            </div>
          )}
          <Field label="Email" name="email" type="email" required value={form.email} onChange={set('email')} autoComplete="email" />
          <Field
            label="Password"
            name="password"
            type="password"
            required
            minLength={tab === 'register' ? 8 : undefined}
            value={form.password}
            onChange={set('password')}
            autoComplete={tab === 'login' ? 'current-password' : 'new-password'}
            hint={tab === 'register' ? 'At least 8 characters and hard to guess: a few unrelated words work well' : undefined}
            error={passwordError}
          />
          {tab === 'login' && (
            <p className="-mt-2 text-right text-sm">
              <Link to="/forgot-password" className="font-medium text-emerald-700 hover:text-emerald-800">Forgot password?</Link>
            </p>
          )}
          {tab === 'register' && <Field label="Phone (optional)" name="phone" type="tel" value={form.phone} onChange={set('phone')} autoComplete="tel" />}
          <Button type="submit" size="lg" className="w-full" disabled={busy}>
            {busy ? 'Please wait...' : tab === 'login' ? 'Login' : 'Register'}
          </Button>
        </form>
      </div>
    </div>
  );
}
