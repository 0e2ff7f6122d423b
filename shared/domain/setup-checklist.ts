// The first-run checklist on the back office dashboard (issue 38, point 17): what a new shop still
// has to set up before it can take real orders, worked out from facts the server reads. Pure, so the
// rule is tested without a database; the dashboard shows it until every step is done.
import { GST_RATE_PERCENT } from '../constants';

export interface SetupFacts {
  /** The shop details were saved at least once (not the demo defaults). */
  shopDetailsSaved: boolean;
  gstRegistrationNumber: string;
  /** Stripe keys are set (online payment). */
  stripe: boolean;
  paynow: boolean;
  bankTransfer: boolean;
  /** The shipping rates were saved at least once (not the defaults). */
  shippingSaved: boolean;
  /** SMTP_URL is set, so e-mails are delivered rather than kept in the back office. */
  smtpConfigured: boolean;
  backupsEnabled: boolean;
  /** A good backup exists and the dashboard has no backup warning. */
  backupsHealthy: boolean;
}

type SetupStepId = 'shop_details' | 'payments' | 'shipping' | 'email' | 'backups';

interface SetupStep {
  id: SetupStepId;
  title: string;
  done: boolean;
  /** What is missing, or what is in place. */
  detail: string;
  /** Where it is done in the back office. */
  to: string;
}

export interface SetupChecklist {
  steps: SetupStep[];
  done: boolean;
  /** Set when the shop charges GST without a GST registration number. */
  gst_warning: string | null;
}

export const GST_WITHOUT_NUMBER = `Every order charges ${GST_RATE_PERCENT}% GST, but the shop has no GST registration number. Only a GST-registered business may charge GST, and its tax invoices must show the number: add it in Shop details.`;

export function setupChecklist(f: SetupFacts): SetupChecklist {
  const gst = f.gstRegistrationNumber.trim();
  const methods = [f.stripe && 'online payment (Stripe)', f.paynow && 'PayNow', f.bankTransfer && 'bank transfer'].filter(Boolean);
  const steps: SetupStep[] = [
    {
      id: 'shop_details',
      title: 'Shop details and GST number',
      done: f.shopDetailsSaved && Boolean(gst),
      detail: !f.shopDetailsSaved
        ? 'Check the shop name, legal name, e-mail, phone and address that e-mails and tax invoices print, and save them.'
        : gst
          ? `Saved, GST registration number ${gst}.`
          : 'Saved, but without a GST registration number.',
      to: '/admin/shop',
    },
    {
      id: 'payments',
      title: 'Payment methods',
      done: methods.length > 0,
      detail: methods.length ? `Buyers can pay by ${methods.join(', ')}.` : 'No way to pay yet: switch on PayNow or bank transfer (or set the Stripe keys).',
      to: '/admin/shop#payments',
    },
    {
      id: 'shipping',
      title: 'Shipping rates',
      done: f.shippingSaved,
      detail: f.shippingSaved ? 'Saved for Singapore and Malaysia.' : 'Check the fees for Singapore and Malaysia and the free-shipping threshold, and save them.',
      to: '/admin/shop#shipping',
    },
    {
      id: 'email',
      title: 'Sending e-mail',
      done: f.smtpConfigured,
      detail: f.smtpConfigured
        ? 'E-mails are delivered through your mail server.'
        : 'No mail server (SMTP_URL) is set: order e-mails are only kept under Messages > Sent e-mail, and nobody can reset a password.',
      to: '/admin/messages?tab=email',
    },
    {
      id: 'backups',
      title: 'Backups',
      done: f.backupsEnabled && f.backupsHealthy,
      detail: !f.backupsEnabled
        ? 'The shop takes no backups of its own (BACKUP_DIR=off): make sure something else does, or turn them on.'
        : f.backupsHealthy
          ? 'A good backup is less than a day and a half old.'
          : 'There is no recent good backup yet: take one now in Settings > Backups.',
      to: '/admin/settings#backups',
    },
  ];
  return { steps, done: steps.every((s) => s.done), gst_warning: gst ? null : GST_WITHOUT_NUMBER };
}
