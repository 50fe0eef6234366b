import type { StreamFeedBody } from '@backlay/contracts';
import {
  connectStream,
  type JsonMessage,
  type StreamConnection,
  type StreamOptions,
  type StreamMessage,
} from '@backlay/betfair-stream';
import type { ReplayLine } from './replay-lines.ts';

/** What a live feed keeps of its request (credentials included: the unit logs in again after a restart). */
export type StreamConfig = Omit<StreamFeedBody, 'kind' | 'settleFrom'>;

const DEFAULT_FIELDS = ['EX_ALL_OFFERS', 'EX_TRADED', 'EX_TRADED_VOL', 'EX_LTP', 'EX_MARKET_DEF'];
/** Messages held while batches are written; beyond it the feed has fallen too far behind and fails. */
const MAX_QUEUED = 50_000;

export type StreamLinesOptions = {
  config: StreamConfig;
  /** The clocks of the last committed batch: the subscription resumes from them. */
  clocks: { clk: string | null; initialClk: string | null } | null;
  /** A message arrived: the feed's next step should run. */
  onArrival(): void;
  /** The stream gave up (a refused login, a bad filter). */
  onFailed(detail: string): void;
  /** Opens the socket instead of TLS (tests). */
  connect?: StreamOptions['connect'];
};

/**
 * A live Exchange Stream as a feed reads it: each whole `mcm` is queued as a line as it arrives and
 * taken by the feed's batches. The connection opens while the feed runs and closes when it pauses or
 * stops; it resumes from the clocks of the last committed batch, so a restart misses nothing.
 */
export class StreamLines {
  readonly live = true;
  #queue: ReplayLine[] = [];
  #connection: StreamConnection | null = null;
  #count = 0;

  constructor(private readonly options: StreamLinesOptions) {}

  open(clocks: StreamLinesOptions['clocks'] = this.options.clocks): void {
    if (this.#connection) return;
    const { config } = this.options;
    this.#connection = connectStream({
      host: config.host,
      port: config.port,
      appKey: config.appKey,
      ...(config.session ? { session: config.session } : {}),
      ...(config.login ? { login: config.login } : {}),
      ...(config.tls ? { tls: config.tls } : {}),
      marketFilter: config.filter,
      marketDataFilter: {
        fields: config.fields ?? DEFAULT_FIELDS,
        ...(config.ladderLevels ? { ladderLevels: config.ladderLevels } : {}),
      },
      ...(config.conflateMs !== undefined ? { conflateMs: config.conflateMs } : {}),
      ...(clocks?.initialClk ? { initialClk: clocks.initialClk } : {}),
      ...(clocks?.clk ? { clk: clocks.clk } : {}),
      ...(this.options.connect ? { connect: this.options.connect } : {}),
      onMessage: (message) => this.#arrived(message),
      onStatus: (status) => {
        if (status.state === 'failed') this.options.onFailed(status.detail ?? 'the stream failed');
      },
    });
  }

  async peek(): Promise<ReplayLine | null> {
    return this.#queue[0] ?? null;
  }

  take(): ReplayLine {
    const line = this.#queue.shift();
    if (!line) throw new Error('no line to take');
    return line;
  }

  async close(): Promise<void> {
    const connection = this.#connection;
    this.#connection = null;
    this.#queue = [];
    await connection?.close();
  }

  #arrived(message: JsonMessage): void {
    this.#count += 1;
    const pt = typeof message.pt === 'number' ? message.pt : null;
    const parsed = { kind: 'message' as const, message: message as unknown as StreamMessage };
    this.#queue.push({ fileIndex: 0, fileId: 'stream', lineNumber: this.#count, parsed, pt });
    if (this.#queue.length > MAX_QUEUED)
      this.options.onFailed('the feed fell 50,000 messages behind its stream');
    else this.options.onArrival();
  }
}
