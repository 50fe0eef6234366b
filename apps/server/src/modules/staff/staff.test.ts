import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cashDeskClient } from '../../test/cash-desk-client.ts';
import { bearer, loginAs, startTestApp, TEST_ADMIN, type TestContext } from '../../test/test-app.ts';

/** Staff accounts and the audit log of their actions (docs/decisions/0236). */

type Headers = Record<string, string>;
let ctx: TestContext;
let owner: Headers;

beforeAll(async () => {
  ctx = await startTestApp();
  owner = bearer(await loginAs(ctx.app, TEST_ADMIN.email, TEST_ADMIN.password));
});
afterAll(() => ctx.close());

const send = (method: 'GET' | 'POST' | 'PATCH', url: string, headers: Headers, payload?: object) =>
  ctx.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

async function newStaff(role: 'owner' | 'trader' | 'support' | 'viewer') {
  const email = `${role}-${randomUUID().slice(0, 8)}@staff.local`;
  const created = await send('POST', '/api/admin/staff', owner, {
    email,
    password: 'staff-password',
    name: `A ${role}`,
    role,
  });
  expect(created.statusCode).toBe(201);
  const { staff } = created.json();
  return { ...staff, email, headers: bearer(await loginAs(ctx.app, email, 'staff-password')) };
}

const audit = async (query: string) => (await send('GET', `/api/admin/audit?${query}`, owner)).json();

describe('staff', () => {
  it('creates a member with the exact shape, refuses a taken email and bad input', async () => {
    const email = `Trader-${randomUUID().slice(0, 8)}@Staff.local`;
    const created = await send('POST', '/api/admin/staff', owner, {
      email,
      password: 'staff-password',
      name: 'T',
      role: 'trader',
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toEqual({
      staff: {
        id: expect.any(String),
        email: email.toLowerCase(),
        name: 'T',
        role: 'trader',
        disabled: false,
      },
    });
    const again = await send('POST', '/api/admin/staff', owner, {
      email,
      password: 'staff-password',
      name: 'T',
      role: 'trader',
    });
    expect(again.statusCode).toBe(409);
    for (const payload of [
      { email: 'a@b.local', password: 'staff-password', name: 'X', role: 'boss' },
      { email: 'a@b.local', password: 'short', name: 'X', role: 'viewer' },
      { email: 'a@b.local', password: 'staff-password', name: '', role: 'viewer' },
    ])
      expect((await send('POST', '/api/admin/staff', owner, payload)).statusCode).toBe(400);
    const me = await send('GET', '/api/me', bearer(await loginAs(ctx.app, email, 'staff-password')));
    expect(me.json().user).toMatchObject({ role: 'operator', staffRole: 'trader' });
  });

  it('changes a role, and a disabled member is signed out and cannot sign in', async () => {
    const member = await newStaff('support');
    const promoted = await send('PATCH', `/api/admin/staff/${member.id}`, owner, { role: 'trader' });
    expect(promoted.json().staff).toMatchObject({ role: 'trader', disabled: false });
    const disabled = await send('PATCH', `/api/admin/staff/${member.id}`, owner, { disabled: true });
    expect(disabled.json().staff.disabled).toBe(true);
    expect((await send('GET', '/api/admin/players', member.headers)).statusCode).toBe(401);
    const signIn = await ctx.app.inject({
      method: 'POST',
      url: '/api/loginUser',
      payload: { email: member.email, password: 'staff-password' },
    });
    expect(signIn.statusCode).toBe(401);
    expect((await send('PATCH', `/api/admin/staff/${member.id}`, owner, {})).statusCode).toBe(400);
    expect(
      (await send('PATCH', `/api/admin/staff/${randomUUID()}`, owner, { role: 'viewer' })).statusCode,
    ).toBe(404);
  });

  it('never lets the last active owner go', async () => {
    const [admin] = await ctx.deps.db.query<{ id: string }>('SELECT id FROM users WHERE email = $1', [
      TEST_ADMIN.email,
    ]);
    const id = admin!.id;
    const demoted = await send('PATCH', `/api/admin/staff/${id}`, owner, { role: 'viewer' });
    expect(demoted.statusCode).toBe(409);
    expect(demoted.json().code).toBe('LAST_OWNER');
    expect((await send('PATCH', `/api/admin/staff/${id}`, owner, { disabled: true })).json().code).toBe(
      'LAST_OWNER',
    );
  });
});

describe('audit log', () => {
  it('records a cash desk credit with who, from where, what and after, and nothing for a refusal', async () => {
    const support = await newStaff('support');
    const desk = cashDeskClient(ctx, support.headers);
    const playerId = await desk.createPlayer(`audited-${randomUUID().slice(0, 8)}@test.local`);
    expect((await desk.deposit(playerId, { amount: '25.50', remark: 'at the counter' })).statusCode).toBe(
      200,
    );
    expect((await desk.withdraw(playerId, { amount: '1000', remark: 'too much' })).statusCode).toBe(422);
    const page = await audit(`actor=${support.id}`);
    expect(page.items.map((item: { action: string }) => item.action)).toEqual([
      'cash deposit',
      'player create',
    ]);
    expect(page.items[0]).toMatchObject({
      actor: { id: support.id, email: support.email, role: 'support' },
      address: '127.0.0.1',
      target: `player:${playerId}`,
      before: null,
      after: { amount: '25.50', remark: 'at the counter', balance: '25.50' },
      reason: null,
    });
  });

  it('records a status change with before and after, filters by action and pages newest first', async () => {
    const desk = cashDeskClient(ctx, owner);
    const playerId = await desk.createPlayer(`status-${randomUUID().slice(0, 8)}@test.local`);
    for (const status of ['suspended', 'active', 'suspended'])
      expect((await desk.post(`/api/admin/players/${playerId}/status`, { status })).statusCode).toBe(200);
    const first = await audit('action=player%20status&limit=2');
    expect(first.items).toHaveLength(2);
    expect(first.items[0]).toMatchObject({ before: { status: 'active' }, after: { status: 'suspended' } });
    expect(first.next).toBe(first.items[1].id);
    const second = await audit(`action=player%20status&limit=2&cursor=${first.next}`);
    expect(second.items[0]).toMatchObject({ before: { status: 'active' }, after: { status: 'suspended' } });
    expect(Number(second.items[0].id)).toBeLessThan(Number(first.items[1].id));
    for (const query of ['limit=0', 'limit=201', 'cursor=abc', 'since=yesterday', 'actor=nobody', 'extra=1'])
      expect((await send('GET', `/api/admin/audit?${query}`, owner)).statusCode, query).toBe(400);
  });

  it('is append-only: the database refuses to change or remove an entry', async () => {
    await expect(ctx.deps.db.query("UPDATE audit_log SET action = 'forged'")).rejects.toThrow(/append-only/);
    await expect(ctx.deps.db.query('DELETE FROM audit_log')).rejects.toThrow(/append-only/);
  });
});
