// The feed replay bench's watchers, in worker threads of their own so their parsing runs beside the
// server measured: each socket follows one mirrored market's `market` and `source` topics and notes
// when each source frame (seq = the book's publish time) arrived. The time is taken first, and only a
// message's envelope (type, seq, snapshot: its first bytes) is decoded, never the book: the time
// of the last of many sockets would otherwise include decoding the books of all those before it.
import { parentPort, workerData } from 'node:worker_threads';
import WebSocket from 'ws';

const { port, tokens, marketId } = workerData;
const SEQ = /"seq":(\d+)/;
/** Bytes that hold a message's envelope up to its seq and snapshot flag (the market id is short). */
const ENVELOPE_BYTES = 256;
const now = () => performance.timeOrigin + performance.now();
/** Per socket: [seq, arrival] of each source frame after its snapshot. */
const frames = [];

function open(token, index) {
  const mine = [];
  frames[index] = mine;
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`ws://127.0.0.1:${port}/ws/stream`);
    let snapshots = 0;
    socket.once('error', reject);
    socket.once('open', () => socket.send(JSON.stringify({ token })));
    socket.on('message', (raw) => {
      const at = now();
      const text = raw.toString('utf8', 0, ENVELOPE_BYTES);
      if (text.startsWith('{"ready"')) {
        socket.send(JSON.stringify({ sub: 'market', id: marketId }));
        return socket.send(JSON.stringify({ sub: 'source', id: marketId }));
      }
      if (text.startsWith('{"error"')) return reject(new Error(text));
      if (text.includes('"snapshot":true')) {
        snapshots += 1;
        if (snapshots === 2) resolve(socket);
        return;
      }
      if (!text.startsWith('{"type":"source"')) return;
      const seq = SEQ.exec(text);
      if (seq) mine.push([Number(seq[1]), at]);
    });
  });
}

// The hub lets 20 sockets of one address wait for their sign-in at a time.
const AT_ONCE = 10;
const sockets = [];
for (let i = 0; i < tokens.length; i += AT_ONCE) {
  const batch = tokens.slice(i, i + AT_ONCE).map((token, j) => open(token, i + j));
  sockets.push(...(await Promise.all(batch)));
}
parentPort.postMessage({ ready: sockets.length });
parentPort.once('message', () => {
  for (const socket of sockets) socket.close();
  parentPort.postMessage({ frames });
});
