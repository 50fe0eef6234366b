import type { DownlineItem, UpdateAccountRequest } from '@backlay/contracts';
import { formatMinor } from '@backlay/ledger';
import type { Sql } from '../../db/database.ts';
import { afterCommit } from '../../platform/transaction.ts';
import { ok, reject, transactionResult, type Rejection, type Result } from '../../platform/rejections.ts';
import { announceStandingChange, announceTreeStandingChange } from '../admission/index.ts';
import { recordAudit, type AuditActor } from '../audit/index.ts';
import { setPlayerColumn } from '../auth/index.ts';
import { parseLimit, parseMinor, type AgentsDeps, type Caller } from './agents-service.ts';
import { directChild } from './chips-service.ts';
import { readChild } from './downline-repo.ts';
import {
  highestChildShare,
  lockAgentTerms,
  lockPlayerTerms,
  saveAgentTerms,
  savePlayerTerms,
  type AccountTerms,
} from './limits-repo.ts';
import { parseSportCaps, saveSportCaps, sportCapsRefusal, type SportCaps } from './sport-stakes.ts';
import { recordShare, type TreeAccount } from './tree-repo.ts';

type Changes = Partial<AccountTerms>;

/** The house's own terms: the whole share and no limits. */
const HOUSE: AccountTerms = {
  creditReferenceMinor: 0n,
  shareBasisPoints: 10_000,
  exposureLimitMinor: null,
  maxStakeMinor: null,
};

function parseChanges(input: UpdateAccountRequest): Result<Changes> {
  const changes: Changes = {};
  if (input.creditReference !== undefined) {
    const credit = parseMinor(input.creditReference, 'creditReference');
    if (!credit.ok) return credit;
    changes.creditReferenceMinor = credit.value;
  }
  if (input.sharePercent !== undefined) changes.shareBasisPoints = Math.round(input.sharePercent * 100);
  for (const [field, key] of [
    ['exposureLimit', 'exposureLimitMinor'],
    ['maxStake', 'maxStakeMinor'],
  ] as const) {
    if (input[field] === undefined) continue;
    const limit = parseLimit(input[field], field);
    if (!limit.ok) return limit;
    changes[key] = limit.value;
  }
  return ok(changes);
}

/** A limit the child may not pass: none (null) is above any the parent has. */
const passes = (limit: bigint | null | undefined, parent: bigint | null) =>
  limit !== undefined && parent !== null && (limit === null || limit > parent);

function aboveParent(parent: AccountTerms, changes: Changes): Rejection | null {
  const share = changes.shareBasisPoints;
  if (share !== undefined && share !== null && share > (parent.shareBasisPoints ?? 10_000))
    return reject('conflict', 'SHARE_ABOVE_PARENT', 'The share may not be above the parent’s own share.');
  if (passes(changes.exposureLimitMinor, parent.exposureLimitMinor))
    return reject(
      'conflict',
      'EXPOSURE_LIMIT_ABOVE_PARENT',
      `The exposure limit may not be above the parent’s own ${formatMinor(parent.exposureLimitMinor ?? 0n)}.`,
    );
  if (passes(changes.maxStakeMinor, parent.maxStakeMinor))
    return reject(
      'conflict',
      'MAX_STAKE_ABOVE_PARENT',
      `The maximum stake may not be above the parent’s own ${formatMinor(parent.maxStakeMinor ?? 0n)}.`,
    );
  return null;
}

type Applied = { before: Changes; after: Changes };

const pick = (terms: Changes, changes: Changes): Changes =>
  Object.fromEntries(Object.keys(changes).map((key) => [key, terms[key as keyof Changes]]));

async function updateAgent(tx: Sql, child: TreeAccount, changes: Changes): Promise<Result<Applied>> {
  const current = await lockAgentTerms(tx, child.id);
  if (!current) throw new Error('agent row vanished');
  const share = changes.shareBasisPoints;
  const below = share === undefined ? null : await highestChildShare(tx, child.id);
  if (share !== undefined && share !== null && below !== null && share < below)
    return reject(
      'conflict',
      'SHARE_BELOW_CHILD',
      `The share may not be below a child agent’s ${(below / 100).toString()} %.`,
    );
  await saveAgentTerms(tx, child.id, { ...current, ...changes });
  if (share !== undefined && share !== null && share !== current.shareBasisPoints)
    await recordShare(tx, child.id, share);
  return ok({ before: pick(current, changes), after: changes });
}

async function updatePlayer(tx: Sql, child: TreeAccount, changes: Changes): Promise<Result<Applied>> {
  if (changes.shareBasisPoints !== undefined)
    return reject('invalid', 'SHARE_FOR_AGENTS_ONLY', 'Only an agent has a share of the book.');
  const { maxStakeMinor, ...terms } = changes;
  const before: Changes = {};
  if (Object.keys(terms).length > 0) {
    // A player of the house has no agent to extend credit or set its exposure limit.
    const current = child.parentId === null ? undefined : await lockPlayerTerms(tx, child.id);
    if (!current)
      return reject(
        'conflict',
        'NOT_UNDER_AN_AGENT',
        'Only an agent’s player has a credit reference and exposure limit.',
      );
    await savePlayerTerms(tx, child.id, { ...current, ...terms });
    Object.assign(before, pick(current, terms));
  }
  if (maxStakeMinor !== undefined) {
    const set = await setPlayerColumn(tx, child.id, 'max_stake_minor', maxStakeMinor);
    before.maxStakeMinor = set?.before === undefined || set.before === null ? null : BigInt(set.before);
  }
  return ok({ before, after: changes });
}

/**
 * The admission gates hold limits in players' standings (docs/decisions/0292): a player's change has
 * every instance read that player again, an agent's every player, as the gate does not know the tree.
 */
function announceLimits(deps: AgentsDeps, account: TreeAccount, changes: Changes, caps: SportCaps | null) {
  if (changes.maxStakeMinor === undefined && changes.exposureLimitMinor === undefined && caps === null)
    return;
  afterCommit(() =>
    account.kind === 'agent'
      ? announceTreeStandingChange(deps.bus)
      : announceStandingChange(deps.bus, account.id),
  );
}

const shown = (terms: Changes) =>
  Object.fromEntries(
    Object.entries(terms).map(([key, value]) => [
      key.replace(/Minor$|BasisPoints$/, ''),
      typeof value === 'bigint'
        ? formatMinor(value)
        : key === 'shareBasisPoints'
          ? Number(value) / 100
          : value,
    ]),
  );

/** The child's terms and caps by sport, held to its parent's (the house's: none). */
async function applyChanges(tx: Sql, child: TreeAccount, changes: Changes, caps: SportCaps | null) {
  const parentTerms = child.parentId === null ? HOUSE : await lockAgentTerms(tx, child.parentId);
  const parent = parentTerms ?? HOUSE;
  const refusal =
    aboveParent(parent, changes) ??
    (await sportCapsRefusal(tx, caps, { id: child.parentId, maxStakeMinor: parent.maxStakeMinor }));
  if (refusal) return refusal;
  const applied =
    child.kind === 'agent' ? await updateAgent(tx, child, changes) : await updatePlayer(tx, child, changes);
  if (!applied.ok) return applied;
  const bySport = await saveSportCaps(tx, child.id, caps);
  return ok({
    before: { ...shown(applied.value.before), ...bySport.before },
    after: { ...shown(applied.value.after), ...bySport.after },
  });
}

/**
 * The parent changes its direct child's credit reference, share and limits (per sport too) in one
 * transaction with its audit entry (before and after); nothing is applied when one field is refused.
 */
export async function updateAccount(
  deps: AgentsDeps,
  caller: Caller,
  id: string,
  input: UpdateAccountRequest,
  actor: AuditActor,
): Promise<Result<DownlineItem>> {
  const changes = parseChanges(input);
  if (!changes.ok) return changes;
  const caps = parseSportCaps(input.maxStakeBySport);
  if (!caps.ok) return caps;
  return transactionResult(deps.db, async (tx) => {
    const child = await directChild(tx, caller, id);
    if (!child.ok) return child;
    const audit = await applyChanges(tx, child.value, changes.value, caps.value);
    if (!audit.ok) return audit;
    announceLimits(deps, child.value, changes.value, caps.value);
    const target = `${child.value.kind}:${id}`;
    await recordAudit(tx, actor, { action: 'account update', target, ...audit.value });
    const item = await readChild(tx, child.value);
    if (!item) throw new Error('updated account vanished');
    return ok(item);
  });
}
