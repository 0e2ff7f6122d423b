import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openApiDocument } from '../../../server/rest/openapi';
import { appRouter } from '../../../server/trpc/root';
import { TRPC_MAX_BATCH } from '../../../shared/constants';
import { createUser } from '../../factories/users';
import { createTestApp, type TestApp } from '../../setup/test-app';

// Every operation of the OpenAPI document, as anonymous, customer and admin, with hostile values:
// wrong types, huge, negative, NUL bytes, lone surrogates, deep nesting, malformed JSON, wrong
// content types, odd path segments. Any 5xx, any non-JSON error answer, or any answer slower than
// the request timeout fails. Bounded: a fixed set of values per operation, run a few at a time.

const REQUEST_TIMEOUT_MS = 10_000;
const PARALLEL = 8;
type Role = 'anonymous' | 'customer' | 'admin';
const ROLES: Role[] = ['anonymous', 'customer', 'admin'];

type JsonSchema = { type?: string | string[]; properties?: Record<string, JsonSchema>; enum?: unknown[]; items?: JsonSchema; anyOf?: JsonSchema[] };
interface Operation {
  method: string;
  path: string;
  query: string[];
  body?: JsonSchema;
  multipart: boolean;
}

const operations: Operation[] = Object.entries(openApiDocument().paths ?? {}).flatMap(([path, item]) =>
  Object.entries(item as Record<string, any>)
    .filter(([method]) => ['get', 'post', 'put', 'delete', 'patch'].includes(method))
    .map(([method, op]) => ({
      method: method.toUpperCase(),
      path,
      query: ((op.parameters ?? []) as Array<{ in: string; name: string }>).filter((p) => p.in === 'query').map((p) => p.name),
      body: op.requestBody?.content?.['application/json']?.schema as JsonSchema | undefined,
      multipart: Boolean(op.requestBody?.content?.['multipart/form-data']),
    })),
);

const deepJson = (depth: number) => '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);
const HUGE = 'x'.repeat(20_000);

// Path segments as sent on the wire (already percent-encoded where that is the point).
const HOSTILE_SEGMENTS = ['%00', '%ED%A0%80', '%E0%A4%A', 'x'.repeat(3000), '-1', '1e309', '..%2F..%2Fetc%2Fpasswd', "'%20OR%201%3D1--"];
const HOSTILE_QUERY = ['%00', '%ED%A0%80', encodeURIComponent(HUGE.slice(0, 6000)), '-1', 'NaN', '%5B%5D'];
const HOSTILE_VALUES: unknown[] = ['\u0000', 'ok\uD800', HUGE, -1e308, { a: [] }, null, JSON.parse('['.repeat(40) + ']'.repeat(40))];
const RAW_BODIES = ['not json', '{"a":', '[]', 'null', '"\\u0000"', deepJson(5000), 'NaN', '1e99999', '{"__proto__":{"role":"admin"}}'];
const OTHER_CONTENT_TYPES: Array<[string, string]> = [
  ['text/plain', '{"a":1}'],
  ['application/x-www-form-urlencoded', 'a=1&b=%00'],
  ['multipart/form-data; boundary=xyz', '--xyz\r\nContent-Disposition: form-data; name="files"; filename="a.png"\r\n\r\nnot an image\r\n--xyz--\r\n'],
  ['application/json; charset=latin1', '{"a":1}'],
];

/** A plausible value for a schema, so that one hostile field at a time reaches the validators. */
function plausible(schema: JsonSchema | undefined): unknown {
  if (!schema) return 'x';
  if (schema.enum?.length) return schema.enum[0];
  if (schema.anyOf?.length) return plausible(schema.anyOf[0]);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  if (type === 'object') return Object.fromEntries(Object.entries(schema.properties ?? {}).map(([k, v]) => [k, plausible(v)]));
  if (type === 'array') return [plausible(schema.items)];
  if (type === 'number' || type === 'integer') return 1;
  if (type === 'boolean') return true;
  return 'x';
}

interface Probe {
  method: string;
  url: string;
  contentType?: string;
  body?: string;
}

function probesFor(op: Operation): Probe[] {
  const probes: Probe[] = [];
  const params = op.path.match(/\{[^}]+\}/g) ?? [];
  const withPath = (fill: (name: string) => string) => op.path.replace(/\{([^}]+)\}/g, (_m, name: string) => fill(name));
  const plainPath = withPath(() => 'no-such-id');

  // Odd path segments, one parameter at a time.
  for (const p of params) for (const seg of HOSTILE_SEGMENTS) probes.push({ method: op.method, url: withPath((n) => (`{${n}}` === p ? seg : 'no-such-id')) });
  // Odd query values, one parameter at a time.
  for (const q of op.query.slice(0, 6)) for (const v of HOSTILE_QUERY) probes.push({ method: op.method, url: `${plainPath}?${q}=${v}` });

  if (op.method !== 'GET') {
    for (const raw of RAW_BODIES) probes.push({ method: op.method, url: plainPath, contentType: 'application/json', body: raw });
    for (const [contentType, body] of OTHER_CONTENT_TYPES) probes.push({ method: op.method, url: plainPath, contentType, body });
    if (op.body) {
      const base = plausible(op.body) as Record<string, unknown>;
      for (const field of Object.keys(op.body.properties ?? {}).slice(0, 6)) {
        for (const value of HOSTILE_VALUES) probes.push({ method: op.method, url: plainPath, contentType: 'application/json', body: JSON.stringify({ ...base, [field]: value }) });
      }
      probes.push({ method: op.method, url: plainPath, contentType: 'application/json', body: JSON.stringify(base) });
    }
  }
  return probes;
}

let t: TestApp;
let tokens: Record<Role, string | null>;
beforeAll(async () => {
  t = await createTestApp();
  tokens = { anonymous: null, customer: (await createUser(t.deps)).token, admin: (await createUser(t.deps, { role: 'admin' })).token };
});
afterAll(() => t.close());

interface Answer {
  status: number;
  contentType: string;
  text: string;
}

async function send(prefix: '/api' | '/trpc', probe: Probe, role: Role): Promise<Answer> {
  const headers: Record<string, string> = { 'x-session-id': `guest_1700000000000_${'f'.repeat(32)}` };
  if (tokens[role]) headers.authorization = `Bearer ${tokens[role]}`;
  if (probe.contentType) headers['content-type'] = probe.contentType;
  try {
    const res = await fetch(`${t.baseUrl}${prefix}${probe.url}`, { method: probe.method, headers, body: probe.body, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
    return { status: res.status, contentType: res.headers.get('content-type') ?? '', text: await res.text() };
  } catch (err) {
    return { status: 599, contentType: '', text: `no answer within ${REQUEST_TIMEOUT_MS} ms: ${(err as Error).message}` };
  }
}

/** Runs the probes a few at a time and returns a line for every answer that is a defect. */
async function defects(prefix: '/api' | '/trpc', probes: Probe[], role: Role, expectDetail: boolean): Promise<string[]> {
  const found: string[] = [];
  for (let i = 0; i < probes.length; i += PARALLEL) {
    const batch = probes.slice(i, i + PARALLEL);
    const answers = await Promise.all(batch.map((p) => send(prefix, p, role)));
    answers.forEach((a, j) => {
      const p = batch[j];
      const what = `${role} ${p.method} ${prefix}${p.url.slice(0, 120)} ${p.contentType ?? ''} ${(p.body ?? '').slice(0, 80)}`;
      if (a.status >= 500) found.push(`${a.status} for ${what}: ${a.text.slice(0, 200)}`);
      else if (expectDetail && a.status >= 400) {
        const detail = a.contentType.includes('json') ? (JSON.parse(a.text) as { detail?: unknown }).detail : undefined;
        if (typeof detail !== 'string' || !detail) found.push(`${a.status} without a JSON detail for ${what}: ${a.text.slice(0, 200)}`);
      }
    });
  }
  return found;
}

describe('REST: every operation with hostile input, as every kind of caller', () => {
  it('covers the whole document', () => {
    expect(operations.length).toBeGreaterThanOrEqual(60);
  });

  it.each(operations.map((op) => [`${op.method} ${op.path}`, op] as const))('%s never answers 5xx', async (_name, op) => {
    const probes = probesFor(op);
    // Signing out would end the session the other probes use; it is probed anonymously only.
    const roles = op.path === '/auth/logout' ? (['anonymous'] as Role[]) : ROLES;
    const found = (await Promise.all(roles.map((role) => defects('/api', probes, role, true)))).flat();
    expect(found).toEqual([]);
  });
});

const procedures = Object.entries((appRouter._def as unknown as { procedures: Record<string, { _def: { type: string } }> }).procedures).map(([path, p]) => ({
  path,
  type: p._def.type,
}));

describe('tRPC: every procedure with hostile input', () => {
  const inputs = ['"\\u0000"', '{"id":"\\u0000","search":"\\ud800"}', deepJson(3000), 'not json', '{"json":null}', JSON.stringify({ a: HUGE.slice(0, 5000) }), '[1,2,3]', '-1'];

  it.each(procedures.map((p) => [p.path, p] as const))('%s never answers 5xx', async (path, p) => {
    if (path === 'auth.logout') return;
    const probes: Probe[] = inputs.map((input) =>
      p.type === 'query'
        ? { method: 'GET', url: `/${path}?input=${encodeURIComponent(input)}` }
        : { method: 'POST', url: `/${path}`, contentType: 'application/json', body: input },
    );
    const found = (await Promise.all((['anonymous', 'admin'] as Role[]).map((role) => defects('/trpc', probes, role, false)))).flat();
    expect(found).toEqual([]);
  });

  it(`refuses a batch of more than ${TRPC_MAX_BATCH} calls before running any`, async () => {
    const names = Array.from({ length: 300 }, () => 'catalog.filterOptions').join(',');
    const input = encodeURIComponent(JSON.stringify(Object.fromEntries(Array.from({ length: 300 }, (_, i) => [i, {}]))));
    const res = await fetch(`${t.baseUrl}/trpc/${names}?batch=1&input=${input}`);
    expect(res.status).toBe(400);
    expect((await res.text()).length).toBeLessThan(10_000);
  });
});
