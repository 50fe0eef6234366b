/** What the board family draws: a roulette pocket, a set of dice, or lottery balls. */
export type BoardConfig =
  | { readonly variant: 'roulette'; readonly pockets: number }
  | { readonly variant: 'dice'; readonly dice: number; readonly faces: string }
  | { readonly variant: 'lottery'; readonly numbers: number; readonly picks: number };

/** `values`: the pocket, the dice faces (1–6) or the drawn numbers. */
export type BoardDraw = { readonly values: readonly number[] };

export type BoardBet = {
  readonly id: string;
  readonly label: string;
  readonly multiplierHundredths: number;
  readonly wins: (draw: BoardDraw) => boolean;
};

const EUROPEAN_REDS = new Set([1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36]);

/** The colour of a pocket: the European layout on 37 pockets, odd red / even black on smaller wheels. */
export function pocketColour(pocket: number, pockets: number): 'green' | 'red' | 'black' {
  if (pocket === 0) return 'green';
  const red = pockets === 37 ? EUROPEAN_REDS.has(pocket) : pocket % 2 === 1;
  return red ? 'red' : 'black';
}

/** Roulette pays (pockets − 1) / covered: 36x a number and 2x a colour on 37 pockets — the zero is the edge. */
function rouletteBets(pockets: number): BoardBet[] {
  const numbers = Array.from({ length: pockets - 1 }, (_, i) => i + 1);
  const half = Math.floor((pockets - 1) / 2);
  const groups: [string, string, number[]][] = [
    ['red', 'Red', numbers.filter((n) => pocketColour(n, pockets) === 'red')],
    ['black', 'Black', numbers.filter((n) => pocketColour(n, pockets) === 'black')],
    ['odd', 'Odd', numbers.filter((n) => n % 2 === 1)],
    ['even', 'Even', numbers.filter((n) => n % 2 === 0)],
    ['low', `1–${half}`, numbers.filter((n) => n <= half)],
    ['high', `${half + 1}–${pockets - 1}`, numbers.filter((n) => n > half)],
  ];
  if (pockets === 37) {
    for (const [i, name] of ['1st 12', '2nd 12', '3rd 12'].entries()) {
      groups.push([`dozen-${i + 1}`, name, numbers.filter((n) => n > i * 12 && n <= (i + 1) * 12)]);
    }
  }
  const covering = (id: string, label: string, covered: number[]): BoardBet => ({
    id,
    label,
    multiplierHundredths: Math.floor((100 * (pockets - 1)) / covered.length),
    wins: (draw) => covered.includes(draw.values[0]!),
  });
  return [
    ...groups.map(([id, label, covered]) => covering(id, label, covered)),
    ...[0, ...numbers].map((n) => covering(`number-${n}`, String(n), [n])),
  ];
}

export const DICE_FACE_NAMES: Readonly<Record<string, readonly string[]>> = {
  pips: ['1', '2', '3', '4', '5', '6'],
  animals: ['Fish', 'Prawn', 'Crab', 'Rooster', 'Gourd', 'Stag'],
  symbols: ['Heart', 'Spade', 'Diamond', 'Club', 'Face', 'Flag'],
  colors: ['Yellow', 'White', 'Pink', 'Blue', 'Red', 'Green'],
};

/** Every roll of `dice` dice (6^dice ≤ 46,656), so each bet's probability is counted exactly. */
function allRolls(dice: number): number[][] {
  let rolls: number[][] = [[]];
  for (let i = 0; i < dice; i++)
    rolls = rolls.flatMap((roll) => [1, 2, 3, 4, 5, 6].map((face) => [...roll, face]));
  return rolls;
}

/** Dice bets pay 97 % over their exact probability, floored to hundredths. */
function diceBets(dice: number, faces: string): BoardBet[] {
  const names = DICE_FACE_NAMES[faces] ?? DICE_FACE_NAMES.pips!;
  const middle = 3.5 * dice;
  const sum = (values: readonly number[]) => values.reduce((a, b) => a + b, 0);
  const allSame = (values: readonly number[]) => values.every((value) => value === values[0]);
  const tripleLoses = dice >= 3;
  const candidates: [string, string, (values: readonly number[]) => boolean][] = [
    ['small', `Small (under ${middle})`, (v) => sum(v) < middle && !(tripleLoses && allSame(v))],
    ['big', `Big (over ${middle})`, (v) => sum(v) > middle && !(tripleLoses && allSame(v))],
    ...(Number.isInteger(middle)
      ? [
          ['middle', `Exactly ${middle}`, (v: readonly number[]) => sum(v) === middle] as [
            string,
            string,
            (v: readonly number[]) => boolean,
          ],
        ]
      : []),
    ['same', dice === 2 ? 'Pair' : 'All the same', allSame],
    ...names.map((name, i): [string, string, (v: readonly number[]) => boolean] => [
      `face-${i + 1}`,
      name,
      (v) => v.includes(i + 1),
    ]),
  ];
  const rolls = allRolls(dice);
  return candidates.map(([id, label, test]) => {
    const winning = rolls.filter(test).length;
    return {
      id,
      label,
      multiplierHundredths: Math.floor((97 * rolls.length) / winning),
      wins: (draw: BoardDraw) => test(draw.values),
    };
  });
}

/** A number wins when it is among the `picks` drawn of `numbers`: 97 % over picks / numbers. */
function lotteryBets(numbers: number, picks: number): BoardBet[] {
  return Array.from({ length: numbers }, (_, i) => ({
    id: `number-${i + 1}`,
    label: String(i + 1),
    multiplierHundredths: Math.floor((97 * numbers) / picks),
    wins: (draw: BoardDraw) => draw.values.includes(i + 1),
  }));
}

const betsCache = new Map<string, readonly BoardBet[]>();

export function boardBets(config: BoardConfig): readonly BoardBet[] {
  const key = JSON.stringify(config);
  let bets = betsCache.get(key);
  if (bets === undefined) {
    if (config.variant === 'roulette') bets = rouletteBets(config.pockets);
    else if (config.variant === 'dice') bets = diceBets(config.dice, config.faces);
    else bets = lotteryBets(config.numbers, config.picks);
    betsCache.set(key, bets);
  }
  return bets;
}
