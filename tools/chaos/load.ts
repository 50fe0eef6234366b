import { randomUUID } from 'node:crypto';
import { CASINO_SIGNATURE_HEADER } from '@backlay/contracts';
import { formatMinor } from '@backlay/ledger';
import { CRASH_MIN_STAKE_MINOR } from '@backlay/tables';
import { signBody } from '../../apps/server/src/modules/casino/index.ts';
import type { HttpClient } from './http.ts';
import type { Player } from './players.ts';
import { CASINO_GAME_ID } from './players.ts';
import { classify, classifyCallback, type Product, type Sent } from './record.ts';

export type Market = { id: string; runnerId: string; stake: string };

export type LoadRates = {
  /** Exchange bets per second on the busiest market, and spread over the other markets. */
  busiest: number;
  others: number;
  crash: number;
  table: number;
  /** Casino rounds per second (a bet, then a win for it). */
  casino: number;
};

export type LoadInput = {
  client: HttpClient;
  /** The round state's own connections, so a slow bet never delays what the streams know of a round. */
  pollClient: HttpClient;
  players: readonly Player[];
  busiest: Market;
  others: readonly Market[];
  table: { id: string; marketId: string; stake: string };
  rates: LoadRates;
  walletSecret: string;
};

const TICK_MS = 20;
/** Requests of one stream in flight at once; beyond it the stream waits (a player does not pile up). */
const MAX_IN_FLIGHT = 400;
const POLL_MS = 250;

type Round = { id: number; status: string; closesAtMs: number } | null;

/**
 * The steady load through the balancer: open-loop streams at fixed rates (a slow answer does not slow
 * the others), every request recorded with its key and answer in `sent`.
 */
export class Load {
  readonly sent: Sent[] = [];
  readonly #timers: NodeJS.Timeout[] = [];
  readonly #inFlight = new Set<Promise<void>>();
  #crashRound: Round = null;
  #tableRound: Round = null;
  #sequence = 0;
  readonly #pending = new Set<{ sentAtMs: number }>();

  #busiest: Market;
  #others: readonly Market[];

  constructor(private readonly input: LoadInput) {
    this.#busiest = input.busiest;
    this.#others = input.others;
  }

  /** Moves the exchange load to other markets (the feed closed the earlier ones). */
  setMarkets(busiest: Market, others: readonly Market[]): void {
    this.#busiest = busiest;
    this.#others = others;
  }

  start(): void {
    const { rates } = this.input;
    this.#pace(rates.busiest, () => this.#exchange(this.#busiest, true));
    this.#pace(rates.others, () => {
      const others = this.#others;
      return others.length === 0 ? null : this.#exchange(others[this.#sequence % others.length]!, false);
    });
    this.#pace(rates.crash, () => this.#crash());
    this.#pace(rates.table, () => this.#table());
    this.#pace(rates.casino, () => this.#casino());
    this.#poll('/api/crash', (round) => (this.#crashRound = round));
    this.#poll(`/api/tables/${this.input.table.id}`, (round) => (this.#tableRound = round));
  }

  /** Stops sending and waits for every request in flight to be answered or to time out. */
  async stop(): Promise<void> {
    for (const timer of this.#timers) clearInterval(timer);
    this.#timers.length = 0;
    while (this.#inFlight.size > 0) await Promise.all([...this.#inFlight]);
  }

  /** Whether a request sent before `ms` still waits for its answer. */
  waitingSince(ms: number): boolean {
    for (const marker of this.#pending) if (marker.sentAtMs < ms) return true;
    return false;
  }

  #pace(perSecond: number, send: () => Promise<void> | null): void {
    if (perSecond <= 0) return;
    const startedMs = Date.now();
    let launched = 0;
    let inFlight = 0;
    const timer = setInterval(() => {
      const due = Math.floor(((Date.now() - startedMs) / 1000) * perSecond);
      while (launched < due) {
        launched++;
        if (inFlight >= MAX_IN_FLIGHT) continue;
        const request = send();
        if (!request) continue;
        inFlight++;
        const tracked = request.finally(() => {
          inFlight--;
          this.#inFlight.delete(tracked);
        });
        this.#inFlight.add(tracked);
      }
    }, TICK_MS);
    this.#timers.push(timer);
  }

  #poll(path: string, onRound: (round: Round) => void): void {
    let busy = false;
    const timer = setInterval(() => {
      if (busy) return;
      busy = true;
      const headers = this.#auth(this.input.players[0]!);
      void this.input.pollClient
        .get(path, headers)
        .then((answer) => {
          if (answer.status !== 200) return;
          const { round, serverTime } = JSON.parse(answer.body) as {
            round: { id: number; status: string; closesAt: string } | null;
            serverTime: string;
          };
          // The server's clock may differ from ours: closesAt is read relative to its serverTime.
          const offsetMs = Date.now() - Date.parse(serverTime);
          onRound(
            round && {
              id: round.id,
              status: round.status,
              closesAtMs: Date.parse(round.closesAt) + offsetMs,
            },
          );
        })
        .finally(() => (busy = false));
    }, POLL_MS);
    this.#timers.push(timer);
  }

  #player(): Player {
    const players = this.input.players;
    return players[this.#sequence++ % players.length]!;
  }

  #auth(player: Player) {
    return { authorization: `Bearer ${player.token}` };
  }

  async #request(
    product: Product,
    fields: Pick<Sent, 'key' | 'playerId' | 'busiest' | 'marketId' | 'kind' | 'amountMinor'>,
    send: () => ReturnType<HttpClient['post']>,
    callback = false,
  ): Promise<Sent> {
    const sentAtMs = Date.now();
    const marker = { sentAtMs };
    this.#pending.add(marker);
    const answer = await send().finally(() => this.#pending.delete(marker));
    const { outcome, detail } = callback ? classifyCallback(answer) : classify(answer);
    const record: Sent = { product, ...fields, sentAtMs, answeredAtMs: Date.now(), outcome };
    if (detail) record.detail = detail;
    if (outcome === '2xx' && !callback && answer.status !== 'unanswered') {
      record.id = (JSON.parse(answer.body) as { bet: { id: string } }).bet.id;
    }
    this.sent.push(record);
    return record;
  }

  async #exchange(market: Market, busiest: boolean): Promise<void> {
    const player = this.#player();
    const clientRef = randomUUID();
    const body = {
      marketId: market.id,
      runnerId: market.runnerId,
      side: this.#sequence % 2 === 0 ? 'BACK' : 'LAY',
      price: 2,
      stake: market.stake,
      clientRef,
    };
    await this.#request(
      'exchange',
      { key: clientRef, playerId: player.id, busiest, marketId: market.id },
      () => this.input.client.post('/api/bets', body, this.#auth(player)),
    );
  }

  /** Only while betting is open, as the game page does: a closed round would only be refused. */
  #crash(): Promise<void> | null {
    const round = this.#crashRound;
    if (!round || round.status !== 'BETTING' || Date.now() > round.closesAtMs - 300) return null;
    const player = this.#player();
    const clientRef = randomUUID();
    const body = {
      roundId: round.id,
      stake: formatMinor(CRASH_MIN_STAKE_MINOR),
      clientRef,
      ...(this.#sequence % 2 === 0 ? { autoCashOut: 1.5 } : {}),
    };
    return this.#request('crash', { key: clientRef, playerId: player.id, busiest: false }, () =>
      this.input.client.post('/api/crash/bets', body, this.#auth(player)),
    ).then(() => undefined);
  }

  #table(): Promise<void> | null {
    const round = this.#tableRound;
    if (!round || round.status !== 'BETTING' || Date.now() > round.closesAtMs - 300) return null;
    const player = this.#player();
    const clientRef = randomUUID();
    const { id, marketId, stake } = this.input.table;
    const body = { roundId: round.id, marketId, stake, clientRef };
    return this.#request('table', { key: clientRef, playerId: player.id, busiest: false }, () =>
      this.input.client.post(`/api/tables/${id}/bets`, body, this.#auth(player)),
    ).then(() => undefined);
  }

  async #casino(): Promise<void> {
    const player = this.#player();
    const roundId = `chaos-${randomUUID().slice(0, 18)}`;
    const common = { token: player.casinoToken, roundId, gameId: CASINO_GAME_ID };
    const bet = await this.#callback(player, 'bet', 100, {
      ...common,
      transactionId: `${roundId}-b`,
      amount: '1.00',
    });
    if (bet.outcome !== '2xx') return;
    const winMinor = [0, 100, 200][this.#sequence % 3]!;
    await this.#callback(player, 'win', winMinor, {
      ...common,
      transactionId: `${roundId}-w`,
      amount: (winMinor / 100).toFixed(2),
      referenceTransactionId: `${roundId}-b`,
    });
  }

  #callback(player: Player, kind: 'bet' | 'win', amountMinor: number, fields: Record<string, unknown>) {
    const body = JSON.stringify({ ...fields, timestamp: Date.now() });
    const headers = { [CASINO_SIGNATURE_HEADER]: signBody(this.input.walletSecret, body) };
    const key = String(fields.transactionId);
    return this.#request(
      'casino',
      { key, playerId: player.id, busiest: false, kind, amountMinor },
      () => this.input.client.post(`/api/wallet/${kind}`, body, headers),
      true,
    );
  }
}
