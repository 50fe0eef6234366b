/**
 * Portal ids of what a feed mirrors (docs/decisions/0270): keyed by the feed, so the same source market
 * replayed by two feeds becomes two markets, and by the source's own ids, so a market seen again by its
 * feed is the same market. They keep to the portal's id alphabet (`<event id>.<market part>`).
 */

/** 12 hex digits of the feed's uuid: unique enough among one operator's feeds, short in a URL. */
export const feedTag = (feedId: string): string => feedId.replaceAll('-', '').slice(0, 12).toLowerCase();

const idPart = (text: string): string =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9-]+/g, '-')
    .replace(/^-+/, '')
    .slice(0, 40) || 'x';

export const mirroredEventId = (feedId: string, sourceEventId: string): string =>
  `bf-${feedTag(feedId)}-${idPart(sourceEventId)}`;

export const mirroredMarketId = (eventId: string, sourceMarketId: string): string =>
  `${eventId}.${idPart(sourceMarketId)}`;

/** A runner's portal id: its selection id, with the handicap when it has one (line markets). */
export const portalRunnerId = (selectionId: number, handicap: number | undefined): string =>
  handicap ? `${selectionId}_${idPart(String(handicap))}` : String(selectionId);

/** The unit router's id of a feed (docs/decisions/0106). */
export const feedUnitId = (feedId: string): string => `feed:${feedId}`;
