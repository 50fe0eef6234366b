import type { AppDeps } from './app-deps.ts';
import { createPlayer } from './modules/admin/index.ts';
import { createAgent, updateAccount, type Caller } from './modules/agents/index.ts';
import type { AuditActor } from './modules/audit/index.ts';
import { findUserByEmail } from './modules/auth/index.ts';
import type { Result } from './platform/rejections.ts';

/** Each level of the demo network, from the house's child down: one agent per level, as the levels require. */
export const DEMO_AGENTS = [
  {
    email: 'admin-agent@backlay.local',
    password: 'admin123',
    name: 'Demo Admin',
    sharePercent: 80,
    credit: '50000.00',
    chips: '50000.00',
  },
  {
    email: 'supermaster@backlay.local',
    password: 'supermaster123',
    name: 'Demo Super Master',
    sharePercent: 70,
    credit: '20000.00',
    chips: '20000.00',
  },
  {
    email: 'master@backlay.local',
    password: 'master123',
    name: 'Demo Master',
    sharePercent: 60,
    credit: '10000.00',
    chips: '10000.00',
  },
  {
    email: 'agent@backlay.local',
    password: 'agent123',
    name: 'Demo Agent',
    sharePercent: 40,
    credit: '5000.00',
    chips: '5000.00',
  },
] as const;

/** The bottom agent's players, each opened with chips from the agent and a credit reference. */
export const DEMO_AGENT_PLAYERS = [1, 2, 3].map((n) => ({
  email: `agent-player${n}@backlay.local`,
  password: 'player123',
  name: `Agent Player ${n}`,
  credit: '1000.00',
  chips: `${n * 500}.00`,
}));

/** Who bets in the demo traffic (docs/decisions/0293): the bottom agent's players, funded by it. */
export const DEMO_TRAFFIC_CAST = {
  agentEmail: DEMO_AGENTS.at(-1)!.email,
  playerEmails: DEMO_AGENT_PLAYERS.map((player) => player.email),
};

// The seed acts as the owner for the house's child and as each parent agent below it, as the console would.
const SEED_ACTOR: AuditActor = { id: null, email: 'demo-seed', role: 'owner', address: 'local' };

type Account = { email: string; password: string; name: string };
const signIn = ({ email, password, name }: Account): Account => ({ email, password, name });

/**
 * The user id behind an email, created when missing. Each account and its opening chips are one
 * transaction, so a start that stopped halfway, or a replica starting at the same moment, leaves each
 * account either whole or absent; a creation that lost a race finds the other's account.
 */
async function ensure(deps: AppDeps, email: string, create: () => Promise<Result<{ id: string }>>) {
  const existing = await findUserByEmail(deps.db, email);
  if (existing) return { id: existing.id, created: false };
  const result = await create();
  if (result.ok) return { id: result.value.id, created: true };
  const raced = await findUserByEmail(deps.db, email);
  if (raced) return { id: raced.id, created: false };
  throw new Error(`demo network: ${email}: ${result.code}`);
}

/**
 * With DEMO_DATA, a small agent network under the house (docs/decisions/0287): admin, super master,
 * master and agent, each holding chips its parent gave it, and three players under the agent. Chips go
 * down as the console moves them, through the same services, so the ledger and audit log show them.
 */
export async function seedDemoTree(deps: AppDeps): Promise<void> {
  if (deps.env.DEMO_DATA !== 'true') return;
  let caller: Caller = { id: 'house', isAgent: false };
  for (const agent of DEMO_AGENTS) {
    const input = {
      ...signIn(agent),
      sharePercent: agent.sharePercent,
      creditReference: agent.credit,
      openingChips: agent.chips,
    };
    const { id } = await ensure(deps, agent.email, () => createAgent(deps, caller, input, SEED_ACTOR));
    caller = { id, isAgent: true };
  }
  for (const player of DEMO_AGENT_PLAYERS) {
    const input = { ...signIn(player), openingCredit: player.chips };
    const { id, created } = await ensure(deps, player.email, () =>
      createPlayer(deps, caller, input, SEED_ACTOR),
    );
    // Only with the creation, so a later start leaves a credit reference the agent changed since.
    if (created) {
      const terms = await updateAccount(deps, caller, id, { creditReference: player.credit }, SEED_ACTOR);
      if (!terms.ok) throw new Error(`demo network: ${player.email}: ${terms.code}`);
    }
  }
}
