import { Clock, Mail, MapPin } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { toast } from '../../lib/toast';
import { CONTACT_REPLY_HOURS, SHOP_EMAIL } from '../../../shared/constants';
import { REQUIRED_FIELDS_MESSAGE } from '../../../shared/messages';
import { contactPageMeta } from '../../../shared/seo/contact-meta';
import { siteOrigin } from '../../lib/site-origin';
import { Seo } from '../../components/Seo';
import { Button } from '../../components/ui/Button';
import { Field } from '../../components/ui/Field';
import { errorDetail, trpc } from '../../lib/trpc';

const EMPTY = { name: '', email: '', message: '' };

export default function ContactPage() {
  const [form, setForm] = useState(EMPTY);
  const send = trpc.contact.send.useMutation();
  const set = (key: keyof typeof EMPTY) => (value: string) => setForm((f) => ({ ...f, [key]: value }));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!form.name.trim() || !form.email.trim() || !form.message.trim()) {
      toast.error(REQUIRED_FIELDS_MESSAGE);
      return;
    }
    try {
      const res = await send.mutateAsync(form);
      toast.success(res.message);
      setForm(EMPTY);
    } catch (err) {
      toast.error(errorDetail(err) ?? 'Failed to send message. Please try again.');
    }
  };

  return (
    <div className="mx-auto max-w-5xl px-4 py-12 sm:px-6">
      <Seo {...contactPageMeta(siteOrigin())} />
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">Contact Us</h1>
      <p className="mt-2 text-slate-600">Bulk quotes, sizing help or an order question: send us a message.</p>

      <div className="mt-8 grid gap-8 md:grid-cols-[1fr_18rem]">
        <form onSubmit={submit} noValidate className="space-y-4 rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
          <Field label="Name" required value={form.name} onChange={set('name')} autoComplete="name" maxLength={100} />
          <Field label="Email" required type="email" value={form.email} onChange={set('email')} autoComplete="email" maxLength={254} />
          <div>
            <label htmlFor="contact-message" className="block text-sm font-medium text-slate-700">
              Message<span className="text-red-600"> *</span>
            </label>
            <textarea
              id="contact-message"
              rows={6}
              maxLength={5000}
              value={form.message}
              onChange={(e) => set('message')(e.target.value)}
              className="mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2 text-sm shadow-sm focus:outline-none focus:ring-2 focus:ring-emerald-500"
            />
          </div>
          <Button type="submit" disabled={send.isPending} className="w-full sm:w-auto">
            {send.isPending ? 'Sending...' : 'Send Message'}
          </Button>
        </form>

        <aside className="space-y-4 text-sm">
          <div className="flex gap-3 rounded-xl bg-slate-50 p-4">
            <Mail className="h-5 w-5 shrink-0 text-emerald-600" aria-hidden />
            <div>
              <p className="font-semibold text-slate-900">Email</p>
              <a href={`mailto:${SHOP_EMAIL}`} className="text-emerald-700 hover:underline">
                {SHOP_EMAIL}
              </a>
            </div>
          </div>
          <div className="flex gap-3 rounded-xl bg-slate-50 p-4">
            <Clock className="h-5 w-5 shrink-0 text-emerald-600" aria-hidden />
            <div>
              <p className="font-semibold text-slate-900">Reply time</p>
              <p className="text-slate-600">Usually within {CONTACT_REPLY_HOURS} hours</p>
            </div>
          </div>
          <div className="flex gap-3 rounded-xl bg-slate-50 p-4">
            <MapPin className="h-5 w-5 shrink-0 text-emerald-600" aria-hidden />
            <div>
              <p className="font-semibold text-slate-900">Location</p>
              <p className="text-slate-600">Singapore, shipping to Singapore and Malaysia</p>
            </div>
          </div>
        </aside>
      </div>
    </div>
  );
}
