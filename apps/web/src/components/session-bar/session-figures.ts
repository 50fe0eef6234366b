/**
 * The session bar's figures, pure so they are tested without a browser: the time since sign-in as
 * h:mm and how the net result is shown. Money stays a decimal string throughout (formatMoney).
 */
import { formatMoney } from '@backlay/front-kit/money';

const MINUTE_MS = 60_000;

/** h:mm of whole minutes ("0:42", "2:05", "25:00"); a clock behind the server's reads as 0:00. */
export function sessionClock(elapsedMs: number): string {
  const minutes = Math.floor(Math.max(0, elapsedMs) / MINUTE_MS);
  return `${Math.floor(minutes / 60)}:${String(minutes % 60).padStart(2, '0')}`;
}

/** How long until the clock shows the next minute, so the bar ticks on the minute since sign-in. */
export function msToNextMinute(elapsedMs: number): number {
  return MINUTE_MS - (Math.max(0, elapsedMs) % MINUTE_MS);
}

export type NetTone = 'loss' | 'win' | 'even';

const ZERO = /^[+-]?0*(\.0*)?$/;

/** Red for a loss, green for a win; "-0.00" or "0.00" is neither. */
export function netTone(net: string): NetTone {
  const text = net.trim();
  if (ZERO.test(text)) return 'even';
  return text.startsWith('-') ? 'loss' : 'win';
}

/** The net in the money format; a win carries "+" so the sign, not only the colour, tells it apart. */
export function netText(net: string, locale?: string): string {
  const tone = netTone(net);
  if (tone === 'even') return formatMoney('0.00', locale);
  const text = formatMoney(net.trim().replace(/^\+/, ''), locale);
  return tone === 'win' ? `+${text}` : text;
}
