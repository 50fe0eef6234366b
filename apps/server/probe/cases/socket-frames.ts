import { watchSocket, within } from '../socket-watch.ts';
import type { ProbeContext } from '../types.ts';

const CLOSE_WITHIN_MS = 3_000;

type Frame = { label: string; data: string | Buffer; binary: boolean };

const FRAMES: Frame[] = [
  { label: 'binary', data: Buffer.from([1, 2, 3]), binary: true },
  { label: 'not JSON', data: 'hello', binary: false },
  { label: 'no token', data: '{"user":"x"}', binary: false },
  { label: 'token number', data: '{"token":123}', binary: false },
  { label: 'NUL token', data: '{"token":"\\u0000"}', binary: false },
  { label: '2 KiB', data: JSON.stringify({ token: 'x'.repeat(2048) }), binary: false },
  { label: '8 KiB', data: 'x'.repeat(8192), binary: false },
  { label: 'bad UTF-8', data: Buffer.from([0x7b, 0xff, 0xfe, 0x7d]), binary: false },
];

/** Each malformed first frame on its own socket: the server should refuse it and close promptly. */
export async function malformedFrames(
  context: ProbeContext,
  userId: string,
): Promise<{ label: string; closeCode: number | null }[]> {
  const results: { label: string; closeCode: number | null }[] = [];
  for (const frame of FRAMES) {
    const watch = watchSocket(context.target, `/ws/balance?userId=${userId}`, context.home);
    if (!(await watch.opened)) {
      results.push({ label: frame.label, closeCode: -1 });
      continue;
    }
    watch.socket.send(frame.data, { binary: frame.binary });
    const close = await within(watch.closed, CLOSE_WITHIN_MS, null);
    watch.socket.terminate();
    results.push({ label: frame.label, closeCode: close?.code ?? null });
  }
  return results;
}
