import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocket, WebSocketServer } from 'ws';
import { frameText, writeFramed } from './prepared-frame.ts';

const servers: WebSocketServer[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) {
    for (const client of server.clients) client.terminate();
    await new Promise((resolve) => server.close(resolve));
  }
});

/** A `ws` server socket and the client at its other end, with deflate offered as the client wants. */
async function connectedPair(perMessageDeflate: boolean) {
  const server = new WebSocketServer({ port: 0, perMessageDeflate });
  servers.push(server);
  await once(server, 'listening');
  const accepted = once(server, 'connection') as Promise<[WebSocket]>;
  const { port } = server.address() as AddressInfo;
  const client = new WebSocket(`ws://127.0.0.1:${port}`, { perMessageDeflate });
  await once(client, 'open');
  const [socket] = await accepted;
  return { socket, client };
}

function received(client: WebSocket, count: number): Promise<{ text: string; binary: boolean }[]> {
  const messages: { text: string; binary: boolean }[] = [];
  return new Promise((resolve) => {
    client.on('message', (data: Buffer, binary: boolean) => {
      messages.push({ text: data.toString(), binary });
      if (messages.length === count) resolve(messages);
    });
  });
}

describe('a text frame prepared once', () => {
  it('reaches a client as the same text message a send makes, at every length header', async () => {
    const { socket, client } = await connectedPair(false);
    const texts = ['{"a":1}', `{"b":"${'é'.repeat(200)}"}`, `{"c":"${'x'.repeat(70_000)}"}`];
    const messages = received(client, texts.length * 2);
    for (const text of texts) {
      expect(writeFramed(socket, frameText(Buffer.from(text))!, () => {})).toBe(true);
      socket.send(Buffer.from(text), { binary: false });
    }
    const got = await messages;
    expect(got.map((message) => message.text)).toEqual(texts.flatMap((text) => [text, text]));
    expect(got.every((message) => !message.binary)).toBe(true);
  });

  it('is refused by a compressing connection and by a socket that is not ws', async () => {
    const { socket } = await connectedPair(true);
    const frame = frameText(Buffer.from('{}'))!;
    expect(writeFramed(socket, frame, () => {})).toBe(false);
    expect(writeFramed({ send() {} }, frame, () => {})).toBe(false);
  });
});
