import { isIPv6 } from 'node:net';

const IPV4_MAPPED = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i;

function groupsOf(part: string): string[] {
  if (part === '') return [];
  // A trailing dotted quad is two 16-bit groups; it only ever sits past the /64 prefix.
  return part.split(':').flatMap((group) => (group.includes('.') ? ['0', '0'] : [group]));
}

/**
 * The address sign-in limits are keyed by: IPv4 as is, IPv6 by its /64 prefix. One IPv6 subscriber
 * usually holds a whole /64, so limits per full IPv6 address could be dodged by changing the last bits.
 */
export function throttleAddress(ip: string): string {
  const mapped = IPV4_MAPPED.exec(ip);
  if (mapped?.[1]) return mapped[1];
  if (!isIPv6(ip)) return ip;
  const bare = ip.split('%')[0] ?? ip;
  const [head = '', tail] = bare.split('::');
  const before = groupsOf(head);
  const after = tail === undefined ? [] : groupsOf(tail);
  const zeros = tail === undefined ? [] : Array<string>(8 - before.length - after.length).fill('0');
  const prefix = [...before, ...zeros, ...after].slice(0, 4).map((group) => parseInt(group, 16).toString(16));
  return `${prefix.join(':')}::/64`;
}
