import type { Sql } from '../../db/database.ts';
import type { Caller } from '../agents/index.ts';
import { findUserByEmail, type UserRow } from '../auth/index.ts';
import type { AuditActor } from '../audit/index.ts';
import type { TrafficCast } from './deps.ts';

/** The demo agent as the chips service and the audit log see it, and its players' accounts. */
export type ResolvedCast = { agent: Caller; actor: AuditActor; players: UserRow[] };

/** The cast's accounts; null until the demo network is seeded (a start without DEMO_DATA never is). */
export async function resolveCast(sql: Sql, cast: TrafficCast): Promise<ResolvedCast | null> {
  const agent = await findUserByEmail(sql, cast.agentEmail);
  if (!agent) return null;
  const players: UserRow[] = [];
  for (const email of cast.playerEmails) {
    const player = await findUserByEmail(sql, email);
    if (player) players.push(player);
  }
  if (players.length === 0) return null;
  // The audit log names the agent as the one who moved the chips, as if it had used the console.
  const actor: AuditActor = { id: agent.id, email: agent.email, role: 'agent', address: 'demo-traffic' };
  return { agent: { id: agent.id, isAgent: true }, actor, players };
}
