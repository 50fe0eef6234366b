const utf8 = new TextEncoder();

export function utf8Bytes(text: string): Uint8Array {
  return utf8.encode(text);
}

const HEX_OF_BYTE: string[] = Array.from({ length: 256 }, (_, byte) => byte.toString(16).padStart(2, '0'));

export function toHex(bytes: Uint8Array): string {
  let hex = '';
  for (let i = 0; i < bytes.length; i++) hex += HEX_OF_BYTE[bytes[i]!];
  return hex;
}

const LOWER_HEX = /^[0-9a-f]*$/;

/** Lowercase hex with an even number of digits; anything else is not a hash the package produced. */
export function isLowerHex(text: string, digits?: number): boolean {
  return (digits === undefined ? text.length % 2 === 0 : text.length === digits) && LOWER_HEX.test(text);
}
