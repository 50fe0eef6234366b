import { TABLE_GAMES } from '@backlay/tables';
import type { UnitRouter, UnitSender } from '../../platform/units/index.ts';
import { resolveOptions, unitTimer, type TablesContext } from './context.ts';
import { crashKind, type CrashAnswer, type CrashCommand } from './crash-unit.ts';
import { CRASH_UNIT_ID, tableUnitId, type TablesDeps, type TablesOptions } from './deps.ts';
import { registerCrashStream, registerTableStreams } from './streams.ts';
import { tableKind, type TableAnswer, type TableCommand } from './table-unit.ts';

/** The tables module as the routes use it: its context and the senders of its units. */
export type TablesModule = {
  context: TablesContext;
  sendTable: UnitSender<TableCommand, TableAnswer>;
  sendCrash: UnitSender<CrashCommand, CrashAnswer>;
};

/** A phase change that could not run is asked again after this long (the unit reloads meanwhile). */
const RETRY_ADVANCE_MS = 1_000;

/**
 * Registers the `table` and `crash` unit kinds and stream kinds at composition time. Nothing runs until
 * a unit is used or hosted: the server hosts every loop with `startTables`, tests drive rounds by hand.
 */
export function registerTables(deps: TablesDeps, options: TablesOptions = {}): TablesModule {
  const senders: Partial<Pick<TablesModule, 'sendTable' | 'sendCrash'>> = {};
  const context: TablesContext = {
    db: deps.db,
    wallet: deps.wallet,
    admission: deps.admission,
    streams: deps.streams,
    log: deps.log,
    options: resolveOptions(options),
    speed: deps.env.TABLE_SPEED,
    advance: (unitId) => void runAdvance(unitId),
  };
  async function runAdvance(unitId: string): Promise<void> {
    let retry = true;
    try {
      const result =
        unitId === CRASH_UNIT_ID
          ? await senders.sendCrash!(unitId, { type: 'advance' })
          : await senders.sendTable!(unitId, { type: 'advance' });
      // Unavailable: this instance is stopping or lost the unit; its next owner runs the loop.
      retry = !result.ok && result.code !== 'UNIT_UNAVAILABLE' && result.code !== 'UNIT_NOT_FOUND';
    } catch (error) {
      deps.log?.error({ err: error, unitId }, 'tables: a phase change failed; retrying');
    }
    if (retry) unitTimer(RETRY_ADVANCE_MS, () => void runAdvance(unitId));
  }
  senders.sendTable = standingsFirst(deps.admission, deps.units.register(tableKind(context)));
  senders.sendCrash = standingsFirst(deps.admission, deps.units.register(crashKind(context)));
  registerTableStreams(deps, context);
  registerCrashStream(deps, context);
  return { context, sendTable: senders.sendTable, sendCrash: senders.sendCrash };
}

/**
 * A bet's sender first has the admission gate read the player's standing (once per player, read
 * together with other players' first bets), here where the request arrived, so that the unit, which
 * runs its commands one at a time, does not wait on that read (docs/decisions/0231).
 */
function standingsFirst<Command extends { type: string }, Answer>(
  admission: TablesDeps['admission'],
  send: UnitSender<Command, Answer>,
): UnitSender<Command, Answer> {
  return async (unitId, command) => {
    if (command.type === 'bet' && 'playerId' in command && typeof command.playerId === 'string')
      await admission.prepareStandings([command.playerId]);
    return send(unitId, command);
  };
}

/** Keeps every table's loop and the crash loop running on some instance: the server calls this. */
export function startTables(deps: { units: Pick<UnitRouter, 'host'> }): void {
  for (const game of TABLE_GAMES) deps.units.host(tableUnitId(game.id));
  deps.units.host(CRASH_UNIT_ID);
}
