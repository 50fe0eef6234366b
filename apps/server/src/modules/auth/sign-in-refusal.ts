import type { Sql } from '../../db/database.ts';
import type { Rejection } from '../../platform/rejections.ts';

/**
 * A sign-in refused for a reason another module keeps (a break from play, docs/decisions/0232). The
 * composition gives it: the protection module's rows are its own, and it already depends on auth (0266).
 */
export type SignInRefusalHook = {
  signInRefusal(sql: Sql, userId: string, nowMs: number): Promise<Rejection | null>;
};
