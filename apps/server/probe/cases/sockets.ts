import { call } from '../http.ts';
import { watchSocket, within, type SocketWatch } from '../socket-watch.ts';
import { skipped, type CaseResult, type ProbeCase, type ProbeContext } from '../types.ts';
import { malformedFrames } from './socket-frames.ts';

const NAME = 'sockets';
// The portal's token deadline (docs/decisions/0016) plus slack for a loaded machine.
const TOKEN_TIMEOUT_MS = 5_000;
const CLOSE_GRACE_MS = 2_000;

type SilentOutcome = {
  opened: number;
  refused: number;
  closedInTime: number;
  stillOpen: number;
  maxMs: number;
};

/** Sockets that open and never send a token must be closed by the server within its deadline. */
async function silentSockets(context: ProbeContext, userId: string, count: number): Promise<SilentOutcome> {
  const from = context.addresses.fresh() ?? context.home;
  const watches: SocketWatch[] = [];
  for (let index = 0; index < count; index += 1) {
    watches.push(watchSocket(context.target, `/ws/balance?userId=${userId}`, from));
  }
  const openedFlags = await Promise.all(watches.map((watch) => watch.opened));
  const deadlineMs = TOKEN_TIMEOUT_MS + CLOSE_GRACE_MS;
  const closes = await Promise.all(
    watches.map((watch, index) => (openedFlags[index] ? within(watch.closed, deadlineMs, null) : null)),
  );
  let closedInTime = 0;
  let stillOpen = 0;
  let maxMs = 0;
  closes.forEach((close, index) => {
    if (!openedFlags[index]) return;
    if (close === null) stillOpen += 1;
    else {
      closedInTime += 1;
      maxMs = Math.max(maxMs, close.afterOpenMs);
    }
  });
  for (const watch of watches) watch.socket.terminate();
  const opened = openedFlags.filter(Boolean).length;
  return { opened, refused: count - opened, closedInTime, stillOpen, maxMs: Math.round(maxMs) };
}

async function run(context: ProbeContext): Promise<CaseResult> {
  const player = context.player;
  if (!player) return skipped(NAME, 'needs a player id');
  const count = context.quick ? 100 : 300;
  const silent = await silentSockets(context, player.id, count);
  const frames = await malformedFrames(context, player.id);
  const alive = await call(context.target, { path: '/api/me', token: player.token, from: context.home });
  const lingering = frames.filter((frame) => frame.closeCode === null).map((frame) => frame.label);
  const held = silent.stillOpen === 0 && lingering.length === 0 && alive.status === 200;
  return {
    name: NAME,
    sent: count + frames.length + 1,
    fiveXx: alive.status >= 500 ? 1 : 0,
    held,
    detail:
      `${count} silent: opened ${silent.opened}, refused ${silent.refused}, closed ≤ ${TOKEN_TIMEOUT_MS + CLOSE_GRACE_MS} ms ` +
      `${silent.closedInTime} (latest ${silent.maxMs} ms), still open ${silent.stillOpen}; ` +
      `malformed: ${frames.map((frame) => `${frame.label}→${frame.closeCode ?? 'open'}`).join(' ')}; ` +
      `/api/me after → ${alive.status}`,
    figures: {
      silentSockets: count,
      ...silent,
      malformed: Object.fromEntries(frames.map((frame) => [frame.label, frame.closeCode])),
      apiAfterStatus: alive.status,
    },
  };
}

export const sockets: ProbeCase = { key: 'sockets', name: NAME, run };
