import { useEffect, useState, type FormEvent } from 'react';
import { useLocation } from '../../lib/router';
import { ShippingRatesCard } from '../../features/admin/ShippingRatesCard';
import { toast } from '../../lib/toast';
import type { ShopProfile } from '../../../shared/schemas/shop-profile.schema';
import { Button } from '../../components/ui/Button';
import { Spinner } from '../../components/ui/Spinner';
import { PaymentSettingsCard } from '../../features/admin/PaymentSettingsCard';
import { Card, ErrorBox, PageHeader, errorText, inputClass, labelClass } from '../../features/admin/ui';
import { trpc } from '../../lib/trpc';

const FIELDS: { key: keyof ShopProfile; label: string; hint?: string }[] = [
  { key: 'shop_name', label: 'Shop name', hint: 'Shown at the top and bottom of every e-mail' },
  { key: 'legal_name', label: 'Legal name', hint: 'Printed on tax invoices' },
  { key: 'email', label: 'Shop e-mail', hint: 'In e-mail footers; staff notifications go here unless STAFF_EMAIL is set' },
  { key: 'phone', label: 'Phone' },
  { key: 'address', label: 'Address' },
  { key: 'gst_registration_number', label: 'GST registration number', hint: 'Required on a Singapore tax invoice' },
];

/** The shop's name and contact details used by e-mails and tax invoices (admins only). */
export default function ShopProfilePage() {
  const profile = trpc.admin.shopProfile.get.useQuery();
  const save = trpc.admin.shopProfile.update.useMutation();
  const utils = trpc.useUtils();
  const [form, setForm] = useState<ShopProfile | null>(null);
  useEffect(() => {
    if (profile.data) setForm(profile.data);
  }, [profile.data]);
  // The dashboard's checklist opens this page at its payments or shipping section.
  const { hash } = useLocation();
  const loaded = Boolean(form);
  useEffect(() => {
    if (loaded && (hash === '#payments' || hash === '#shipping')) document.getElementById(hash.slice(1))?.scrollIntoView();
  }, [hash, loaded]);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (!form) return;
    try {
      utils.admin.shopProfile.get.setData(undefined, await save.mutateAsync(form));
      await utils.admin.setup.checklist.invalidate();
      toast.success('Shop details saved');
    } catch (err) {
      toast.error(`Failed to save shop details: ${errorText(err)}`);
    }
  }

  return (
    <div>
      <PageHeader title="Shop details" subtitle="Used in every e-mail and on tax invoices." />
      {profile.error ? <ErrorBox message={`Failed to load shop details: ${errorText(profile.error)}`} onRetry={() => profile.refetch()} /> : !form ? <Spinner /> : (
        <Card className="max-w-2xl">
          <form onSubmit={onSubmit} className="space-y-4">
            {FIELDS.map((f) => (
              <label key={f.key} className={labelClass}>
                {f.label}
                <input value={form[f.key]} onChange={(e) => setForm({ ...form, [f.key]: e.target.value })} className={inputClass} type={f.key === 'email' ? 'email' : 'text'} />
                {f.hint && <span className="mt-1 block text-xs font-normal text-slate-500">{f.hint}</span>}
              </label>
            ))}
            <Button type="submit" disabled={save.isPending}>{save.isPending ? 'Saving...' : 'Save'}</Button>
          </form>
        </Card>
      )}
      <div id="payments" className="scroll-mt-20">
        <PaymentSettingsCard />
      </div>
      <div id="shipping" className="scroll-mt-20">
        <ShippingRatesCard />
      </div>
    </div>
  );
}
