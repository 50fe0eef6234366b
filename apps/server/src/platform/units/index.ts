/** The unit router: one owner per live unit, commands run there one at a time (docs/decisions/0106). */
export { UnitRouter, type UnitLog, type UnitRouterDeps, type UnitRouterHealth } from './unit-router.ts';
export {
  DEFAULT_UNIT_ROUTER_OPTIONS,
  leaseTimings,
  deferred,
  type Deferred,
  type UnitKind,
  type UnitRouterOptions,
  type UnitSender,
} from './types.ts';
export { LocalLeases, PgLeases, type Leases } from './leases.ts';
