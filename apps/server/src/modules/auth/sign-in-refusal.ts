import type { AgentProfile } from '@backlay/contracts';
import type { Sql } from '../../db/database.ts';
import type { Rejection } from '../../platform/rejections.ts';

/**
 * A sign-in refused for a reason another module keeps (a break from play, docs/decisions/0232). The
 * composition gives it: the protection module's rows are its own, and it already depends on auth (0266).
 */
export type SignInRefusalHook = {
  signInRefusal(sql: Sql, userId: string, nowMs: number): Promise<Rejection | null>;
};

/**
 * An agent's place in the network for `/api/me` (docs/decisions/0287). The composition gives it: the
 * agents module keeps the tree and depends on auth.
 */
export type AgentProfileHook = {
  agentProfile?(sql: Sql, userId: string): Promise<AgentProfile | null>;
};
