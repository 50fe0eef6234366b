import { cardCode } from './cards.ts';
import type { FloatSource } from './types.ts';

export type ShoeSpec = {
  /** Complete packs in the shoe. */
  readonly decks: number;
  /** Only these ranks (2..14) are in each pack (32 Cards keeps 6–K; Worli A–10); all by default. */
  readonly ranks?: readonly number[];
};

/**
 * A fresh shoe for every round, dealt without replacement by the published draw (the one Mines and
 * Keno use): the shoe lists the packs one after the other, each in the 52-card order, and each card is
 * the one at index ⌊float × cards left⌋ among the cards left, which then leaves the shoe.
 */
export class Shoe {
  readonly #left: number[];

  constructor(
    private readonly source: FloatSource,
    spec: ShoeSpec,
  ) {
    const pack: number[] = [];
    for (let index = 0; index < 52; index++) {
      const rank = 2 + (index >> 2);
      if (!spec.ranks || spec.ranks.includes(rank)) pack.push(index);
    }
    this.#left = [];
    for (let deck = 0; deck < spec.decks; deck++) this.#left.push(...pack);
  }

  get left(): number {
    return this.#left.length;
  }

  /** The next card's index in the 52-card order. Throws when the shoe is empty (a rule bug). */
  next(): number {
    if (this.#left.length === 0) throw new Error('the shoe is empty');
    const at = Math.floor(this.source.nextFloat() * this.#left.length);
    return this.#left.splice(at, 1)[0]!;
  }

  /** The next card as its code ("TD"). */
  card(): string {
    return cardCode(this.next());
  }
}
