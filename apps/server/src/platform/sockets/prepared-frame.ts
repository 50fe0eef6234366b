import * as wsModule from 'ws';

/**
 * One text message framed once for many sockets (docs/decisions/0317). `ws` frames every `send` again
 * (options, a header buffer, a cork and two writes); a frame to 2,000 sockets spent about a third of its
 * CPU there. A server's frames are never masked, so the same bytes are right for every socket.
 */
type FrameOptions = { fin: boolean; rsv1: boolean; opcode: number; mask: boolean; readOnly: boolean };
type SenderStatic = { frame(data: Buffer, options: FrameOptions): Buffer[] };
/** The parts of a `ws` socket the prepared write relies on (pinned `ws` 8). */
type WsInternals = {
  _sender?: { _state?: number; sendFrame?(list: Buffer[], callback?: (error?: Error) => void): void };
  _extensions?: Record<string, unknown>;
};

const { Sender } = wsModule as unknown as { Sender?: SenderStatic };
const TEXT_OPCODE = 1;
/** `ws`'s sender is idle (not compressing, not reading a Blob): nothing is queued ahead of this write. */
const SENDER_IDLE = 0;

/** The whole text frame (header and payload) of these UTF-8 bytes, or null when `ws` cannot make it. */
export function frameText(bytes: Buffer): Buffer | null {
  if (!Sender?.frame) return null;
  const options = { fin: true, rsv1: false, opcode: TEXT_OPCODE, mask: false, readOnly: true };
  return Buffer.concat(Sender.frame(bytes, options));
}

/**
 * Writes a frame made by `frameText` to a `ws` socket through its own sender, as `send` would; answers
 * false (nothing written) when the socket is not one whose sender writes it as is: a fake, a
 * compressing connection, or a sender with messages queued.
 */
export function writeFramed(socket: object, frame: Buffer, callback: (error?: Error) => void): boolean {
  const { _sender: sender, _extensions: extensions } = socket as WsInternals;
  if (!sender?.sendFrame || sender._state !== SENDER_IDLE) return false;
  if (!extensions || Object.keys(extensions).length > 0) return false;
  sender.sendFrame([frame], callback);
  return true;
}
