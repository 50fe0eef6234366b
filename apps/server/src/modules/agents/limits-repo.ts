import type { Sql } from '../../db/database.ts';

/** What a parent has set on a child: minor units, null for no limit; share only for agents. */
export type AccountTerms = {
  creditReferenceMinor: bigint;
  shareBasisPoints: number | null;
  exposureLimitMinor: bigint | null;
  maxStakeMinor: bigint | null;
};

type TermsRow = {
  credit_reference_minor: bigint | string;
  share_bp: number | null;
  exposure_limit_minor: bigint | string | null;
  max_stake_minor: bigint | string | null;
};

const big = (value: bigint | string | null) => (value === null ? null : BigInt(value));

const toTerms = (row: TermsRow): AccountTerms => ({
  creditReferenceMinor: BigInt(row.credit_reference_minor),
  shareBasisPoints: row.share_bp === null ? null : Number(row.share_bp),
  exposureLimitMinor: big(row.exposure_limit_minor),
  maxStakeMinor: big(row.max_stake_minor),
});

/**
 * An agent's terms, its row locked for the change's transaction: a child created meanwhile locks the
 * same row (lockParent), so a share cannot drop below a child's that is being added.
 */
export async function lockAgentTerms(tx: Sql, id: string): Promise<AccountTerms | undefined> {
  const rows = await tx.query<TermsRow>(
    `SELECT credit_reference_minor, share_bp, exposure_limit_minor, max_stake_minor
       FROM agents WHERE user_id = $1 FOR UPDATE`,
    [id],
  );
  return rows[0] && toTerms(rows[0]);
}

/** The highest share among an agent's child agents, or null when it has none. */
export async function highestChildShare(tx: Sql, id: string): Promise<number | null> {
  const rows = await tx.query<{ top: number | null }>(
    'SELECT max(share_bp) AS top FROM agents WHERE parent_id = $1',
    [id],
  );
  const top = rows[0]?.top;
  return top === null || top === undefined ? null : Number(top);
}

export async function saveAgentTerms(tx: Sql, id: string, terms: AccountTerms): Promise<void> {
  await tx.query(
    `UPDATE agents SET credit_reference_minor = $2, share_bp = $3, exposure_limit_minor = $4, max_stake_minor = $5
      WHERE user_id = $1`,
    [id, terms.creditReferenceMinor, terms.shareBasisPoints, terms.exposureLimitMinor, terms.maxStakeMinor],
  );
}

/** A player's credit reference and exposure limit under its agent, locked for the change. */
export async function lockPlayerTerms(
  tx: Sql,
  id: string,
): Promise<Pick<AccountTerms, 'creditReferenceMinor' | 'exposureLimitMinor'> | undefined> {
  const rows = await tx.query<TermsRow>(
    `SELECT credit_reference_minor, NULL::int AS share_bp, exposure_limit_minor, NULL::bigint AS max_stake_minor
       FROM agent_players WHERE player_id = $1 FOR UPDATE`,
    [id],
  );
  return rows[0] && toTerms(rows[0]);
}

export async function savePlayerTerms(
  tx: Sql,
  id: string,
  terms: Pick<AccountTerms, 'creditReferenceMinor' | 'exposureLimitMinor'>,
): Promise<void> {
  await tx.query(
    'UPDATE agent_players SET credit_reference_minor = $2, exposure_limit_minor = $3 WHERE player_id = $1',
    [id, terms.creditReferenceMinor, terms.exposureLimitMinor],
  );
}
