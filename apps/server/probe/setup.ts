import { randomBytes } from 'node:crypto';
import { call, jsonOf, type Target } from './http.ts';
import type { Credentials, ProbeContext, Session } from './types.ts';

type LoginBody = { user?: { id: string }; access_token?: string };

export async function signIn(
  target: Target,
  credentials: Credentials,
  from: string | undefined,
): Promise<Session | null> {
  const answer = await call(target, { path: '/api/loginUser', body: credentials, from });
  const body = jsonOf<LoginBody>(answer);
  if (answer.status !== 200 || !body?.user || !body.access_token) return null;
  return { ...credentials, id: body.user.id, token: body.access_token };
}

/** A fresh player created through the cash desk, so the probe never locks a real account. */
export async function createProbePlayer(context: ProbeContext, label: string) {
  if (!context.operator) return null;
  const credentials = {
    email: `probe-${label}-${randomBytes(4).toString('hex')}@probe.invalid`,
    password: `probe-${randomBytes(8).toString('hex')}`,
  };
  const answer = await call(context.target, {
    path: '/api/admin/players',
    token: context.operator.token,
    from: context.home,
    body: { ...credentials, name: `Probe ${label}`, openingCredit: '10' },
  });
  const body = jsonOf<{ player?: { id: string } }>(answer);
  return answer.status === 201 && body?.player ? { ...credentials, id: body.player.id } : null;
}

/** Waits until the portal answers at all (any HTTP status); false after `timeoutMs`. */
export async function waitForPortal(target: Target, timeoutMs: number, isAlive = () => true) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline && isAlive()) {
    const answer = await call(target, { path: '/api/me', timeoutMs: 2_000 });
    if (answer.status !== 0) return true;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return false;
}

/** Signs in the operator and the demo player (falling back to a probe player) and makes the victim. */
export async function prepare(context: ProbeContext, playerCredentials: Credentials): Promise<string[]> {
  const notes: string[] = [];
  context.operator = await signIn(context.target, context.operatorCredentials, context.home);
  if (!context.operator) notes.push(`operator ${context.operatorCredentials.email} could not sign in`);
  context.player = await signIn(context.target, playerCredentials, context.home);
  if (!context.player) {
    const made = await createProbePlayer(context, 'player');
    context.player = made ? await signIn(context.target, made, context.home) : null;
    notes.push(
      context.player
        ? `${playerCredentials.email} could not sign in; using a probe player`
        : 'no player could sign in',
    );
  }
  context.victim = await createProbePlayer(context, 'victim');
  if (!context.victim) notes.push('no probe player could be created (operator needed)');
  return notes;
}
