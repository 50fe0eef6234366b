import type { FairErrorCode } from '@backlay/fair';
import { VERIFY_GAME_FORMS } from './verify-games.ts';

/** What a refused verify request says, per fair-package code: which field and what it must be. */
const MESSAGES: Partial<Record<FairErrorCode, string>> = {
  INVALID_GAME: `game must be one of ${VERIFY_GAME_FORMS.map((form) => form.game).join(', ')}.`,
  INVALID_SERVER_SEED: 'serverSeed is required (1–256 characters).',
  INVALID_CLIENT_SEED: 'clientSeed is required (1–256 characters).',
  INVALID_NONCE: 'nonce must be a whole number of at least 0.',
  INVALID_ROWS: 'rows must be 8 to 16.',
  INVALID_RISK: 'risk must be low, medium or high.',
  INVALID_SEGMENTS: 'segments must be 10, 20, 30, 40 or 50.',
  INVALID_MINES: 'mines must be 1 to 24.',
  INVALID_COUNT: 'count must be 1 to 52.',
  INVALID_DIFFICULTY: 'difficulty must be easy, medium, hard, expert or master.',
  INVALID_TITLE: 'title must name a slot title (fruit-fives, gem-vault).',
  INVALID_HASH: 'hash must be 64 lowercase hex digits.',
  INVALID_SALT: 'salt is required (1–256 characters).',
};

export const fairMessage = (code: FairErrorCode): string => MESSAGES[code] ?? `Invalid input (${code}).`;
