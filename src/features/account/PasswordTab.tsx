import { useState, type FormEvent } from 'react';
import { toast } from '../../lib/toast';
import { Button } from '../../components/ui/Button';
import { Field } from '../../components/ui/Field';
import { errorDetail, trpc } from '../../lib/trpc';

/** Change the password: the current one is needed; other devices are signed out. */
export function PasswordTab() {
  const change = trpc.auth.changePassword.useMutation();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (next !== confirm) return setProblem('The two new passwords do not match');
    setProblem(null);
    try {
      const res = await change.mutateAsync({ current_password: current, new_password: next });
      toast.success(res.message ?? 'Your password has been changed.');
      setCurrent('');
      setNext('');
      setConfirm('');
    } catch (err) {
      setProblem(errorDetail(err) ?? 'Could not change the password. Please try again.');
    }
  }

  return (
    <form onSubmit={onSubmit} className="max-w-md space-y-4">
      <Field label="Current password" name="current_password" type="password" required value={current} onChange={setCurrent} autoComplete="current-password" />
      <Field label="New password" name="new_password" type="password" required minLength={8} value={next} onChange={setNext} autoComplete="new-password" hint="At least 8 characters" />
      <Field label="Repeat the new password" name="confirm_password" type="password" required minLength={8} value={confirm} onChange={setConfirm} autoComplete="new-password" />
      {problem && <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-700">{problem}</p>}
      <p className="text-xs text-slate-500">Other devices signed in to your account will be signed out.</p>
      <Button type="submit" disabled={change.isPending}>{change.isPending ? 'Saving...' : 'Change password'}</Button>
    </form>
  );
}
