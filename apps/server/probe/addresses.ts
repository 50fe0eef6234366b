import { randomInt } from 'node:crypto';

/**
 * Source addresses for the cases that measure per-address limits. On Linux the whole 127.0.0.0/8 block
 * is loopback, so against a portal on 127.x one host can speak from many addresses without a proxy. A
 * random /24 per run keeps one run's counts (failed sign-ins, demo allowance) out of the next run's.
 * Against any other host every request leaves from this host's one address; `varied` says so.
 */
export class SourceAddresses {
  readonly varied: boolean;
  readonly #prefix: string;
  #next = 1;

  constructor(targetHost: string) {
    this.varied = /^127\.\d+\.\d+\.\d+$/.test(targetHost) && process.platform === 'linux';
    this.#prefix = `127.${randomInt(1, 255)}.${randomInt(0, 256)}.`;
  }

  /** A fresh address (undefined: the host's default one, when addresses cannot be varied). */
  fresh(): string | undefined {
    if (!this.varied) return undefined;
    if (this.#next > 254) throw new Error('out of loopback source addresses for this run');
    return `${this.#prefix}${this.#next++}`;
  }

  describe(): string {
    return this.varied ? `${this.#prefix}0/24 (loopback aliases)` : 'this host only';
  }
}
