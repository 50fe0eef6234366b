import { createHmac } from 'node:crypto';

/**
 * Slow, obviously-correct outcome generation for tests only: node:crypto's HMAC, the byte cursor walk
 * and the float sum term by term as the published description states it.
 */
export function referenceFloats(
  serverSeed: string,
  clientSeed: string,
  nonce: number,
  count: number,
): number[] {
  const bytes: number[] = [];
  for (let round = 0; bytes.length < count * 4; round++) {
    const digest = createHmac('sha256', serverSeed).update(`${clientSeed}:${nonce}:${round}`).digest();
    bytes.push(...digest);
  }
  const floats: number[] = [];
  for (let i = 0; i < count; i++) {
    let float = 0;
    for (let j = 0; j < 4; j++) float += bytes[i * 4 + j]! / 256 ** (j + 1);
    floats.push(float);
  }
  return floats;
}

export function referenceDraw(floats: number[], pool: number[], count: number): number[] {
  const left = [...pool];
  return floats.slice(0, count).map((float) => left.splice(Math.floor(float * left.length), 1)[0]!);
}

export const REFERENCE_CARDS = [
  '2D',
  '2H',
  '2S',
  '2C',
  '3D',
  '3H',
  '3S',
  '3C',
  '4D',
  '4H',
  '4S',
  '4C',
  '5D',
  '5H',
  '5S',
  '5C',
  '6D',
  '6H',
  '6S',
  '6C',
  '7D',
  '7H',
  '7S',
  '7C',
  '8D',
  '8H',
  '8S',
  '8C',
  '9D',
  '9H',
  '9S',
  '9C',
  'TD',
  'TH',
  'TS',
  'TC',
  'JD',
  'JH',
  'JS',
  'JC',
  'QD',
  'QH',
  'QS',
  'QC',
  'KD',
  'KH',
  'KS',
  'KC',
  'AD',
  'AH',
  'AS',
  'AC',
];

/** Crash point by the brief's formula, straight from node:crypto and BigInt. */
export function referenceCrash(roundHash: string, salt: string): number {
  const hex = createHmac('sha256', roundHash).update(salt).digest('hex').slice(0, 8);
  const value = BigInt(parseInt(hex, 16));
  const point = (100n * 99n * 2n ** 32n) / (100n * (value + 1n));
  return Math.max(100, Number(point));
}

/** Deterministic pseudo-random strings for cross-checks (a linear congruential generator, tests only). */
export function testStrings(seed: number, count: number, maxLength: number): string[] {
  let state = seed >>> 0;
  const next = () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state;
  };
  return Array.from({ length: count }, () => {
    const length = next() % (maxLength + 1);
    let text = '';
    for (let i = 0; i < length; i++) text += String.fromCharCode(33 + (next() % 94));
    return text;
  });
}
