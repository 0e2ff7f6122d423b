import { describe, expect, it } from 'vitest';
import { WEBHOOK_EVENTS } from '../../shared/schemas/webhooks.schema';
import { BUSINESS_EVENTS } from './business-events';

const events = Object.entries(BUSINESS_EVENTS);

describe('the business events table', () => {
  it('sends every webhook type an endpoint can subscribe to from some event', () => {
    const sent = new Set(events.flatMap(([, e]) => e.webhooks));
    expect(WEBHOOK_EVENTS.filter((type) => !sent.has(type)), 'webhook types no event sends').toEqual([]);
  });

  it('has no event that sends nothing', () => {
    expect(events.filter(([, e]) => !e.emails.length && !e.webhooks.length).map(([name]) => name)).toEqual([]);
  });

  it("lists the e-mails each event's code queues", () => {
    // The template name is the first argument of every queue call (order_<status> is built from the status).
    for (const [name, e] of events) {
      for (const { template } of e.emails) {
        const quoted = template.includes('<') ? `[\`]${template.split('<')[0]}` : `["'\`]${template}["'\`]`;
        expect(e.send.toString(), name).toMatch(new RegExp(quoted));
      }
    }
  });

  it('names each e-mail template once, so the table reads as the list of what the shop mails', () => {
    const templates = events.flatMap(([, e]) => e.emails.map((m) => m.template));
    expect(new Set(templates).size).toBe(templates.length);
  });
});
