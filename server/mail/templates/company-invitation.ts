import { renderEmail, type MailContext } from '../render';

export function companyInvitationEmail(ctx: MailContext, r: { companyName: string; role: 'admin' | 'buyer'; url: string; days: number }) {
  const as = r.role === 'admin' ? 'an admin, who manages its buyers and sees all its orders' : 'a buyer';
  return renderEmail(ctx, `Join ${r.companyName} on ${ctx.shop.shop_name}`, [
    { kind: 'heading', text: `You are invited to ${r.companyName}` },
    { kind: 'p', text: `${r.companyName} invites you to buy for it at ${ctx.shop.shop_name}, as ${as}. The link works once, for ${r.days} days.` },
    { kind: 'button', label: 'Accept the invitation', url: r.url },
    { kind: 'p', text: 'If you did not expect this, ignore this e-mail: nothing happens without you.' },
  ]);
}
