import type { CasinoWalletStatus } from '@backlay/contracts';
import type {
  WalletAnswer,
  WalletBody,
  WalletOutcome,
  WalletPath,
  WalletPort,
} from '../wallet/wallet-client.ts';

type Booked = { kind: WalletPath; body: WalletBody; answer: WalletAnswer };

const toMinor = (decimal: string) => BigInt(decimal.replace('.', ''));
const format = (minor: bigint) =>
  `${minor < 0n ? '-' : ''}${(minor < 0n ? -minor : minor) / 100n}.${String((minor < 0n ? -minor : minor) % 100n).padStart(2, '0')}`;

/**
 * The portal's seamless wallet in memory, with the rules the aggregator relies on: idempotent by
 * transaction id, bets need money and a live token, wins and rollbacks need a known bet, and a rollback
 * after a win is refused. `failNext` makes the next calls fail as a transport error would.
 */
export class FakePortal implements WalletPort {
  readonly balances = new Map<string, bigint>();
  readonly expired = new Set<string>();
  readonly calls: { path: WalletPath; body: WalletBody }[] = [];
  readonly booked = new Map<string, Booked>();
  private failures: ('timeout' | 'network' | 'unknown')[] = [];

  constructor(tokens: Record<string, string> = {}) {
    for (const [token, balance] of Object.entries(tokens)) this.balances.set(token, toMinor(balance));
  }

  failNext(...failures: ('timeout' | 'network' | 'unknown')[]): void {
    this.failures.push(...failures);
  }

  balanceOf(token: string): string {
    return format(this.balances.get(token) ?? 0n);
  }

  callsOf(path: WalletPath): WalletBody[] {
    return this.calls.filter((call) => call.path === path).map((call) => call.body);
  }

  async send(path: WalletPath, body: WalletBody): Promise<WalletOutcome> {
    this.calls.push({ path, body });
    const failure = this.failures.shift();
    if (failure === 'timeout' || failure === 'network') {
      // The portal may still have booked it: a timed-out request is not a refused one.
      if (failure === 'timeout') this.handle(path, body);
      return { kind: 'failure', reason: failure, detail: 'injected' };
    }
    if (failure === 'unknown') return this.answer(body.token, 'RS_ERROR_UNKNOWN');
    return { kind: 'answer', answer: this.handle(path, body) };
  }

  private answer(token: string, status: CasinoWalletStatus): { kind: 'answer'; answer: WalletAnswer } {
    return { kind: 'answer', answer: { status, balance: this.balanceOf(token), currency: 'PTS' } };
  }

  private handle(path: WalletPath, body: WalletBody): WalletAnswer {
    const status = (text: CasinoWalletStatus) => this.answer(body.token, text).answer;
    if (!this.balances.has(body.token)) return status('RS_ERROR_INVALID_TOKEN');
    if (path === 'balance') return status('RS_OK');
    const id = body.transactionId!;
    const replay = this.booked.get(id);
    if (replay) return replay.answer;
    const result = this.apply(path, body);
    if (result.status === 'RS_OK') this.booked.set(id, { kind: path, body, answer: result });
    return result;
  }

  private apply(path: WalletPath, body: WalletBody): WalletAnswer {
    const status = (text: CasinoWalletStatus) => this.answer(body.token, text).answer;
    const amount = toMinor(body.amount!);
    const balance = this.balances.get(body.token)!;
    if (path === 'bet') {
      if (this.expired.has(body.token)) return status('RS_ERROR_TOKEN_EXPIRED');
      if (amount > balance) return status('RS_ERROR_NOT_ENOUGH_MONEY');
      this.balances.set(body.token, balance - amount);
      return status('RS_OK');
    }
    const bet = this.booked.get(body.referenceTransactionId ?? '');
    if (bet === undefined || bet.kind !== 'bet') return status('RS_ERROR_TRANSACTION_DOES_NOT_EXIST');
    const settled = [...this.booked.values()].filter(
      (b) => b.body.referenceTransactionId === body.referenceTransactionId,
    );
    if (path === 'rollback') {
      if (settled.some((b) => b.kind === 'win')) return status('RS_ERROR_DUPLICATE_TRANSACTION');
      this.balances.set(body.token, balance + toMinor(bet.body.amount!));
      return status('RS_OK');
    }
    if (settled.some((b) => b.kind === 'rollback')) return status('RS_ERROR_TRANSACTION_DOES_NOT_EXIST');
    this.balances.set(body.token, balance + amount);
    return status('RS_OK');
  }
}
