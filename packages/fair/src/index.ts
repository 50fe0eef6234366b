export * from './result.ts';
export { formatHundredths, payoutMinor, type Hundredths } from './multiplier.ts';
export { sha256 } from './crypto/sha256.ts';
export { HmacSha256, hmacSha256, hmacSha256Hex, sha256Hex } from './crypto/hmac.ts';
export { toHex, utf8Bytes } from './crypto/encoding.ts';
export { OutcomeStream, generateFloats, checkSeeds, MAX_SEED_LENGTH, type Seeds } from './stream.ts';

export { dice, type DiceResult } from './games/dice.ts';
export { limbo, limboHundredthsOfFloat, type LimboResult } from './games/limbo.ts';
export { mines, minesMultiplierHundredths, MINES_TILES, type MinesResult } from './games/mines.ts';
export { plinko, isPlinkoRisk, PLINKO_MIN_ROWS, PLINKO_MAX_ROWS, type PlinkoResult } from './games/plinko.ts';
export { plinkoTable, PLINKO_RISKS, type PlinkoRisk } from './games/plinko-tables.ts';
export { keno, KENO_DRAWS, KENO_SQUARES, type KenoResult } from './games/keno.ts';
export { wheel, isWheelRisk, type WheelResult } from './games/wheel.ts';
export { wheelTable, WHEEL_RISKS, WHEEL_SEGMENTS, type WheelRisk } from './games/wheel-tables.ts';
export { cards, hilo, CARD_ORDER, MAX_CARDS, type Card } from './games/cards.ts';
export {
  tower,
  towerMultiplierHundredths,
  isTowerDifficulty,
  TOWER_DIFFICULTIES,
  TOWER_LEVELS,
  type TowerDifficulty,
  type TowerResult,
} from './games/tower.ts';
export { instantCrash, crashHundredthsOfUint32, type InstantCrashResult } from './games/instant-crash.ts';

export {
  slot,
  slotTitle,
  evaluateLine,
  SLOT_REELS,
  SLOT_ROWS,
  type SlotResult,
  type LineWin,
} from './slot/slot-engine.ts';
export { SLOT_TITLES, type SlotTitle } from './slot/slot-titles.ts';
export { exactRtp, rtpPpm } from './slot/slot-rtp.ts';

export {
  buildCrashChain,
  crashPoint,
  isNextInChain,
  roundOfHash,
  MAX_CHAIN_LENGTH,
  type CrashChain,
} from './crash/chain.ts';

export {
  commit,
  nextNonce,
  setClientSeed,
  rotate,
  publicView,
  serverSeedMatches,
  isValidClientSeed,
  MIN_ENTROPY_BYTES,
  type SeedPair,
  type PublicSeedPair,
  type RevealedSeeds,
} from './seeds/seed-pair.ts';

export {
  verify,
  seedsOf,
  VERIFY_GAMES,
  type VerifyGame,
  type VerifyFields,
  type VerifyAnswer,
} from './verify/verify.ts';
