import { Duplex } from 'node:stream';
import { describe, expect, it, vi } from 'vitest';
import { MAX_LINE_CHARS } from './protocol.ts';
import { MAX_BUFFERED_CHARS, MAX_BUFFERED_CHARS_UNAUTHENTICATED, StreamSocket } from './stream-socket.ts';

/** A socket whose incoming side the test pushes to; lines are served only when the test says so. */
function connected() {
  const socket = new Duplex({ read() {}, write: (_chunk, _encoding, done) => done() });
  const send = (text: string) => void socket.push(text);
  const taken: string[] = [];
  const waiting: (() => void)[] = [];
  let tooLong = 0;
  const io = new StreamSocket(
    socket,
    (line) => {
      taken.push(line);
      return new Promise<void>((resolve) => waiting.push(resolve));
    },
    () => (tooLong += 1),
  );
  const settle = () => new Promise((resolve) => setImmediate(resolve));
  const serveAll = async () => {
    for (const serve of waiting.splice(0)) serve();
    await settle();
  };
  return { socket, send, io, taken, serveAll, settle, tooLong: () => tooLong };
}

const line = (chars: number) => `{"op":"heartbeat","pad":"${'x'.repeat(chars - 27)}"}`;

describe('StreamSocket', () => {
  it('takes each line in order and refuses a line that is too long', async () => {
    const { send, taken, settle, tooLong } = connected();
    send('{"op":"a"}\r\n{"op"');
    send(':"b"}\r\n');
    await settle();
    expect(taken).toEqual(['{"op":"a"}', '{"op":"b"}']);
    send('x'.repeat(MAX_LINE_CHARS + 1));
    await settle();
    expect(tooLong()).toBe(1);
  });

  it('pauses reading while more than its bound waits, and reads on once the lines are served', async () => {
    const { socket, send, io, taken, serveAll, settle } = connected();
    const oneLine = line(1000);
    expect(oneLine.length).toBe(1000);
    const lines = Math.floor(MAX_BUFFERED_CHARS_UNAUTHENTICATED / 1000) + 1;
    send(`${oneLine}\r\n`.repeat(lines));
    await settle();
    expect(taken).toHaveLength(lines);
    expect(socket.isPaused()).toBe(true);
    send(`${oneLine}\r\n`);
    await settle();
    expect(taken).toHaveLength(lines);

    await serveAll();
    expect(socket.isPaused()).toBe(false);
    expect(taken).toHaveLength(lines + 1);

    // An authenticated connection holds more before it pauses.
    io.maxBufferedChars = MAX_BUFFERED_CHARS;
    await serveAll();
    send(`${oneLine}\r\n`.repeat(lines));
    await settle();
    expect(socket.isPaused()).toBe(false);
  });

  it('reads nothing once closed, and destroys the socket once what was written is flushed', async () => {
    const { socket, send, io, taken, settle } = connected();
    io.close();
    send('{"op":"a"}\r\n');
    await settle();
    expect(taken).toEqual([]);
    expect(socket.isPaused()).toBe(true);
    await vi.waitFor(() => expect(socket.destroyed).toBe(true));
  });
});
