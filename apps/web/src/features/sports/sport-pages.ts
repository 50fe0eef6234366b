import { paths, type SportRoute } from '../../paths.ts';

/** The server's sport of a list route: the path's name unless the route says otherwise. */
export function sportSlugOf(route: SportRoute): string | null {
  return route.slug === undefined ? route.path.slice(1) : route.slug;
}

/** `/sportsdetail?event=<id>`: the match page of one event. */
export function sportsDetailPath(eventId: string): string {
  return `${paths.sportsDetail}?event=${encodeURIComponent(eventId)}`;
}
