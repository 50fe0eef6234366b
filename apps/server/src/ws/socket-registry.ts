import type { WebSocket } from 'ws';
import type { SocketLimits } from './balance-socket.ts';

/** Counts this instance's authenticated balance sockets, per user and in total. */
export class SocketRegistry {
  readonly #byUser = new Map<string, Set<WebSocket>>();
  #total = 0;

  constructor(readonly limits: SocketLimits) {}

  /** Answers why the socket is refused, or null once it is counted. */
  admit(userId: string, socket: WebSocket): 'user' | 'instance' | null {
    const sockets = this.#byUser.get(userId) ?? new Set<WebSocket>();
    if (sockets.size >= this.limits.maxSocketsPerUser) return 'user';
    if (this.#total >= this.limits.maxSocketsPerInstance) return 'instance';
    sockets.add(socket);
    this.#byUser.set(userId, sockets);
    this.#total += 1;
    return null;
  }

  release(userId: string, socket: WebSocket): void {
    const sockets = this.#byUser.get(userId);
    if (!sockets?.delete(socket)) return;
    this.#total -= 1;
    if (sockets.size === 0) this.#byUser.delete(userId);
  }
}
