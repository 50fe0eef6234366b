import { sleep } from '../lifecycle-workers.ts';

/** A loop's pause that an event may end early (the router's loop, when a hosted unit was released). */
export class WakeablePause {
  #wake = () => {};

  /** Waits `ms`, until the signal aborts, or until `wake()`, whichever comes first. */
  wait(ms: number, signal: AbortSignal): Promise<void> {
    return new Promise((resolve) => {
      this.#wake = resolve;
      void sleep(ms, signal).then(resolve);
    });
  }

  /** Ends the pause under way, if any; the loop's next pause waits in full again. */
  wake(): void {
    this.#wake();
  }
}
