export * from './types.ts';
export { createSimulator, WARM_UP_SIM_MS, HORIZON_SIM_MS } from './simulator.ts';
export type { SimulatorOptions } from './simulator.ts';
export { quoteTicks, fairTick } from './ticks.ts';
export type { QuoteTicks } from './ticks.ts';
export { toPpm, PPM_TOTAL, MIN_RUNNER_PPM } from './ppm.ts';
export { createPrng, hash32 } from './prng.ts';
export type { Prng } from './prng.ts';
export { SPORT_PROFILES, ALWAYS_IN_PLAY } from './sports.ts';
