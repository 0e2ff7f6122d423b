/**
 * A Stripe-compatible HTTP server for the tests (issue 36, decision 0165). It listens on
 * 127.0.0.1 (port 0 unless given) and serves ONLY what the shop calls, checking parameters the
 * way Stripe documents them and recording every request:
 *
 *   POST /v1/checkout/sessions              mode=payment, line_items[0][price_data][currency|unit_amount|product_data][name]
 *                                           + line_items[0][quantity], success_url (required), cancel_url,
 *                                           client_reference_id, metadata[...], customer_email.
 *                                           Idempotency-Key: the same key gives the same session (other params -> 400 idempotency_error).
 *   GET  /v1/checkout/sessions/:id
 *   POST /v1/checkout/sessions/:id/expire   (an open session only; sends checkout.session.expired to the webhook URL)
 *   GET  /v1/payment_intents/:id            expand[]=latest_charge gives the charge with payment_method_details.type
 *   POST /v1/refunds                        payment_intent, amount (default: what is left), reason, metadata[...];
 *                                           Idempotency-Key -> same refund; more than is left -> 400 (Stripe's error shape)
 *   GET  /_test/state                       (no key) { requests, sessions, refunds } for a test in another process
 *   GET  /pay/:sessionId                    the hosted pay page: buttons "Pay" and "Payment fails" (and a method choice).
 *                                           "Pay" sends checkout.session.completed (payment_status paid) to the shop's webhook
 *                                           and redirects to success_url; "Payment fails" sends checkout.session.completed
 *                                           (unpaid, as an async method does) then checkout.session.async_payment_failed and
 *                                           redirects back to cancel_url.
 *
 * Every /v1 request must carry `Authorization: Bearer <secretKey>` (401 otherwise). Errors have Stripe's
 * shape: `{ error: { type, code?, message, param? } }`. Events are signed with
 * `stripe.webhooks.generateTestHeaderString` and the webhook secret, as Stripe signs them.
 *
 * Use:
 *   const stripe = await startStripeServer({ webhookUrl: `${shop}/api/payments/stripe/webhook` });
 *   app.deps.stripe = { secretKey: stripe.secretKey, webhookSecret: stripe.webhookSecret, apiUrl: stripe.url };
 *   stripe.requests                      // [{ method, path, params, idempotencyKey, authorization }]
 *   stripe.sessions.get(id)              // the session objects as the server holds them
 *   await stripe.pay(sessionId)          // what the pay page's "Pay" does (method 'card' unless given)
 *   await stripe.sendEvent('checkout.session.completed', session, { id?, timestamp?, secret? })
 *   stripe.signEvent(type, object, opts) // { event, payload, header } to post yourself (forged, stale, replayed)
 *   await stripe.flush()                 // wait for events the server sent on its own (expire)
 *   await stripe.close()
 * The webhook URL can be set later (`stripe.webhookUrl = ...`), e.g. once the shop's port is known.
 * tests/e2e/support/stripe-server-main.ts runs it as a process for the Playwright journeys.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

interface RecordedRequest {
  method: string;
  path: string;
  /** The form body (POST) or query (GET), parsed from Stripe's bracket notation into objects. */
  params: Record<string, unknown>;
  idempotencyKey: string | null;
  authorization: string | null;
}

interface StripeSession {
  id: string;
  object: 'checkout.session';
  mode: string;
  status: 'open' | 'complete' | 'expired';
  payment_status: 'unpaid' | 'paid' | 'no_payment_required';
  amount_total: number;
  amount_subtotal: number;
  currency: string;
  client_reference_id: string | null;
  customer_email: string | null;
  customer_details: { email: string | null } | null;
  metadata: Record<string, string>;
  success_url: string;
  cancel_url: string | null;
  url: string | null;
  payment_intent: string | null;
  payment_method_types: string[];
  created: number;
  expires_at: number;
  livemode: false;
}

interface StripeRefund {
  id: string;
  object: 'refund';
  amount: number;
  currency: string;
  payment_intent: string;
  charge: string;
  reason: string | null;
  metadata: Record<string, string>;
  status: 'succeeded' | 'pending' | 'failed';
  created: number;
}

interface PaymentIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_received: number;
  currency: string;
  status: 'succeeded' | 'processing' | 'requires_payment_method';
  latest_charge: string;
  payment_method_types: string[];
  metadata: Record<string, string>;
  created: number;
}

interface Charge {
  id: string;
  object: 'charge';
  amount: number;
  amount_refunded: number;
  currency: string;
  payment_intent: string;
  paid: boolean;
  payment_method_details: { type: string };
}

export interface StripeServerOptions {
  port?: number;
  webhookUrl?: string;
  webhookSecret?: string;
  secretKey?: string;
}

interface EventOptions {
  /** The event id (default a new evt_...): the same id twice is a redelivery. */
  id?: string;
  /** Signing time in seconds (default now): an old one is a stale signature. */
  timestamp?: number;
  /** Sign with another secret (a forged event). */
  secret?: string;
  /** Post to another URL than webhookUrl. */
  url?: string;
}

interface SignedEvent {
  event: { id: string; type: string; data: { object: unknown } };
  payload: string;
  header: string;
}

export interface StripeServer {
  url: string;
  secretKey: string;
  webhookSecret: string;
  webhookUrl: string | undefined;
  requests: RecordedRequest[];
  sessions: Map<string, StripeSession>;
  paymentIntents: Map<string, PaymentIntent>;
  refunds: Map<string, StripeRefund>;
  /** The status of the next refunds (default 'succeeded'); Stripe may answer 'pending' and settle later. */
  refundStatus: StripeRefund['status'];
  signEvent(type: string, object: unknown, opts?: EventOptions): SignedEvent;
  sendEvent(type: string, object: unknown, opts?: EventOptions): Promise<{ status: number; body: string; event: SignedEvent['event'] }>;
  /** Completes a session as paid (creating its payment intent and charge) and sends checkout.session.completed. */
  pay(sessionId: string, opts?: { method?: string; send?: boolean }): Promise<StripeSession>;
  /** An async method that fails: completed (unpaid) then async_payment_failed. */
  fail(sessionId: string, opts?: { method?: string }): Promise<StripeSession>;
  /** An async method that is pending: completed with payment_status unpaid; then `succeedAsync` sends async_payment_succeeded. */
  payAsync(sessionId: string, opts?: { method?: string; send?: boolean }): Promise<StripeSession>;
  succeedAsync(sessionId: string, opts?: { send?: boolean }): Promise<StripeSession>;
  flush(): Promise<void>;
  close(): Promise<void>;
}

class StripeError extends Error {
  constructor(readonly status: number, readonly type: string, message: string, readonly param?: string, readonly code?: string) {
    super(message);
  }
}

const id = (prefix: string) => `${prefix}_test_${randomBytes(12).toString('hex')}`;
const now = () => Math.floor(Date.now() / 1000);
const signer = new Stripe('sk_test_signer_only').webhooks;

/** Stripe's form encoding: `a[b][0][c]=v` -> { a: { b: [ { c: 'v' } ] } }. */
function parseStripeForm(text: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const parts = key.replace(/\]/g, '').split('[');
    let node: Record<string, unknown> | unknown[] = root;
    parts.forEach((part, i) => {
      const last = i === parts.length - 1;
      const nextIsIndex = !last && /^\d+$/.test(parts[i + 1]);
      const k = Array.isArray(node) && /^\d+$/.test(part) ? Number(part) : part;
      const holder = node as Record<string | number, unknown>;
      if (last) holder[k] = value;
      else {
        if (holder[k] === undefined) holder[k] = nextIsIndex ? [] : {};
        node = holder[k] as Record<string, unknown>;
      }
    });
  }
  return root;
}

const str = (v: unknown) => (typeof v === 'string' ? v : undefined);
function int(v: unknown, param: string): number {
  if (typeof v !== 'string' || !/^\d+$/.test(v)) throw new StripeError(400, 'invalid_request_error', `Invalid integer: ${String(v)}`, param);
  return Number(v);
}
function metadataOf(v: unknown): Record<string, string> {
  if (v === undefined || v === '') return {};
  if (typeof v !== 'object' || v === null || Array.isArray(v)) throw new StripeError(400, 'invalid_request_error', 'Invalid object', 'metadata');
  const out: Record<string, string> = {};
  for (const [k, val] of Object.entries(v)) {
    if (typeof val !== 'string') throw new StripeError(400, 'invalid_request_error', 'Invalid metadata value', `metadata[${k}]`);
    if (k.length > 40 || val.length > 500) throw new StripeError(400, 'invalid_request_error', 'Metadata keys are at most 40 characters and values at most 500', `metadata[${k}]`);
    out[k] = val;
  }
  return out;
}
function urlParam(v: unknown, param: string, required: boolean): string | null {
  if (v === undefined && !required) return null;
  if (typeof v !== 'string' || !/^https?:\/\/[^\s]+$/.test(v)) throw new StripeError(400, 'invalid_request_error', `Not a valid URL`, param);
  return v;
}

export async function startStripeServer(opts: StripeServerOptions = {}): Promise<StripeServer> {
  const requests: RecordedRequest[] = [];
  const sessions = new Map<string, StripeSession>();
  const paymentIntents = new Map<string, PaymentIntent>();
  const charges = new Map<string, Charge>();
  const refunds = new Map<string, StripeRefund>();
  const idempotent = new Map<string, { params: string; status: number; body: unknown }>();
  const pending = new Set<Promise<unknown>>();
  let base = '';

  function createSession(p: Record<string, unknown>): StripeSession {
    if (p.mode !== 'payment') throw new StripeError(400, 'invalid_request_error', 'Missing required param: mode (this server knows only payment).', 'mode');
    const lines = p.line_items;
    if (!Array.isArray(lines) || lines.length === 0) throw new StripeError(400, 'invalid_request_error', 'line_items is required in payment mode.', 'line_items');
    let amount = 0;
    let currency: string | undefined;
    lines.forEach((raw, i) => {
      const line = raw as { price_data?: Record<string, unknown>; quantity?: unknown };
      const pd = line.price_data;
      if (!pd) throw new StripeError(400, 'invalid_request_error', 'price_data is required (this server has no prices).', `line_items[${i}][price_data]`);
      const c = str(pd.currency);
      if (!c || !/^[a-z]{3}$/.test(c)) throw new StripeError(400, 'invalid_request_error', 'Invalid currency', `line_items[${i}][price_data][currency]`);
      if (currency && c !== currency) throw new StripeError(400, 'invalid_request_error', 'All line items must have the same currency.', `line_items[${i}][price_data][currency]`);
      currency = c;
      const unit = int(pd.unit_amount, `line_items[${i}][price_data][unit_amount]`);
      const product = pd.product_data as { name?: unknown } | undefined;
      if (!pd.product && !(product && typeof product.name === 'string' && product.name)) throw new StripeError(400, 'invalid_request_error', 'product_data[name] is required.', `line_items[${i}][price_data][product_data][name]`);
      const qty = int(line.quantity, `line_items[${i}][quantity]`);
      if (qty < 1) throw new StripeError(400, 'invalid_request_error', 'Quantity must be at least 1', `line_items[${i}][quantity]`);
      amount += unit * qty;
    });
    if (amount < 50) throw new StripeError(400, 'invalid_request_error', 'The Checkout Session\'s total amount due must add up to at least $0.50 sgd', 'line_items');
    const email = p.customer_email;
    if (email !== undefined && (typeof email !== 'string' || !/^[^\s@]+@[^\s@]+$/.test(email))) throw new StripeError(400, 'invalid_request_error', 'Invalid email address', 'customer_email');
    const ref = p.client_reference_id;
    if (ref !== undefined && (typeof ref !== 'string' || ref.length > 200)) throw new StripeError(400, 'invalid_request_error', 'Invalid client_reference_id', 'client_reference_id');
    const pmt = p.payment_method_types;
    const sid = id('cs');
    const session: StripeSession = {
      id: sid,
      object: 'checkout.session',
      mode: 'payment',
      status: 'open',
      payment_status: 'unpaid',
      amount_total: amount,
      amount_subtotal: amount,
      currency: currency!,
      client_reference_id: (ref as string | undefined) ?? null,
      customer_email: (email as string | undefined) ?? null,
      customer_details: null,
      metadata: metadataOf(p.metadata),
      success_url: urlParam(p.success_url, 'success_url', true)!,
      cancel_url: urlParam(p.cancel_url, 'cancel_url', false),
      url: `${base}/pay/${sid}`,
      payment_intent: null,
      payment_method_types: Array.isArray(pmt) ? (pmt as string[]) : ['card', 'paynow', 'grabpay'],
      created: now(),
      expires_at: now() + 24 * 3600,
      livemode: false,
    };
    sessions.set(sid, session);
    return session;
  }

  function sessionOr404(sid: string): StripeSession {
    const s = sessions.get(sid);
    if (!s) throw new StripeError(404, 'invalid_request_error', `No such checkout.session: '${sid}'`, 'session', 'resource_missing');
    return s;
  }

  function createRefund(p: Record<string, unknown>): StripeRefund {
    const piId = str(p.payment_intent);
    if (!piId) throw new StripeError(400, 'invalid_request_error', 'Missing required param: payment_intent.', 'payment_intent');
    const pi = paymentIntents.get(piId);
    if (!pi) throw new StripeError(400, 'invalid_request_error', `No such payment_intent: '${piId}'`, 'payment_intent', 'resource_missing');
    const charge = charges.get(pi.latest_charge)!;
    const left = charge.amount - charge.amount_refunded;
    if (left <= 0) throw new StripeError(400, 'invalid_request_error', `Charge ${charge.id} has already been refunded.`, undefined, 'charge_already_refunded');
    const amount = p.amount === undefined ? left : int(p.amount, 'amount');
    if (amount < 1) throw new StripeError(400, 'invalid_request_error', 'Invalid positive integer', 'amount');
    if (amount > left) {
      throw new StripeError(400, 'invalid_request_error', `Refund amount ($${(amount / 100).toFixed(2)}) is greater than unrefunded amount on charge ($${(left / 100).toFixed(2)})`, 'amount', 'amount_too_large');
    }
    const reason = p.reason === undefined ? null : (str(p.reason) ?? '');
    if (reason !== null && !['duplicate', 'fraudulent', 'requested_by_customer'].includes(reason)) {
      throw new StripeError(400, 'invalid_request_error', 'Invalid reason: must be one of duplicate, fraudulent, or requested_by_customer', 'reason');
    }
    charge.amount_refunded += amount;
    const refund: StripeRefund = { id: id('re'), object: 'refund', amount, currency: pi.currency, payment_intent: pi.id, charge: charge.id, reason, metadata: metadataOf(p.metadata), status: server.refundStatus, created: now() };
    refunds.set(refund.id, refund);
    return refund;
  }

  function route(method: string, path: string, p: Record<string, unknown>): { status: number; body: unknown } {
    let m: RegExpMatchArray | null;
    if (method === 'POST' && path === '/v1/checkout/sessions') return { status: 200, body: createSession(p) };
    if (method === 'GET' && (m = path.match(/^\/v1\/checkout\/sessions\/([\w-]+)$/))) return { status: 200, body: sessionOr404(m[1]) };
    if (method === 'POST' && (m = path.match(/^\/v1\/checkout\/sessions\/([\w-]+)\/expire$/))) {
      const s = sessionOr404(m[1]);
      if (s.status !== 'open') throw new StripeError(400, 'invalid_request_error', `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${s.status}".`);
      s.status = 'expired';
      s.url = null;
      track(send('checkout.session.expired', s));
      return { status: 200, body: s };
    }
    if (method === 'GET' && (m = path.match(/^\/v1\/payment_intents\/([\w-]+)$/))) {
      const pi = paymentIntents.get(m[1]);
      if (!pi) throw new StripeError(404, 'invalid_request_error', `No such payment_intent: '${m[1]}'`, 'intent', 'resource_missing');
      const expand = JSON.stringify(p.expand ?? []);
      return { status: 200, body: expand.includes('latest_charge') ? { ...pi, latest_charge: charges.get(pi.latest_charge) } : pi };
    }
    if (method === 'POST' && path === '/v1/refunds') return { status: 200, body: createRefund(p) };
    throw new StripeError(404, 'invalid_request_error', `Unrecognized request URL (${method}: ${path}). This test server serves only what the shop calls.`);
  }

  function signEvent(type: string, object: unknown, eo: EventOptions = {}): SignedEvent {
    const event = { id: eo.id ?? id('evt'), object: 'event', api_version: '2025-10-29', created: now(), livemode: false, pending_webhooks: 1, type, data: { object } };
    const payload = JSON.stringify(event);
    const header = signer.generateTestHeaderString({ payload, secret: eo.secret ?? server.webhookSecret, ...(eo.timestamp !== undefined ? { timestamp: eo.timestamp } : {}) });
    return { event, payload, header };
  }

  async function send(type: string, object: unknown, eo: EventOptions = {}) {
    const signed = signEvent(type, structuredClone(object), eo);
    const url = eo.url ?? server.webhookUrl;
    if (!url) return { status: 0, body: 'no webhook URL', event: signed.event };
    const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': signed.header }, body: signed.payload });
    return { status: res.status, body: await res.text(), event: signed.event };
  }

  function track<T>(p: Promise<T>) {
    const q = p.catch(() => undefined);
    pending.add(q);
    void q.finally(() => pending.delete(q));
  }

  function settle(s: StripeSession, method: string, status: PaymentIntent['status']) {
    const pi: PaymentIntent = { id: id('pi'), object: 'payment_intent', amount: s.amount_total, amount_received: status === 'succeeded' ? s.amount_total : 0, currency: s.currency, status, latest_charge: id('ch'), payment_method_types: [method], metadata: s.metadata, created: now() };
    charges.set(pi.latest_charge, { id: pi.latest_charge, object: 'charge', amount: s.amount_total, amount_refunded: 0, currency: s.currency, payment_intent: pi.id, paid: status === 'succeeded', payment_method_details: { type: method } });
    paymentIntents.set(pi.id, pi);
    s.payment_intent = pi.id;
    s.status = 'complete';
    s.url = null;
    s.customer_details = { email: s.customer_email };
  }

  function openSession(sessionId: string): StripeSession {
    const s = sessions.get(sessionId);
    if (!s) throw new Error(`no session ${sessionId}`);
    if (s.status !== 'open') throw new Error(`session ${sessionId} is ${s.status}`);
    return s;
  }

  async function pay(sessionId: string, o: { method?: string; send?: boolean } = {}) {
    const s = openSession(sessionId);
    settle(s, o.method ?? 'card', 'succeeded');
    s.payment_status = 'paid';
    if (o.send !== false) await send('checkout.session.completed', s);
    return s;
  }
  async function payAsync(sessionId: string, o: { method?: string; send?: boolean } = {}) {
    const s = openSession(sessionId);
    settle(s, o.method ?? 'paynow', 'processing');
    if (o.send !== false) await send('checkout.session.completed', s);
    return s;
  }
  async function succeedAsync(sessionId: string, o: { send?: boolean } = {}) {
    const s = sessions.get(sessionId)!;
    const pi = paymentIntents.get(s.payment_intent!)!;
    pi.status = 'succeeded';
    pi.amount_received = pi.amount;
    charges.get(pi.latest_charge)!.paid = true;
    s.payment_status = 'paid';
    if (o.send !== false) await send('checkout.session.async_payment_succeeded', s);
    return s;
  }
  async function fail(sessionId: string, o: { method?: string } = {}) {
    const s = await payAsync(sessionId, { method: o.method ?? 'paynow' });
    paymentIntents.get(s.payment_intent!)!.status = 'requires_payment_method';
    await send('checkout.session.async_payment_failed', s);
    return s;
  }

  function payPage(s: StripeSession): string {
    const esc = (t: string) => t.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
    const amount = `${s.currency.toUpperCase()} ${(s.amount_total / 100).toFixed(2)}`;
    const body = s.status !== 'open'
      ? `<p>This checkout session is ${esc(s.status)}.</p>`
      : `<form method="post" action="/pay/${esc(s.id)}">
  <label>Method <select name="method"><option value="card">Card</option><option value="paynow">PayNow</option><option value="grabpay">GrabPay</option></select></label>
  <button name="outcome" value="pay">Pay</button>
  <button name="outcome" value="fail">Payment fails</button>
</form>`;
    return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Test checkout</title></head><body>
<main><h1>Test checkout</h1><p>Pay <strong>${esc(amount)}</strong> to PackShop</p><p>${esc(s.customer_email ?? '')}</p>${body}</main></body></html>`;
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const u = new URL(req.url ?? '/', 'http://x');
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json', 'request-id': id('req') });
      res.end(JSON.stringify(body));
    };
    const method = req.method ?? 'GET';
    let m: RegExpMatchArray | null;
    if (u.pathname === '/health') return json(200, { ok: true });
    // For journeys in another process (tests/e2e/support/stripe-server-main.ts): what was asked and what exists.
    if (u.pathname === '/_test/state' && method === 'GET') return json(200, { requests, sessions: [...sessions.values()], refunds: [...refunds.values()] });
    if ((m = u.pathname.match(/^\/pay\/([\w-]+)$/))) {
      const s = sessions.get(m[1]);
      if (!s) return json(404, { error: 'no such session' });
      if (method === 'GET') {
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        return res.end(payPage(s));
      }
      if (method === 'POST' && s.status === 'open') {
        const form = new URLSearchParams(text);
        const methodName = form.get('method') || 'card';
        const ok = form.get('outcome') !== 'fail';
        if (ok) await pay(s.id, { method: methodName });
        else await fail(s.id, { method: methodName === 'card' ? 'paynow' : methodName });
        const to = ok ? s.success_url.replace('{CHECKOUT_SESSION_ID}', s.id) : (s.cancel_url ?? s.success_url);
        res.writeHead(303, { location: to });
        return res.end();
      }
      return json(400, { error: `session is ${s.status}` });
    }
    if (!u.pathname.startsWith('/v1/')) return json(404, { error: { type: 'invalid_request_error', message: 'Not found' } });
    const params = method === 'GET' ? parseStripeForm(u.searchParams.toString()) : parseStripeForm(text);
    const idem = (req.headers['idempotency-key'] as string | undefined) ?? null;
    const authorization = (req.headers.authorization as string | undefined) ?? null;
    requests.push({ method, path: u.pathname, params, idempotencyKey: idem, authorization });
    if (authorization !== `Bearer ${server.secretKey}`) {
      return json(401, { error: { type: 'invalid_request_error', message: `Invalid API Key provided: ${(authorization ?? '').replace(/^Bearer /, '').slice(0, 8)}****` } });
    }
    const idemKey = idem && method === 'POST' ? `${u.pathname} ${idem}` : null;
    if (idemKey) {
      const seen = idempotent.get(idemKey);
      if (seen) {
        if (seen.params !== text) {
          return json(400, { error: { type: 'idempotency_error', message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idem}' if you meant to execute a different request.` } });
        }
        res.setHeader('idempotent-replayed', 'true');
        return json(seen.status, seen.body);
      }
    }
    let out: { status: number; body: unknown };
    try {
      out = route(method, u.pathname, params);
    } catch (e) {
      if (!(e instanceof StripeError)) throw e;
      out = { status: e.status, body: { error: { type: e.type, message: e.message, ...(e.param ? { param: e.param } : {}), ...(e.code ? { code: e.code } : {}) } } };
    }
    // Stripe keeps the first answer of a key, errors included (a 400 is not retried into a success).
    if (idemKey) idempotent.set(idemKey, { params: text, status: out.status, body: structuredClone(out.body) });
    return json(out.status, out.body);
  }

  const http: Server = createServer((req, res) => {
    handle(req, res).catch((e: unknown) => {
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { type: 'api_error', message: String(e) } }));
    });
  });
  await new Promise<void>((resolve) => http.listen(opts.port ?? 0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;

  const server: StripeServer = {
    url: base,
    secretKey: opts.secretKey ?? `sk_test_${randomBytes(16).toString('hex')}`,
    webhookSecret: opts.webhookSecret ?? `whsec_${randomBytes(24).toString('base64url')}`,
    webhookUrl: opts.webhookUrl,
    requests,
    sessions,
    paymentIntents,
    refunds,
    refundStatus: 'succeeded',
    signEvent,
    sendEvent: send,
    pay,
    payAsync,
    succeedAsync,
    fail,
    async flush() {
      while (pending.size) await Promise.all([...pending]);
    },
    async close() {
      await server.flush();
      http.closeAllConnections();
      await new Promise<void>((resolve) => http.close(() => resolve()));
    },
  };
  return server;
}
