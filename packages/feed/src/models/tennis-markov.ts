/**
 * Exact Markov chances for tennis with constant serve-point probabilities (decision record 0113):
 * games with the deuce closed form, 7-point tiebreaks at 6-6, best-of-3 sets. Player A is index 0.
 */
export class TennisMarkov {
  private readonly setMemo = new Map<number, number>();
  private readonly tiebreakMemo = new Map<number, number>();
  /** P(A wins a set) averaged over who serves first, for sets not yet started. */
  private readonly freshSet: number;

  constructor(
    readonly serveA: number,
    readonly serveB: number,
  ) {
    this.freshSet = (this.set(0, 0, true) + this.set(0, 0, false)) / 2;
  }

  /** P(the server wins the game) from server points s and receiver points r. */
  static hold(p: number, s: number, r: number): number {
    if (s >= 4 && s - r >= 2) return 1;
    if (r >= 4 && r - s >= 2) return 0;
    if (s >= 3 && r >= 3) {
      const deuce = (p * p) / (p * p + (1 - p) * (1 - p));
      return s === r ? deuce : s > r ? p + (1 - p) * deuce : p * deuce;
    }
    return p * TennisMarkov.hold(p, s + 1, r) + (1 - p) * TennisMarkov.hold(p, s, r + 1);
  }

  /** P(A wins the tiebreak) from points a, b when A served its first point iff firstServerA. */
  tiebreak(a: number, b: number, firstServerA: boolean): number {
    if (a >= 7 && a - b >= 2) return 1;
    if (b >= 7 && b - a >= 2) return 0;
    if (a >= 6 && a === b) {
      // Each following pair of points has one serve each: win both, lose both, or back to level.
      const winPair = this.serveA * (1 - this.serveB);
      const losePair = (1 - this.serveA) * this.serveB;
      return winPair / (winPair + losePair);
    }
    const key = a * 1000 + b * 10 + (firstServerA ? 1 : 0);
    const known = this.tiebreakMemo.get(key);
    if (known !== undefined) return known;
    const played = a + b;
    const aServes = (Math.floor((played + 1) / 2) % 2 === 0) === firstServerA;
    const pointA = aServes ? this.serveA : 1 - this.serveB;
    const chance =
      pointA * this.tiebreak(a + 1, b, firstServerA) + (1 - pointA) * this.tiebreak(a, b + 1, firstServerA);
    this.tiebreakMemo.set(key, chance);
    return chance;
  }

  /** P(A wins the set) from games gA, gB with A serving the next game iff serverA. */
  set(gA: number, gB: number, serverA: boolean): number {
    if ((gA >= 6 && gA - gB >= 2) || gA === 7) return 1;
    if ((gB >= 6 && gB - gA >= 2) || gB === 7) return 0;
    if (gA === 6 && gB === 6) return this.tiebreak(0, 0, serverA);
    const key = gA * 100 + gB * 10 + (serverA ? 1 : 0);
    const known = this.setMemo.get(key);
    if (known !== undefined) return known;
    const gameA = serverA ? TennisMarkov.hold(this.serveA, 0, 0) : 1 - TennisMarkov.hold(this.serveB, 0, 0);
    const chance = gameA * this.set(gA + 1, gB, !serverA) + (1 - gameA) * this.set(gA, gB + 1, !serverA);
    this.setMemo.set(key, chance);
    return chance;
  }

  /** P(A wins the current set) mid-game: points are (A's, B's). */
  setInGame(gA: number, gB: number, serverA: boolean, pointsA: number, pointsB: number): number {
    const gameA = serverA
      ? TennisMarkov.hold(this.serveA, pointsA, pointsB)
      : 1 - TennisMarkov.hold(this.serveB, pointsB, pointsA);
    return gameA * this.set(gA + 1, gB, !serverA) + (1 - gameA) * this.set(gA, gB + 1, !serverA);
  }

  /** P(A wins a best-of-3 match) given sets won and the chance A takes the current set. */
  match(setsA: number, setsB: number, currentSetA: number): number {
    const after = (sA: number, sB: number): number => {
      if (sA === 2) return 1;
      if (sB === 2) return 0;
      return this.freshSet * after(sA + 1, sB) + (1 - this.freshSet) * after(sA, sB + 1);
    };
    return currentSetA * after(setsA + 1, setsB) + (1 - currentSetA) * after(setsA, setsB + 1);
  }
}
