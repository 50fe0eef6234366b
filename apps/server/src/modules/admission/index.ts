/** Whether a player may stake money now, for every product (docs/decisions/0231). */
export { AdmissionGate } from './gate.ts';
export {
  STANDING_COLUMNS,
  standingColumns,
  standingJoin,
  type MoneyRow,
  type PlayerRow as PlayerStandingRow,
  type StandingReads,
  type StandingRow,
  type SubtreeExposureRow,
  type TreeStandingSql,
} from './standing-reads.ts';
export { BREAK_COLUMNS, breaksOf, type Breaks, type BreaksRow } from './breaks.ts';
export { CASH_FRESH_MS, type Funds, type MoneyAfter } from './funds.ts';
export {
  ADMISSION_MESSAGES,
  judgeStake,
  readableTime,
  REOPEN_DELAY_MS,
  type Admission,
  type AdmissionCode,
  type Stake,
  type StakeRequest,
  type Standing,
} from './rules.ts';
export { ADMISSION_REJECTIONS, admissionRejection, CASINO_STATUS_OF } from './rejections.ts';
export {
  announceStandingChange,
  announceTreeStandingChange,
  PLAYER_STANDING_TOPIC,
  TREE_STANDING_TOPIC,
} from './topic.ts';
export { SUBTREE_ADMITTED_TOPIC } from './subtree-announcements.ts';
