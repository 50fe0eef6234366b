// The stream fan-out bench's subscribers, in a worker thread of their own: their parsing then runs on
// the other core, as real clients' would, instead of delaying the server's event loop that is measured.
import { parentPort, workerData } from 'node:worker_threads';
import WebSocket from 'ws';

const { port, tokens, marketId } = workerData;
const received = [];
/** The seq of each socket's snapshot: a publication it already includes is not sent again. */
const snapshotSeqs = [];
const SEQ = /"seq":(\d+)/;
const now = () => performance.timeOrigin + performance.now();

function open(token) {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`ws://127.0.0.1:${port}/ws/stream`);
    socket.once('error', reject);
    socket.once('open', () => socket.send(JSON.stringify({ token })));
    socket.on('message', (raw) => {
      const text = raw.toString();
      if (text.startsWith('{"ready"')) return socket.send(JSON.stringify({ sub: 'market', id: marketId }));
      if (text.startsWith('{"error"')) return reject(new Error(text));
      if (text.includes('"snapshot":true')) {
        snapshotSeqs.push(Number(SEQ.exec(text)?.[1] ?? -1));
        return resolve(socket);
      }
      const seq = SEQ.exec(text);
      if (seq) received.push([Number(seq[1]), now()]);
    });
  });
}

// The hub lets 20 sockets of one address wait for their sign-in at a time.
const AT_ONCE = 10;
const sockets = [];
for (let i = 0; i < tokens.length; i += AT_ONCE) {
  sockets.push(...(await Promise.all(tokens.slice(i, i + AT_ONCE).map(open))));
}
parentPort.postMessage({ ready: sockets.length });
parentPort.once('message', () => {
  for (const socket of sockets) socket.close();
  parentPort.postMessage({ received, snapshotSeq: Math.max(...snapshotSeqs) });
});
