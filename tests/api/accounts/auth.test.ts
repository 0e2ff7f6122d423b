import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEAK_PASSWORD_MESSAGE } from '../../../server/auth/password-policy';
import { loginDelayMs, used } from '../../../server/auth/rate-limit';
import { createUser } from '../../factories/users';
import { createTestApp, type TestApp } from '../../setup/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const newAccount = (email: string) => ({ email, password: 'a-good-password', first_name: 'Mei', last_name: 'Tan', phone: '+65 9123 4567' });

describe('register and login through REST', () => {
  it('registers, answers a token and the user, and the token works for /users/me', async () => {
    const res = await t.api('POST', '/auth/register', { body: newAccount('Mei.Tan@Example.com') });
    expect(res.status).toBe(200);
    expect(res.body.access_token).toEqual(expect.any(String));
    expect(res.body.user).toMatchObject({ email: 'mei.tan@example.com', first_name: 'Mei', last_name: 'Tan', role: 'customer', displayName: 'Mei Tan' });
    expect(JSON.stringify(res.body)).not.toContain('passwordHash');

    const me = await t.api('GET', '/users/me', { token: res.body.access_token });
    expect(me.status).toBe(200);
    expect(me.body.email).toBe('mei.tan@example.com');
  });

  it('refuses a second account with the same email in another case (409)', async () => {
    const res = await t.api('POST', '/auth/register', { body: newAccount('MEI.TAN@example.com') });
    expect(res.status).toBe(409);
    expect(res.body.detail).toMatch(/already exists/);
  });

  it('answers 400 with a clear detail for missing fields', async () => {
    const res = await t.api('POST', '/auth/register', { body: { email: 'x@example.com', password: 'a-good-password' } });
    expect(res.status).toBe(400);
    expect(res.body.detail).toMatch(/First name is required/);
    expect(res.body.detail).toMatch(/Last name is required/);
  });

  it('logs in case-insensitively and gives the same 401 message for a wrong password or unknown email', async () => {
    const ok = await t.api('POST', '/auth/login', { body: { email: 'MEI.TAN@EXAMPLE.COM', password: 'a-good-password' } });
    expect(ok.status).toBe(200);
    const wrong = await t.api('POST', '/auth/login', { body: { email: 'mei.tan@example.com', password: 'nope-nope' } });
    const unknown = await t.api('POST', '/auth/login', { body: { email: 'nobody@example.com', password: 'nope-nope' } });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body.detail).toBe('Invalid email or password');
    expect(unknown.body.detail).toBe('Invalid email or password');
  });

  it('logout invalidates the token', async () => {
    const login = await t.api('POST', '/auth/login', { body: { email: 'mei.tan@example.com', password: 'a-good-password' } });
    const token = login.body.access_token;
    expect((await t.api('POST', '/auth/logout', { token })).status).toBe(200);
    const me = await t.api('GET', '/users/me', { token });
    expect(me.status).toBe(401);
    expect(me.body.detail).toMatch(/expired/);
  });

  it('rate-limits login attempts per email from one address with a 429', async () => {
    const email = 'victim@example.com';
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      statuses.push((await t.api('POST', '/auth/login', { body: { email, password: 'guess-' + i } })).status);
    }
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(statuses[10]).toBe(429);
    const last = await t.api('POST', '/auth/login', { body: { email, password: 'again' } });
    expect(last.body.detail).toMatch(/Too many login attempts/);
    const row = await t.db.rateLimit.findFirst({ where: { key: { contains: email } } });
    expect(row?.points).toBeGreaterThanOrEqual(10);
  });
});

describe('an attacker cannot lock the owner out', () => {
  // Failures recorded against the e-mail from any address: what sets the growing delay.
  const failures = (email: string) => used(t.deps.limiters.loginFailuresByEmail, email);

  it('REST: failures from address A stop A with 429 while the owner signs in from address B', async () => {
    const { email, password } = await createUser(t.deps);
    const from = (ip: string) => ({ 'x-forwarded-for': ip });
    const attack = (i: number, ip = '203.0.113.7') => t.api('POST', '/auth/login', { headers: from(ip), body: { email, password: `guess-${i}` } });
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push((await attack(i)).status);
    expect(statuses).toEqual([...Array(10).fill(401), 429, 429]);
    // The 429s were not checked, so they add nothing to the e-mail's failures: no delay yet.
    expect(await failures(email)).toBe(10);
    expect(loginDelayMs(await failures(email))).toBe(0);

    const owner = await t.api('POST', '/auth/login', { headers: from('198.51.100.20'), body: { email, password } });
    expect(owner.status).toBe(200);
    expect(owner.body.user.email).toBe(email);
    expect((await attack(99)).status).toBe(429);

    // A second attacking address is let through its own allowance, and each failure lengthens the
    // wait for everyone on this e-mail; the owner still gets in, only later.
    expect((await attack(100, '192.0.2.55')).status).toBe(401);
    expect((await attack(101, '192.0.2.55')).status).toBe(401);
    expect(await failures(email)).toBe(12);
    expect(loginDelayMs(12)).toBeGreaterThan(loginDelayMs(11));
    expect(loginDelayMs(11)).toBeGreaterThan(0);
    const later = await t.api('POST', '/auth/login', { headers: from('198.51.100.20'), body: { email, password } });
    expect(later.status).toBe(200);
  });

  it('tRPC: the same through the other door', async () => {
    const { email, password } = await createUser(t.deps);
    const login = (ip: string, pw: string) => t.caller({ ip }).auth.login({ email, password: pw });
    for (let i = 0; i < 10; i++) await expect(login('203.0.113.8', `guess-${i}`)).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    await expect(login('203.0.113.8', 'guess-10')).rejects.toMatchObject({ code: 'TOO_MANY_REQUESTS', message: expect.stringMatching(/Too many login attempts/) });
    // Even the right password is refused from the attacking address once it is over its limit.
    await expect(login('203.0.113.8', password)).rejects.toMatchObject({ code: 'TOO_MANY_REQUESTS' });
    expect(await failures(email)).toBe(10);

    const owner = await login('2001:db8::20', password);
    expect(owner.user.email).toBe(email);
  });

  it('an address that tries many e-mails is stopped by its own limit', async () => {
    const ip = '203.0.113.9';
    const statuses: number[] = [];
    for (let i = 0; i < 51; i++) {
      statuses.push(await t.caller({ ip }).auth.login({ email: `spray-${i}@example.com`, password: 'Summer2024!' }).then(() => 200, (e) => (e.code === 'TOO_MANY_REQUESTS' ? 429 : 401)));
    }
    expect(statuses.slice(0, 50).every((s) => s === 401)).toBe(true);
    expect(statuses[50]).toBe(429);
  });

  it('one address makes at most 20 accounts an hour (docs/security.md, limits)', async () => {
    const ip = '203.0.113.20';
    for (let i = 0; i < 20; i++) await t.caller({ ip }).auth.register(newAccount(`batch-${i}@example.com`));
    await expect(t.caller({ ip }).auth.register(newAccount('batch-20@example.com'))).rejects.toMatchObject({ code: 'TOO_MANY_REQUESTS', message: expect.stringContaining('Too many accounts created from this address.') });
    expect(await t.db.user.count({ where: { email: 'batch-20@example.com' } })).toBe(0);
    expect((await t.caller({ ip: '203.0.113.21' }).auth.register(newAccount('batch-other@example.com'))).user.email).toBe('batch-other@example.com');
  });
});

describe('passwords that are refused', () => {
  const weak = ['12345678', 'password', ' '.repeat(8)];

  it('REST: common passwords, the e-mail itself and the shop name answer 400 with the message', async () => {
    const email = 'lim.wei@example.com';
    for (const password of [...weak, email, 'PackShop', 'packshop2024']) {
      const res = await t.api('POST', '/auth/register', { body: { ...newAccount(email), password } });
      expect(res.status, JSON.stringify(password)).toBe(400);
      expect(res.body.detail).toBe(WEAK_PASSWORD_MESSAGE);
    }
    expect(await t.db.user.count({ where: { email } })).toBe(0);
    const ok = await t.api('POST', '/auth/register', { body: { ...newAccount(email), password: 'kettle-marble-sunrise' } });
    expect(ok.status).toBe(200);
  });

  it('tRPC: the same refusal with BAD_REQUEST', async () => {
    const email = 'siti.nur@example.com';
    for (const password of [...weak, email]) {
      await expect(t.caller({ ip: '192.0.2.80' }).auth.register({ ...newAccount(email), password })).rejects.toMatchObject({
        code: 'BAD_REQUEST',
        message: WEAK_PASSWORD_MESSAGE,
      });
    }
    expect(await t.db.user.count({ where: { email } })).toBe(0);
  });
});

describe('profile through tRPC', () => {
  it('updates displayName and phone; requires a session', async () => {
    const { token } = await createUser(t.deps);
    const updated = await t.caller({ token }).users.updateMe({ displayName: 'Packing Pro', phone: '+60 12 345 6789' });
    expect(updated).toMatchObject({ displayName: 'Packing Pro', phone: '+60 12 345 6789' });
    await expect(t.caller().users.me()).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
  });

  it('refuses an empty displayName and someone else’s address id', async () => {
    const { token } = await createUser(t.deps);
    await expect(t.caller({ token }).users.updateMe({ displayName: '  ' })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    await expect(t.caller({ token }).users.updateMe({ lastUsedAddressId: 'not-mine' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});

describe('the REST adapter itself', () => {
  it('answers health, 404 JSON for unknown paths, 400 for malformed JSON and 413 for huge bodies', async () => {
    expect((await t.api('GET', '/health')).body.status).toBe('ok');
    const unknown = await t.api('GET', '/no-such-thing');
    expect(unknown.status).toBe(404);
    expect(unknown.body.detail).toEqual(expect.any(String));
    const malformed = await t.api('POST', '/auth/login', { rawBody: '{"email": ' });
    expect(malformed.status).toBe(400);
    expect(malformed.body.detail).toMatch(/Malformed JSON/);
    const huge = await t.api('POST', '/auth/login', { rawBody: JSON.stringify({ email: 'a@b.co', password: 'x'.repeat(2_000_000) }) });
    expect(huge.status).toBe(413);
    const wrongType = await t.api('POST', '/auth/login', { body: { email: 42, password: ['x'] } });
    expect(wrongType.status).toBe(400);
  });

  it('publishes the account paths in the OpenAPI document', async () => {
    const doc = await t.api('GET', '/openapi.json');
    expect(Object.keys(doc.body.paths)).toEqual(expect.arrayContaining(['/auth/register', '/auth/login', '/auth/logout', '/users/me']));
    expect(doc.body.paths['/users/me'].put).toBeDefined();
  });

  it('never leaks a stack trace in an error', async () => {
    const res = await t.api('GET', '/users/me', { token: 'garbage' });
    expect(res.status).toBe(401);
    expect(JSON.stringify(res.body)).not.toMatch(/stack|at .*\.ts/);
  });
});

describe('roles', () => {
  it('a customer gets 403 from a staff procedure and staff pass', async () => {
    const { staffProcedure } = await import('../../../server/trpc/procedures');
    const { router } = await import('../../../server/trpc/init');
    const { createContextInner } = await import('../../../server/trpc/context');
    const r = router({ secret: staffProcedure.query(() => 'ok') });
    const customer = await createUser(t.deps);
    const staff = await createUser(t.deps, { role: 'staff' });
    await expect(r.createCaller(createContextInner({ deps: t.deps, token: customer.token })).secret()).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(r.createCaller(createContextInner({ deps: t.deps })).secret()).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    expect(await r.createCaller(createContextInner({ deps: t.deps, token: staff.token })).secret()).toBe('ok');
  });
});
