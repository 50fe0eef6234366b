import { createHash, createHmac } from 'node:crypto';
import {
  cards,
  dice,
  hmacSha256,
  instantCrash,
  keno,
  limbo,
  mines,
  plinko,
  sha256,
  slot,
  SLOT_TITLES,
  tower,
  utf8Bytes,
  wheel,
  crashPoint,
  type Seeds,
} from '../src/index.ts';

// npm run bench:fair. Sizes via env for quick runs; slot spins stay at or above 10^6 by default.
const HASHES = Number(process.env.BENCH_FAIR_HASHES ?? 300_000);
const OUTCOMES = Number(process.env.BENCH_FAIR_OUTCOMES ?? 100_000);
const SLOT_SPINS = Number(process.env.BENCH_FAIR_SLOT_SPINS ?? 1_000_000);

function perSecond(count: number, run: (i: number) => unknown): number {
  for (let i = 0; i < Math.min(count, 5000); i++) run(i); // warm-up
  const started = performance.now();
  for (let i = 0; i < count; i++) run(i);
  return Math.round((count * 1000) / (performance.now() - started));
}

const fmt = (n: number) => n.toLocaleString('en-US').padStart(11);
const serverSeed = 'a5022ccf5dd5a76d2014278e3d91d1dfc47c3f12e683ea0c8151fdc2f944beb1';
const message = 'bench-client-seed:123456:0';
const messageBytes = utf8Bytes(message);

console.log(`provably fair benchmark (node ${process.version})`);
const oursHmac = perSecond(HASHES, () => hmacSha256(serverSeed, messageBytes));
const nodeHmac = perSecond(HASHES, () => createHmac('sha256', serverSeed).update(message).digest());
const oursSha = perSecond(HASHES, () => sha256(messageBytes));
const nodeSha = perSecond(HASHES, () => createHash('sha256').update(message).digest());
console.log(
  `HMAC-SHA256 /s   ours ${fmt(oursHmac)}   node:crypto ${fmt(nodeHmac)}   ratio ${(oursHmac / nodeHmac).toFixed(2)}x`,
);
console.log(
  `SHA-256 /s       ours ${fmt(oursSha)}   node:crypto ${fmt(nodeSha)}   ratio ${(oursSha / nodeSha).toFixed(2)}x`,
);

const seeds = (nonce: number): Seeds => ({ serverSeed, clientSeed: 'bench-client-seed', nonce });
const games: Record<string, (i: number) => unknown> = {
  dice: (i) => dice(seeds(i)),
  limbo: (i) => limbo(seeds(i)),
  mines3: (i) => mines(seeds(i), { mines: 3 }),
  mines24: (i) => mines(seeds(i), { mines: 24 }),
  plinko16: (i) => plinko(seeds(i), { rows: 16, risk: 'high' }),
  keno: (i) => keno(seeds(i)),
  wheel: (i) => wheel(seeds(i), { segments: 50, risk: 'medium' }),
  hilo52: (i) => cards(seeds(i), { count: 52 }),
  tower: (i) => tower(seeds(i), { difficulty: 'easy' }),
  slot: (i) => slot(seeds(i), { title: 'fruit-fives' }),
  instantCrash: (i) => instantCrash(seeds(i)),
  crash: (i) => crashPoint(serverSeed, `salt-${i}`),
};
const outcomesPerSec: Record<string, number> = {};
for (const [name, run] of Object.entries(games)) {
  outcomesPerSec[name] = perSecond(OUTCOMES, run);
  console.log(`${name.padEnd(13)} ${fmt(outcomesPerSec[name])} outcomes/s`);
}

const slotRtp: Record<
  string,
  { spins: number; simulatedPct: number; standardErrorPct: number; documentedPct: number }
> = {};
for (const title of SLOT_TITLES) {
  let total = 0;
  let totalSquares = 0;
  for (let nonce = 0; nonce < SLOT_SPINS; nonce++) {
    const result = slot({ serverSeed, clientSeed: 'rtp-check', nonce }, { title: title.id });
    if (!result.ok) continue;
    const multiplier = result.value.multiplierHundredths / 100;
    total += multiplier;
    totalSquares += multiplier * multiplier;
  }
  const mean = total / SLOT_SPINS;
  const standardErrorPct = Number(
    ((100 * Math.sqrt(totalSquares / SLOT_SPINS - mean * mean)) / Math.sqrt(SLOT_SPINS)).toFixed(3),
  );
  const simulatedPct = Number((100 * mean).toFixed(3));
  const documentedPct = title.documentedRtpPpm / 10_000;
  slotRtp[title.id] = { spins: SLOT_SPINS, simulatedPct, standardErrorPct, documentedPct };
  console.log(
    `slot ${title.id.padEnd(12)} RTP simulated ${simulatedPct.toFixed(3)} % ± ${standardErrorPct} (1 s.e.) over ${SLOT_SPINS.toLocaleString('en-US')} spins; documented ${documentedPct.toFixed(4)} %`,
  );
}

console.log(
  JSON.stringify({
    hmacPerSec: oursHmac,
    nodeHmacPerSec: nodeHmac,
    hmacRatio: Number((oursHmac / nodeHmac).toFixed(2)),
    sha256PerSec: oursSha,
    nodeSha256PerSec: nodeSha,
    outcomesPerSec,
    slotRtp,
  }),
);
