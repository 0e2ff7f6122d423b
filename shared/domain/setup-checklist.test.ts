import { describe, expect, it } from 'vitest';
import { GST_WITHOUT_NUMBER, setupChecklist, type SetupFacts } from './setup-checklist';

const fresh: SetupFacts = {
  shopDetailsSaved: false,
  gstRegistrationNumber: '',
  stripe: false,
  paynow: false,
  bankTransfer: false,
  shippingSaved: false,
  smtpConfigured: false,
  backupsEnabled: true,
  backupsHealthy: false,
};

describe('the first-run checklist', () => {
  it('lists every step as to do on a new shop, and warns that 9% GST is charged without a GST number', () => {
    const c = setupChecklist(fresh);
    expect(c.steps.map((s) => [s.id, s.done])).toEqual([
      ['shop_details', false],
      ['payments', false],
      ['shipping', false],
      ['email', false],
      ['backups', false],
    ]);
    expect(c.done).toBe(false);
    expect(c.gst_warning).toBe(GST_WITHOUT_NUMBER);
    expect(c.gst_warning).toContain('9% GST');
  });

  it('keeps the shop details step open while the GST number is missing, even once saved', () => {
    const c = setupChecklist({ ...fresh, shopDetailsSaved: true, gstRegistrationNumber: '  ' });
    expect(c.steps[0]).toMatchObject({ done: false, detail: 'Saved, but without a GST registration number.' });
    expect(c.gst_warning).not.toBeNull();
  });

  it('is done when every step is, and names what is in place', () => {
    const c = setupChecklist({ ...fresh, shopDetailsSaved: true, gstRegistrationNumber: 'M90312345A', paynow: true, bankTransfer: true, shippingSaved: true, smtpConfigured: true, backupsHealthy: true });
    expect(c.done).toBe(true);
    expect(c.gst_warning).toBeNull();
    expect(c.steps[1].detail).toBe('Buyers can pay by PayNow, bank transfer.');
  });

  it('counts Stripe as a payment method, and backups turned off as not done', () => {
    const c = setupChecklist({ ...fresh, stripe: true, backupsEnabled: false, backupsHealthy: true });
    expect(c.steps.find((s) => s.id === 'payments')?.done).toBe(true);
    expect(c.steps.find((s) => s.id === 'backups')).toMatchObject({ done: false, detail: expect.stringContaining('BACKUP_DIR=off') });
  });
});
