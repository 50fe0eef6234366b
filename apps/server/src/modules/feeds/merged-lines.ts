import type { FeedLines } from './feed-run.ts';
import type { ReplayLine, ReplaySource } from './replay-lines.ts';

/**
 * A replay's stream files and its sports-data files read as one series in publish-time order
 * (docs/decisions/0279): of the two next lines the earlier goes first, a sports-data line on a tie, a
 * line without a time at once. The stream's position is the feed's; the sports data is read again
 * from its start after a restart, passing over its lines published up to the feed's last applied
 * line (`resumeAfterPt`), which were applied before (a score passes over an older change anyway).
 */
export class MergedLines implements FeedLines {
  #next: 'stream' | 'sports' | null = null;
  #resumeAfterPt: number | null;

  constructor(
    private readonly stream: ReplaySource,
    private readonly sports: ReplaySource,
    resumeAfterPt: number | null,
  ) {
    this.#resumeAfterPt = resumeAfterPt;
  }

  async peek(): Promise<ReplayLine | null> {
    const streamLine = await this.stream.peek();
    const sportsLine = await this.#peekSports();
    const sportsFirst =
      sportsLine !== null &&
      (streamLine === null ||
        sportsLine.pt === null ||
        (streamLine.pt !== null && sportsLine.pt <= streamLine.pt));
    this.#next = sportsFirst ? 'sports' : streamLine ? 'stream' : null;
    return sportsFirst ? sportsLine : streamLine;
  }

  take(): ReplayLine {
    const from = this.#next;
    this.#next = null;
    if (from === 'sports') return this.sports.take();
    return this.stream.take();
  }

  async close(): Promise<void> {
    await Promise.all([this.stream.close(), this.sports.close()]);
  }

  /** The next sports-data line, once those applied before a restart are passed over. */
  async #peekSports(): Promise<ReplayLine | null> {
    for (;;) {
      const line = await this.sports.peek();
      const afterPt = this.#resumeAfterPt;
      if (line === null || afterPt === null) return line;
      if (line.pt !== null && line.pt > afterPt) {
        this.#resumeAfterPt = null;
        return line;
      }
      this.sports.take();
    }
  }
}
