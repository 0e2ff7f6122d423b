import { request as httpRequest } from 'node:http';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { appRouter } from '../../../server/trpc/root';
import { TRPC_MAX_BATCH } from '../../../shared/constants';
import { MAX_INPUT_DEPTH } from '../../../shared/domain/safe-text';
import { createUser } from '../../factories/users';
import { createTestApp, type TestApp } from '../../setup/test-app';

// The /trpc door swept as tests/api/http/fuzz.test.ts sweeps /api (issue 35): every procedure of
// the app router (read from its definition, so a new one is swept without touching this file),
// as a guest, a customer and an admin, with hostile whole inputs and one hostile field at a time
// (fields read from each procedure's zod input), then the transport itself: methods, batches,
// content types, encodings, sizes. A defect is any 5xx, any answer slower than the request
// timeout, or a 4xx without a message; after the sweep the process must still serve.
// Bounded: every procedure gets every whole input as the caller its validators see, and a few as
// the other callers; each field gets its wrong-type value, NUL, and a rotating share of the other
// hostile values (TRPC_SWEEP_FULL=1 sends every value to every field, as every caller: minutes).

const REQUEST_TIMEOUT_MS = 10_000;
const FULL = process.env.TRPC_SWEEP_FULL === '1';
const PARALLEL = 8;
const GUEST_ID = `guest_1700000000000_${'e'.repeat(32)}`;
type Role = 'guest' | 'customer' | 'admin';
const ROLES: Role[] = ['guest', 'customer', 'admin'];

interface Procedure {
  path: string;
  type: 'query' | 'mutation';
  input: z.ZodType | undefined;
}

const procedures: Procedure[] = Object.entries((appRouter._def as unknown as { procedures: Record<string, { _def: { type: string; inputs: z.ZodType[] } }> }).procedures).map(
  ([path, p]) => ({ path, type: p._def.type as Procedure['type'], input: p._def.inputs[0] }),
);

// ---- Values --------------------------------------------------------------------------------

type JsonSchema = {
  type?: string | string[];
  format?: string;
  minLength?: number;
  minimum?: number;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  enum?: unknown[];
  const?: unknown;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
};

function jsonSchemaOf(schema: z.ZodType | undefined): JsonSchema | undefined {
  if (!schema) return undefined;
  try {
    return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  } catch {
    return undefined;
  }
}

/** A value the schema plausibly accepts, so that one hostile field at a time reaches the validators. */
function plausible(schema: JsonSchema | undefined, depth = 0): unknown {
  if (!schema || depth > 6) return 'x';
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum[0];
  const alternatives = schema.anyOf ?? schema.oneOf ?? schema.allOf;
  if (alternatives?.length) return plausible(alternatives.find((a) => a.type !== 'null') ?? alternatives[0], depth + 1);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  if (type === 'object') return Object.fromEntries(Object.entries(schema.properties ?? {}).map(([k, v]) => [k, plausible(v, depth + 1)]));
  if (type === 'array') return [plausible(schema.items, depth + 1)];
  if (type === 'integer' || type === 'number') return Math.max(1, schema.minimum ?? 1);
  if (type === 'boolean') return true;
  if (schema.format === 'email') return 'someone@example.com';
  if (schema.format === 'uuid') return '00000000-0000-4000-8000-000000000000';
  if (schema.format === 'date-time') return '2026-01-01T00:00:00.000Z';
  if (schema.format === 'date') return '2026-01-01';
  if (schema.format === 'uri') return 'https://example.com/';
  return 'x'.repeat(Math.max(1, schema.minLength ?? 1));
}

const deep = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);
const deepObject = (depth: number) => '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);
// Lengths that pass the edge and reach the validators: a body just under the 1 MB limit, and an
// input parameter that keeps the URL under Node's 16 KB header limit.
const BODY_HUGE = 1_000_000 - 2_000;
const URL_HUGE = 10_000;
/** `{"__proto__": ...}` as an own key, the way JSON.parse (and so every server) reads it. */
const protoKey = (): unknown => JSON.parse('{"__proto__":{"role":"admin","polluted":true}}');

/** Hostile values for one field (as JSON-able values), given how much room the transport leaves. */
const WRONG_TYPES: unknown[] = [1, 'x', [], {}, true, null];
const fieldValues = (huge: number): unknown[] => [
  'ok\uD800',
  '\uDC00',
  'x'.repeat(huge),
  1e308,
  -1,
  1.5,
  2 ** 53 + 1,
  -0,
  'NaN',
  '1e309',
  Array.from({ length: Math.floor(huge / 4) }, () => 1),
  JSON.parse(deep(MAX_INPUT_DEPTH - 2)),
  protoKey(),
  { constructor: { prototype: { polluted: true } } },
];

/** Hostile whole inputs as JSON text (some of it not JSON at all). */
const wholeInputs = (huge: number, deepest: number): string[] => [
  'null',
  '1',
  '"x"',
  '[]',
  '{}',
  'true',
  '"\\u0000"',
  '"\\ud800"',
  '{"\\u0000":1}',
  JSON.stringify('x'.repeat(huge)),
  '1e308',
  '-1',
  '1.5',
  '1e99999',
  'NaN',
  JSON.stringify(Array.from({ length: Math.floor(huge / 4) }, () => 0)),
  deep(MAX_INPUT_DEPTH + 1),
  deep(deepest),
  deepObject(Math.floor(deepest / 5)),
  '{"__proto__":{"role":"admin"}}',
  '{"constructor":{"prototype":{"role":"admin"}}}',
  // What a superjson client would send: this shop uses no transformer, so it is just odd input.
  '{"json":{"id":"x"},"meta":{"values":{"id":["undefined"]}}}',
  'not json',
  '{"a":',
  '',
];

// Built once: each holds megabyte strings and arrays, which building again for every procedure
// cost the sweep seconds of CPU and garbage collection (issue 39, point 7).
const QUERY_WHOLE = wholeInputs(URL_HUGE, 2_500);
const MUTATION_WHOLE = wholeInputs(BODY_HUGE, 10_000);

// ---- Requests ------------------------------------------------------------------------------

interface Probe {
  method: string;
  url: string;
  headers?: Record<string, string>;
  body?: string | Uint8Array<ArrayBuffer>;
}

interface Answer {
  status: number;
  text: string;
}

let t: TestApp;
let tokens: Record<Role, string | null>;
beforeAll(async () => {
  t = await createTestApp();
  tokens = { guest: null, customer: (await createUser(t.deps)).token, admin: (await createUser(t.deps, { role: 'admin' })).token };
});
afterAll(() => t.close());

async function send(probe: Probe, role: Role): Promise<Answer> {
  const headers: Record<string, string> = { 'x-session-id': GUEST_ID, ...probe.headers };
  if (tokens[role]) headers.authorization = `Bearer ${tokens[role]}`;
  try {
    const res = await fetch(`${t.baseUrl}/trpc${probe.url}`, { method: probe.method, headers, body: probe.body, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
    return { status: res.status, text: await res.text() };
  } catch (err) {
    return { status: 599, text: `no answer within ${REQUEST_TIMEOUT_MS} ms: ${(err as Error).message} ${String((err as Error).cause ?? '')}` };
  }
}

/** The message of an error answer: tRPC's `error.message` (one call or each of a batch) or the edge's `detail`. */
function hasMessage(text: string): boolean {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return false;
  }
  const messageOf = (b: unknown) => {
    const o = b as { detail?: unknown; error?: { message?: unknown }; result?: unknown };
    if (o?.result !== undefined) return true; // a call of a batch that succeeded
    const m = o?.error?.message ?? o?.detail;
    return typeof m === 'string' && m.length > 0;
  };
  return Array.isArray(body) ? body.length > 0 && body.every(messageOf) : messageOf(body);
}

function describeProbe(p: Probe, role: Role): string {
  const body = typeof p.body === 'string' ? p.body.slice(0, 80) : p.body ? `<${p.body.length} bytes>` : '';
  return `${role} ${p.method} /trpc${p.url.slice(0, 140)} ${p.headers?.['content-type'] ?? ''} ${body}`;
}

/** Runs the probes a few at a time and returns a line for every answer that is a defect. */
async function defects(probes: Probe[], role: Role): Promise<string[]> {
  const found: string[] = [];
  for (let i = 0; i < probes.length; i += PARALLEL) {
    const batch = probes.slice(i, i + PARALLEL);
    const answers = await Promise.all(batch.map((p) => send(p, role)));
    answers.forEach((a, j) => {
      const what = describeProbe(batch[j], role);
      if (a.status >= 500) found.push(`${a.status} for ${what}: ${a.text.slice(0, 300)}`);
      else if (a.status >= 400 && !hasMessage(a.text)) found.push(`${a.status} without a message for ${what}: ${a.text.slice(0, 300)}`);
    });
  }
  return found;
}

/** No defect; a failure lists every one in full (an array in a failure message is cut short). */
const expectNone = (found: string[]) => expect(found.join('\n')).toBe('');

/** A call of one procedure the way tRPC's own client makes it: GET ?input= for a query, POST body for a mutation. */
function call(p: Procedure, input: string | undefined): Probe {
  if (p.type === 'query') return { method: 'GET', url: input === undefined ? `/${p.path}` : `/${p.path}?input=${encodeURIComponent(input)}` };
  return { method: 'POST', url: `/${p.path}`, headers: { 'content-type': 'application/json' }, body: input };
}

/** One hostile field at a time over a plausible input, for a procedure whose input is an object. */
function fieldProbes(p: Procedure): Probe[] {
  const schema = jsonSchemaOf(p.input);
  const base = plausible(schema);
  if (!base || typeof base !== 'object' || Array.isArray(base)) return [];
  const values = fieldValues(p.type === 'query' ? URL_HUGE / 4 : FULL ? BODY_HUGE : BODY_HUGE / 10);
  const probes = [call(p, JSON.stringify(base))];
  Object.keys(schema?.properties ?? {}).forEach((field, f) => {
    const sample = FULL
      ? [...WRONG_TYPES, '\u0000', ...values]
      : [WRONG_TYPES[f % WRONG_TYPES.length], '\u0000', ...[0, 1, 2].map((k) => values[(f * 3 + k) % values.length])];
    for (const value of sample) probes.push(call(p, JSON.stringify({ ...base, [field]: value })));
    // And the field missing.
    const { [field]: _dropped, ...rest } = base as Record<string, unknown>;
    probes.push(call(p, JSON.stringify(rest)));
  });
  return probes;
}

// The caller whose calls reach the procedure's validators (a guest's admin call stops at 401).
// Signing out ends the session every other probe rides on; it is swept as a guest only.
const mainRole = (p: Procedure): Role => (p.path === 'auth.logout' ? 'guest' : p.path.startsWith('admin.') ? 'admin' : 'customer');
const otherRoles = (p: Procedure): Role[] => (p.path === 'auth.logout' ? [] : ROLES.filter((r) => r !== mainRole(p)));
const FEW_WHOLE = ['null', '"\\u0000"', '{"__proto__":{"role":"admin"}}', 'not json', '[]'];

async function expectServing() {
  expect((await fetch(`${t.baseUrl}/api/health`, { signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) })).status).toBe(200);
  const list = await send({ method: 'GET', url: `/catalog.list?input=${encodeURIComponent('{}')}` }, 'guest');
  expect(list.status, list.text).toBe(200);
  const me = await send({ method: 'GET', url: '/users.me' }, 'customer');
  expect(me.status, me.text).toBe(200);
  const stats = await send({ method: 'GET', url: '/admin.dashboard.stats' }, 'admin');
  expect(stats.status, stats.text).toBe(200);
}

describe('tRPC: every procedure with hostile input, as every kind of caller', () => {
  it('reads every procedure from the router', () => {
    expect(procedures.length).toBeGreaterThanOrEqual(120);
    expect(procedures.filter((p) => jsonSchemaOf(p.input)?.properties).length).toBeGreaterThanOrEqual(80);
  });

  it.each(procedures.map((p) => [p.path, p] as const))('%s never answers 5xx, never hangs, and says why it refuses', async (_name, p) => {
    const whole = p.type === 'query' ? QUERY_WHOLE : MUTATION_WHOLE;
    const wholeProbes = [call(p, undefined), ...whole.map((input) => call(p, input))];
    const fewProbes = FULL ? wholeProbes : [call(p, undefined), ...FEW_WHOLE.map((input) => call(p, input))];
    const fields = fieldProbes(p);
    const found = (
      await Promise.all([
        defects([...wholeProbes, ...fields], mainRole(p)),
        // A guest reaches the validators of the shopper's public procedures too.
        ...otherRoles(p).map((role) => defects(role === 'guest' && !p.path.startsWith('admin.') && FULL ? [...fewProbes, ...fields] : fewProbes, role)),
      ])
    ).flat();
    expectNone(found);
  });

  it('still serves afterwards', expectServing);
});

describe('tRPC: the transport with hostile requests', () => {
  const queries = procedures.filter((p) => p.type === 'query');
  const mutations = procedures.filter((p) => p.type === 'mutation' && p.path !== 'auth.logout');
  const mutation = '/promotions.validate';

  it('answers the wrong method for every procedure with a 4xx', async () => {
    const probes = procedures.flatMap((p): Probe[] => [
      p.type === 'query'
        ? { method: 'POST', url: `/${p.path}`, headers: { 'content-type': 'application/json' }, body: '{}' }
        : { method: 'GET', url: `/${p.path}?input=${encodeURIComponent('{}')}` },
      { method: 'PUT', url: `/${p.path}`, headers: { 'content-type': 'application/json' }, body: '{}' },
      { method: 'PATCH', url: `/${p.path}`, headers: { 'content-type': 'application/json' }, body: '{}' },
      { method: 'DELETE', url: `/${p.path}` },
    ]);
    expectNone(await defects(probes, 'admin'));
  });

  it('answers odd procedure paths with a 4xx', async () => {
    // (fetch resolves `.` and `..` segments itself, so they never reach the door as such.)
    const paths = ['%00', '%ED%A0%80', '%E0%A4%A', '%', '%zz', 'no.such', '__proto__', 'constructor', 'toString', 'hasOwnProperty', 'admin', 'admin.__proto__', '__proto__.polluted', 'admin.constructor', 'catalog.list.x', 'x'.repeat(5000)];
    const probes = paths.flatMap((path): Probe[] => [
      { method: 'GET', url: `/${path}` },
      { method: 'POST', url: `/${path}`, headers: { 'content-type': 'application/json' }, body: '{}' },
      { method: 'GET', url: `/${path},${path}?batch=1&input=${encodeURIComponent('{}')}` },
    ]);
    expectNone(await defects(probes, 'guest'));
  });

  it('answers batches of every procedure, with hostile inputs and malformed indexes, without a 5xx', async () => {
    const inBatches = <T>(list: T[], size: number) => Array.from({ length: Math.ceil(list.length / size) }, (_, i) => list.slice(i * size, (i + 1) * size));
    const hostile = ['null', '{}', '"\\u0000"', JSON.stringify({ id: 'x\u0000' }), '{"__proto__":{"x":1}}', deep(MAX_INPUT_DEPTH + 1)];
    const batchInput = (n: number, pick: (i: number) => string) => `{${Array.from({ length: n }, (_, i) => `"${i}":${pick(i)}`).join(',')}}`;
    const probes: Probe[] = [];
    for (const value of hostile) {
      // Batches go as GET for queries (kept short enough for a URL) and POST for mutations.
      for (const group of inBatches(queries, 10)) {
        probes.push({ method: 'GET', url: `/${group.map((p) => p.path).join(',')}?batch=1&input=${encodeURIComponent(batchInput(group.length, () => value))}` });
      }
      for (const group of inBatches(mutations, TRPC_MAX_BATCH)) {
        probes.push({ method: 'POST', url: `/${group.map((p) => p.path).join(',')}?batch=1`, headers: { 'content-type': 'application/json' }, body: batchInput(group.length, () => value) });
      }
    }
    const two = '/catalog.list,catalog.filterOptions';
    const odd = ['{"x":1}', '{"-1":{}}', '{"0":{},"0":{}}', '{"99":{}}', '{"1e3":{}}', '{"0":{},"1":{},"2":{}}', '[{}, {}]', '"str"', 'null', '1', '{"__proto__":{}}', '{"constructor":{}}', 'not json', ''];
    for (const input of odd) {
      probes.push({ method: 'GET', url: `${two}?batch=1&input=${encodeURIComponent(input)}` });
      probes.push({ method: 'POST', url: '/promotions.validate,contact.send?batch=1', headers: { 'content-type': 'application/json' }, body: input });
    }
    const many = (n: number, path = 'catalog.filterOptions') => Array.from({ length: n }, () => path).join(',');
    probes.push(
      { method: 'GET', url: `/${many(TRPC_MAX_BATCH + 1)}?batch=1&input=${encodeURIComponent(batchInput(TRPC_MAX_BATCH + 1, () => '{}'))}` },
      { method: 'GET', url: `/${many(500)}?batch=1` },
      { method: 'POST', url: `/${many(TRPC_MAX_BATCH + 1, 'promotions.validate')}?batch=1`, headers: { 'content-type': 'application/json' }, body: '{}' },
      // A query and a mutation in one batch, both ways.
      { method: 'GET', url: `/catalog.list,promotions.validate?batch=1&input=${encodeURIComponent('{"0":{},"1":{}}')}` },
      { method: 'POST', url: '/catalog.list,promotions.validate?batch=1', headers: { 'content-type': 'application/json' }, body: '{"0":{},"1":{}}' },
      { method: 'GET', url: '/?batch=1' },
      { method: 'GET', url: '/,,,?batch=1' },
      { method: 'GET', url: `${two}?batch=0` },
      { method: 'GET', url: `${two}?batch=2` },
      { method: 'GET', url: `${two}?batch=true&batch=1` },
      { method: 'GET', url: `/catalog.list?batch=1&input=${encodeURIComponent('{"0":{}}')}&input=${encodeURIComponent('{"0":1}')}` },
    );
    expectNone(await defects(probes, 'customer'));
  });

  it('answers any content type, encoding, size and malformed body with a 4xx', async () => {
    const json = { 'content-type': 'application/json' };
    const probes: Probe[] = [
      ...[
        ['text/plain', '{"coupon_code":"A","order_subtotal":1}'],
        ['application/x-www-form-urlencoded', 'coupon_code=%00&order_subtotal=1'],
        ['multipart/form-data; boundary=xyz', '--xyz\r\nContent-Disposition: form-data; name="coupon_code"\r\n\r\nA\u0000\r\n--xyz--\r\n'],
        ['multipart/form-data; boundary=xyz', '--xyz\r\nnot a part'],
        ['multipart/form-data', 'no boundary'],
        ['application/octet-stream', '\u0000\u0001\u0002'],
        ['application/json; charset=latin1', '{}'],
        ['application/json; charset=utf-16', '{}'],
        ['application/json; charset=utf-8', '{}'],
        ['application/xml', '<a/>'],
        ['', '{}'],
        ['*/*', '{}'],
        ['application/json, text/plain', '{}'],
      ].map(([type, body]): Probe => ({ method: 'POST', url: mutation, headers: { 'content-type': type }, body })),
      { method: 'POST', url: mutation, headers: json, body: new Uint8Array([0xff, 0xfe, 0x7b, 0x00, 0x7d, 0x00]) },
      { method: 'POST', url: mutation, headers: json, body: new Uint8Array(Buffer.from('{"coupon_code":"\xc3\x28","order_subtotal":1}', 'latin1')) },
      { method: 'POST', url: mutation, headers: json, body: `\uFEFF{}` },
      // Over the 1 MB limit, as sent and once inflated.
      { method: 'POST', url: mutation, headers: json, body: JSON.stringify({ coupon_code: 'x'.repeat(2_000_000) }) },
      { method: 'POST', url: mutation, headers: { ...json, 'content-encoding': 'gzip' }, body: new Uint8Array(gzipSync(`{"coupon_code":"${'0'.repeat(50_000_000)}"}`)) },
      { method: 'POST', url: mutation, headers: { ...json, 'content-encoding': 'gzip' }, body: 'not gzip' },
      { method: 'POST', url: mutation, headers: { ...json, 'content-encoding': 'zstd' }, body: '{}' },
      { method: 'POST', url: mutation, headers: { ...json, 'content-encoding': 'bogus' }, body: '{}' },
      { method: 'POST', url: mutation, headers: json, body: deepObject(10_000) },
      { method: 'POST', url: `${mutation}?input=${encodeURIComponent('{"coupon_code":"A","order_subtotal":1}')}`, headers: json },
      { method: 'GET', url: `/catalog.list?input=${encodeURIComponent('{}')}`, headers: json, body: undefined },
    ];
    expectNone(await defects(probes, 'customer'));
  });

  it('answers a body shorter than its Content-Length with a 400', async () => {
    // fetch cannot lie about Content-Length; a raw request can. The server must answer (or close) in time.
    const lie = (contentLength: number, body: string) =>
      new Promise<number>((resolve) => {
        const req = httpRequest(`${t.baseUrl}/trpc${mutation}`, { method: 'POST', headers: { 'content-type': 'application/json', 'content-length': String(contentLength) } }, (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
        });
        req.setTimeout(REQUEST_TIMEOUT_MS, () => req.destroy());
        req.on('error', () => resolve(0));
        req.on('close', () => resolve(0));
        req.end(body);
      });
    // Shorter: the first bytes are malformed JSON, the rest a malformed next request. (A longer one
    // is a slow body: the server waits for it up to Node's requestTimeout, as for any slow client.)
    const status = await lie(10, '{"coupon_code":"A","order_subtotal":1}');
    expect(status).toBe(400);
  });

  it('still serves afterwards', expectServing);
});

// The defects this sweep found, each pinned by a test that failed before its fix.
describe('tRPC: what the sweep found', () => {
  it('answers a procedure path that is not valid percent-encoding with a 400 (tRPC answered its URIError with a 500)', async () => {
    for (const path of ['%ED%A0%80', '%E0%A4%A', 'cart.get,%ED%A0%80?batch=1&input=%7B%7D']) {
      const res = await fetch(`${t.baseUrl}/trpc/${path}`);
      expect(res.status, path).toBe(400);
      expect(await res.json()).toMatchObject({ detail: 'The procedure path is not valid percent-encoded UTF-8', request_id: expect.any(String) });
    }
  });

  it('refuses an input of more than 50,000 values before validating it, on both doors (each cost the validators time)', async () => {
    const body = JSON.stringify({ coupon_code: Array.from({ length: 250_000 }, () => 1), order_subtotal: 10 });
    const trpc = await send({ method: 'POST', url: '/promotions.validate', headers: { 'content-type': 'application/json' }, body }, 'guest');
    expect(trpc.status).toBe(400);
    expect(JSON.parse(trpc.text).error.message).toBe('coupon_code holds too many values (at most 50,000 in one request)');
    const rest = await t.api('POST', '/promotions/validate', { rawBody: body });
    expect(rest).toMatchObject({ status: 400, body: { detail: 'coupon_code holds too many values (at most 50,000 in one request)' } });
  });
});
