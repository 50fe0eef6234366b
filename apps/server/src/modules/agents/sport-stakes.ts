import type { UpdateAccountRequest } from '@backlay/contracts';
import { formatMinor } from '@backlay/ledger';
import type { Sql } from '../../db/database.ts';
import { ok, reject, type Rejection, type Result } from '../../platform/rejections.ts';
import { knownSports } from '../sports/index.ts';
import { parseLimit } from './agents-service.ts';

/**
 * A parent's stake caps per sport on a child (docs/decisions/0300), one row per account and sport in
 * agent_sport_stakes; the admission gate applies the least of them up the player's chain with the
 * general caps.
 */

/** Changes to an account's caps by sport slug: a cap in minor units, or null to remove that sport's. */
export type SportCaps = ReadonlyMap<string, bigint | null>;

/** The caps a PATCH names, parsed as the general maximum stake is; null when it names none. */
export function parseSportCaps(input: UpdateAccountRequest['maxStakeBySport']): Result<SportCaps | null> {
  if (input === undefined) return ok(null);
  const caps = new Map<string, bigint | null>();
  for (const [sport, value] of Object.entries(input)) {
    const cap = parseLimit(value, `maxStakeBySport.${sport}`);
    if (!cap.ok) return cap;
    caps.set(sport, cap.value);
  }
  return ok(caps);
}

/** The account's own caps by sport. */
async function readSportCaps(sql: Sql, accountId: string): Promise<Map<string, bigint>> {
  const rows = await sql.query<{ sport: string; max_stake_minor: bigint | string }>(
    'SELECT sport, max_stake_minor FROM agent_sport_stakes WHERE account_id = $1',
    [accountId],
  );
  return new Map(rows.map((row) => [row.sport, BigInt(row.max_stake_minor)]));
}

/** The parent's terms the caps are held to: none for the house (`id` null). */
export type CapsParent = { id: string | null; maxStakeMinor: bigint | null };

/**
 * Why the caps are refused: a sport the sports module does not name (400 `UNKNOWN_SPORT`), or a cap
 * above the parent's for that sport, its own cap for the sport else its general maximum stake (409
 * `MAX_STAKE_ABOVE_PARENT`, as the general cap). Removing a sport's cap is refused only where the parent
 * has one for that sport: without it, the child's general cap (itself not above the parent's) holds.
 */
export async function sportCapsRefusal(
  tx: Sql,
  caps: SportCaps | null,
  parent: CapsParent,
): Promise<Rejection | null> {
  if (caps === null) return null;
  const known = await knownSports(tx, [...caps.keys()]);
  const unknown = [...caps.keys()].find((sport) => !known.has(sport));
  if (unknown !== undefined) return reject('invalid', 'UNKNOWN_SPORT', `There is no sport "${unknown}".`);
  if (parent.id === null) return null;
  const parentCaps = await readSportCaps(tx, parent.id);
  for (const [sport, cap] of caps) {
    const ceiling = parentCaps.get(sport) ?? (cap === null ? null : parent.maxStakeMinor);
    if (ceiling !== null && (cap === null || cap > ceiling))
      return reject(
        'conflict',
        'MAX_STAKE_ABOVE_PARENT',
        `The maximum stake for ${sport} may not be above the parent’s own ${formatMinor(ceiling)}.`,
      );
  }
  return null;
}

type ShownCaps = Record<string, string | null>;

const shownCaps = (sports: Iterable<string>, caps: ReadonlyMap<string, bigint | null>): ShownCaps =>
  Object.fromEntries(
    [...sports].map((sport) => {
      const cap = caps.get(sport);
      return [sport, cap === undefined || cap === null ? null : formatMinor(cap)];
    }),
  );

/**
 * Sets and removes the account's caps in two statements; answers the named sports' caps before and
 * after, for the audit (nothing when the change names no caps).
 */
export async function saveSportCaps(
  tx: Sql,
  accountId: string,
  caps: SportCaps | null,
): Promise<{ before: { maxStakeBySport?: ShownCaps }; after: { maxStakeBySport?: ShownCaps } }> {
  if (caps === null) return { before: {}, after: {} };
  const before = await readSportCaps(tx, accountId);
  const removed = [...caps].filter(([, cap]) => cap === null).map(([sport]) => sport);
  const set = [...caps].flatMap(([sport, cap]) => (cap === null ? [] : [[sport, cap.toString()]]));
  if (removed.length > 0)
    await tx.query('DELETE FROM agent_sport_stakes WHERE account_id = $1 AND sport = ANY($2::text[])', [
      accountId,
      removed,
    ]);
  if (set.length > 0)
    await tx.query(
      `INSERT INTO agent_sport_stakes (account_id, sport, max_stake_minor)
       SELECT $1, sport, minor::bigint FROM unnest($2::text[], $3::text[]) AS caps (sport, minor)
       ON CONFLICT (account_id, sport) DO UPDATE SET max_stake_minor = excluded.max_stake_minor`,
      [accountId, set.map(([sport]) => sport), set.map(([, minor]) => minor)],
    );
  return {
    before: { maxStakeBySport: shownCaps(caps.keys(), before) },
    after: { maxStakeBySport: shownCaps(caps.keys(), caps) },
  };
}
