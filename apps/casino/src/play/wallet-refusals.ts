import { reject, type Rejection } from '@backlay/rejections';

/** How a refused bet reads to the player; the portal's status stays in the code's message. */
export function betRefusal(status: string): Rejection {
  switch (status) {
    case 'RS_ERROR_NOT_ENOUGH_MONEY':
      return reject('unprocessable', 'INSUFFICIENT_FUNDS', 'Insufficient balance for this bet.');
    case 'RS_ERROR_LIMIT_REACHED':
      return reject(
        'unprocessable',
        'LOSS_LIMIT_REACHED',
        'This bet would take your net loss past the loss limit you set at the portal.',
      );
    case 'RS_ERROR_TOKEN_EXPIRED':
      return reject(
        'unauthorized',
        'SESSION_EXPIRED',
        'This game session has expired. Open the game again from the portal.',
      );
    case 'RS_ERROR_USER_DISABLED':
      return reject(
        'forbidden',
        'USER_DISABLED',
        'The portal takes no bets from your account in this game now (a break from play, self-exclusion, or games switched off). See the portal for details.',
      );
    case 'RS_ERROR_INVALID_TOKEN':
      return reject(
        'unauthorized',
        'INVALID_SESSION',
        'The portal does not know this game session. Open the game again.',
      );
    default:
      return reject('conflict', 'BET_REFUSED', `The wallet refused the bet (${status}).`);
  }
}

export const walletUnavailable = (): Rejection =>
  reject(
    'unavailable',
    'WALLET_UNAVAILABLE',
    'The wallet did not answer in time; the bet was cancelled. Please try again.',
  );
