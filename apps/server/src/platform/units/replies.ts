import type { Bus } from '../../lib/bus.ts';
import type { Result } from '../rejections.ts';
import { BusOutbox } from './bus-outbox.ts';
import type { UnitReply, UnitRequest } from './forwarding.ts';
import type { UnitLog } from './router-deps.ts';

type ReplyBody =
  { outcome: 'result'; result: Result<unknown> } | { outcome: 'not_owner' } | { outcome: 'failed' };

/**
 * Answers to commands other instances forwarded here, kept until published: a stopping owner announces
 * its releases only after every answer went out, so a caller hears an answer before the release
 * (docs/decisions/0106).
 */
export class Replies {
  readonly #pending = new Set<Promise<void>>();
  readonly #outbox: BusOutbox;

  constructor(
    bus: Bus,
    private readonly log?: UnitLog,
  ) {
    this.#outbox = new BusOutbox(bus);
  }

  send(request: UnitRequest, body: ReplyBody): void {
    this.#track(this.#publish(request, body));
  }

  /** Answers once `running` settles: its result, or `failed` (logged) when the handler threw. */
  sendWhenDone(request: UnitRequest, running: Promise<Result<unknown>>): void {
    this.#track(
      running.then(
        (result) => this.#publish(request, { outcome: 'result', result }),
        (error: unknown) => {
          this.log?.error({ err: error, unitId: request.unitId }, 'unit command failed');
          return this.#publish(request, { outcome: 'failed' });
        },
      ),
    );
  }

  settled(): Promise<unknown> {
    return Promise.allSettled([...this.#pending]);
  }

  #track(replying: Promise<void>): void {
    const tracked = replying.finally(() => this.#pending.delete(tracked));
    this.#pending.add(tracked);
  }

  async #publish(request: UnitRequest, body: ReplyBody): Promise<void> {
    const reply = { rid: request.rid, ...body } as UnitReply;
    try {
      await this.#outbox.send(request.replyTo, JSON.stringify(reply));
    } catch (error) {
      this.log?.warn({ err: error, unitId: request.unitId }, 'unit reply not sent');
    }
  }
}
