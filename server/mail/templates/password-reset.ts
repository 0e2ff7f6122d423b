import { renderEmail, type MailContext } from '../render';

export function passwordResetEmail(ctx: MailContext, r: { name: string; url: string; minutes: number }) {
  return renderEmail(ctx, 'Reset your password', [
    { kind: 'heading', text: `Hello ${r.name}` },
    { kind: 'p', text: `Someone asked to reset the password of your ${ctx.shop.shop_name} account. The link works once, for ${r.minutes} minutes.` },
    { kind: 'button', label: 'Choose a new password', url: r.url },
    { kind: 'p', text: 'If it was not you, ignore this e-mail: your password stays as it is.' },
  ]);
}

export function passwordChangedEmail(ctx: MailContext, r: { name: string }) {
  return renderEmail(ctx, 'Your password was changed', [
    { kind: 'heading', text: `Hello ${r.name}` },
    { kind: 'p', text: `The password of your ${ctx.shop.shop_name} account was just changed, and other devices were signed out.` },
    { kind: 'p', text: `If it was not you, reset it now from the login page and contact us at ${ctx.shop.email}.` },
  ]);
}
