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
  tower,
  utf8Bytes,
  wheel,
  crashPoint,
  type Seeds,
} from '../src/index.ts';
import { BENCH_SERVER_SEED, perSecond, slotRtpFigures } from './figures.ts';

// npm run bench:fair. Sizes via env for quick runs; slot spins stay at or above 10^6 by default.
const HASHES = Number(process.env.BENCH_FAIR_HASHES ?? 300_000);
const OUTCOMES = Number(process.env.BENCH_FAIR_OUTCOMES ?? 100_000);
const SLOT_SPINS = Number(process.env.BENCH_FAIR_SLOT_SPINS ?? 1_000_000);

const fmt = (n: number) => n.toLocaleString('en-US').padStart(11);
const serverSeed = BENCH_SERVER_SEED;
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

const slotRtp = slotRtpFigures(SLOT_SPINS);
for (const [id, { spins, simulatedPct, standardErrorPct, documentedPct }] of Object.entries(slotRtp)) {
  console.log(
    `slot ${id.padEnd(12)} RTP simulated ${simulatedPct.toFixed(3)} % ± ${standardErrorPct} (1 s.e.) over ${spins.toLocaleString('en-US')} spins; documented ${documentedPct.toFixed(4)} %`,
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
