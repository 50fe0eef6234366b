// The feed replay bench's watchers, in a worker thread of their own so their parsing runs beside the
// server measured: each socket follows one mirrored market's `market` and `source` topics and notes
// when each source frame (seq = the book's publish time) arrived.
import { parentPort, workerData } from 'node:worker_threads';
import WebSocket from 'ws';

const { port, tokens, marketId } = workerData;
const SEQ = /"seq":(\d+)/;
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
      const text = raw.toString();
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
      if (seq) mine.push([Number(seq[1]), now()]);
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
