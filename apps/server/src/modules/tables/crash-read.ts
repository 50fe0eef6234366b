import type { CrashRound, CrashState, CrashStream } from '@backlay/contracts';
import type { Sql } from '../../db/database.ts';
import { readPause } from './admin-pauses.ts';
import { crashBetsOfRound, lastCrashes, playerCrashBets, readCrashRound } from './crash-repo.ts';
import { crashBetJson, crashRoundJson, crashStream, publicBet } from './crash-view.ts';
import { CRASH_TABLE_ID } from './deps.ts';
import { latestRound } from './rounds-repo.ts';
import { seqOf } from './round-row.ts';

async function chainInfo(sql: Sql, chainId: number) {
  const [row] = await sql.query<{ commitment: string; salt: string }>(
    'SELECT commitment, salt FROM crash_chains WHERE id = $1',
    [chainId],
  );
  if (!row) throw new Error(`crash chain ${chainId} is missing`);
  return row;
}

/** The crash game's state as committed (the stream's snapshot and `GET /api/crash`). */
export async function readCrash(sql: Sql, nowMs: number) {
  const round = await latestRound(sql, CRASH_TABLE_ID);
  const crashRow = round ? await readCrashRound(sql, round.id) : null;
  const json: CrashRound | null =
    round && crashRow
      ? crashRoundJson(round, crashRow.crashHundredths, await chainInfo(sql, crashRow.chainId))
      : null;
  const bets = round ? await crashBetsOfRound(sql, round.id) : [];
  const paused = (await readPause(sql, CRASH_TABLE_ID)) !== null;
  const last = await lastCrashes(sql);
  const stream: CrashStream = crashStream({ round: json, lastCrashes: last, bets, nowMs, paused });
  return { seq: round ? seqOf(round) : 0, stream, round, bets };
}

/** `GET /api/crash`: the stream's state, the largest 100 bets of the round and the caller's own. */
export async function crashState(sql: Sql, playerId: string, nowMs: number): Promise<CrashState> {
  const { stream, round, bets } = await readCrash(sql, nowMs);
  const largest = [...bets].sort((a, b) =>
    b.stakeMinor > a.stakeMinor ? 1 : b.stakeMinor < a.stakeMinor ? -1 : 0,
  );
  const mine = round ? await playerCrashBets(sql, playerId, round.id) : [];
  return {
    serverTime: stream.serverTime,
    round: stream.round,
    lastCrashes: stream.lastCrashes,
    stats: stream.stats,
    bets: largest.slice(0, 100).map(publicBet),
    myBets: mine.map(crashBetJson),
    paused: stream.paused ?? false,
  };
}
