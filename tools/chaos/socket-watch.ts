import WebSocket from 'ws';

export type SocketReport = {
  /** When the first socket closed (its instance died). */
  closedAtMs: number | null;
  /** After the reconnection: when the snapshot arrived, and how many updates followed it. */
  snapshotAtMs: number | null;
  updatesAfterSnapshot: number;
  /** Messages that broke the order: an update before the snapshot, or a seq that went back. */
  disorder: string[];
};

type Frame = { type?: string; snapshot?: boolean; seq?: number; ready?: boolean; error?: string };

/**
 * A socket client following one market on `/ws/stream`, first connected straight to `firstUrl` (the
 * instance about to be killed), then, when that socket closes, reconnecting through the balancer as
 * the web client does: it must get a fresh snapshot, then updates in order.
 */
export class SocketWatch {
  readonly report: SocketReport = {
    closedAtMs: null,
    snapshotAtMs: null,
    updatesAfterSnapshot: 0,
    disorder: [],
  };
  #socket: WebSocket | null = null;
  #stopped = false;
  #reconnected = false;

  constructor(
    private readonly options: { firstUrl: string; balancerUrl: string; token: string; marketId: string },
  ) {}

  /** Resolves once the first socket has its snapshot. */
  start(): Promise<void> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('the first socket got no snapshot in 30 s')), 30_000);
      this.#connect(this.options.firstUrl, () => {
        clearTimeout(timer);
        resolve();
      });
    });
  }

  stop(): void {
    this.#stopped = true;
    this.#socket?.close();
  }

  #connect(baseUrl: string, onSnapshot: () => void): void {
    const url = `${baseUrl.replace(/^http/, 'ws')}/ws/stream`;
    const socket = new WebSocket(url);
    this.#socket = socket;
    let lastSeq = -1;
    let snapshotSeen = false;
    socket.on('open', () => socket.send(JSON.stringify({ token: this.options.token })));
    socket.on('message', (data) => {
      const frame = JSON.parse(String(data)) as Frame;
      if (frame.ready) {
        socket.send(JSON.stringify({ sub: 'market', id: this.options.marketId }));
        return;
      }
      if (frame.type !== 'market') return;
      if (frame.snapshot) {
        snapshotSeen = true;
        lastSeq = frame.seq ?? -1;
        if (this.#reconnected) this.report.snapshotAtMs ??= Date.now();
        onSnapshot();
        return;
      }
      if (!snapshotSeen) this.report.disorder.push('an update before the snapshot');
      if ((frame.seq ?? 0) <= lastSeq) this.report.disorder.push(`seq ${frame.seq} after ${lastSeq}`);
      lastSeq = frame.seq ?? lastSeq;
      if (this.#reconnected) this.report.updatesAfterSnapshot++;
    });
    socket.on('error', () => {});
    socket.on('close', () => {
      if (this.#stopped || this.#socket !== socket) return;
      this.report.closedAtMs ??= Date.now();
      this.#reconnected = true;
      // The web client waits a moment before it reconnects; through the balancer it reaches a live instance.
      setTimeout(() => this.#connect(this.options.balancerUrl, () => {}), 500);
    });
  }
}
