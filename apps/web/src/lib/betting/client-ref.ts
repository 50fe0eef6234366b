type RandomFill = (bytes: Uint8Array) => Uint8Array;

const cryptoFill: RandomFill = (bytes) => crypto.getRandomValues(bytes);

/**
 * The player's reference for one placement: sent again unchanged when the same bet is retried, so a
 * repeated request never places a second bet. Random bytes rather than `crypto.randomUUID`, which
 * needs a secure context. The prefix names the slip in the server's records (`slip`, `table`, `crash0`).
 */
export function newClientRef(prefix = 'slip', random: RandomFill = cryptoFill): string {
  const bytes = random(new Uint8Array(16));
  return `${prefix}-${Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')}`;
}
