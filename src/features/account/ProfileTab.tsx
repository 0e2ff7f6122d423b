import { useEffect, useState } from 'react';
import toast from 'react-hot-toast';
import { Button } from '../../components/ui/Button';
import { Field } from '../../components/ui/Field';
import { Spinner } from '../../components/ui/Spinner';
import { errorDetail, trpc } from '../../lib/trpc';
import { useAuth } from '../auth/AuthProvider';

/** Display name (required) and phone; the email cannot be changed. */
export function ProfileTab() {
  const { setUser } = useAuth();
  const me = trpc.users.me.useQuery();
  const update = trpc.users.updateMe.useMutation();
  const [displayName, setDisplayName] = useState('');
  const [phone, setPhone] = useState('');
  useEffect(() => {
    if (me.data) {
      setDisplayName(me.data.displayName);
      setPhone(me.data.phone ?? '');
    }
  }, [me.data]);
  useEffect(() => {
    if (me.error) toast.error('Failed to load profile');
  }, [me.error]);
  if (me.isLoading) return <Spinner />;

  const save = async () => {
    if (!displayName.trim()) {
      toast.error('Display name is required');
      return;
    }
    try {
      const user = await update.mutateAsync({ displayName: displayName.trim(), phone: phone.trim() || null });
      setUser(user);
      toast.success('Profile updated successfully.');
    } catch (err) {
      toast.error(errorDetail(err) ?? 'Failed to update profile');
    }
  };

  return (
    <form
      className="max-w-lg space-y-4"
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <h2 className="text-lg font-semibold text-slate-900">Profile</h2>
      <Field label="Display name" required value={displayName} onChange={setDisplayName} autoComplete="nickname" />
      <Field label="Phone" type="tel" value={phone} onChange={setPhone} autoComplete="tel" />
      <Field label="Email" value={me.data?.email ?? ''} onChange={() => undefined} readOnly disabled hint="Your email cannot be changed." />
      <Button type="submit" disabled={update.isPending || !displayName.trim()}>
        {update.isPending ? 'Saving...' : 'Save Profile'}
      </Button>
    </form>
  );
}
