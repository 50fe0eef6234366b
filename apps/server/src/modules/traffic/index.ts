/**
 * Demo traffic (docs/decisions/0293): with DEMO_DATA, the demo network's players bet now and then on the
 * exchange, the tables, crash and the casino, so that a new console moves on its first start.
 */
export { DEMO_TRAFFIC_LEASE, startDemoTraffic, trafficWorker } from './traffic-worker.ts';
export type { TrafficCast, TrafficDeps, TrafficOptions, TrafficStep } from './deps.ts';
