import type { LoaderFunctionArgs } from 'react-router';
import { getSession } from '../../lib/session.ts';

/**
 * Event ids are the feed's fixture ids, `<sport>-<key>-<n>` in lower case (`cricket-opwemv-16`): words of
 * letters and digits joined by dashes, at least two of them, at most 100 characters.
 */
const EVENT_ID_PATTERN = /^(?=.{3,100}$)[a-z0-9]+(-[a-z0-9]+)+$/;

export interface SportsDetailParams {
  /** The requested event, or null when none is named. */
  eventId: string | null;
}

/**
 * Reads `?event=`; a malformed id is a bad request and shows the route error page
 * ("400 Bad Request").
 */
export function parseSportsDetailUrl(url: URL): SportsDetailParams {
  const eventId = url.searchParams.get('event');
  if (eventId === null) return { eventId: null };
  if (!EVENT_ID_PATTERN.test(eventId)) {
    throw new Response('', { status: 400, statusText: 'Bad Request' });
  }
  return { eventId };
}

export function sportsDetailLoader({ request }: LoaderFunctionArgs): SportsDetailParams {
  // Without a token the login screen shows instead of any page, so nothing is checked.
  if (!getSession()) return { eventId: null };
  return parseSportsDetailUrl(new URL(request.url));
}
