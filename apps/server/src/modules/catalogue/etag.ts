/** One entity-tag in a list: optional weak prefix, then a quoted opaque tag (which may hold commas). */
const ENTITY_TAG = /(?:W\/)?"([^"]*)"/g;

/**
 * True when `If-None-Match` names `etag` (RFC 9110 §13.1.2: weak comparison, so `W/"x"` matches `"x"`;
 * a list matches when any member does; `*` matches any current answer). Unparseable text matches nothing.
 */
export function ifNoneMatchHits(header: string | string[] | undefined, etag: string): boolean {
  if (header === undefined) return false;
  const text = Array.isArray(header) ? header.join(',') : header;
  if (text.trim() === '*') return true;
  const wanted = opaqueTag(etag);
  for (const match of text.matchAll(ENTITY_TAG)) {
    if (match[1] === wanted) return true;
  }
  return false;
}

const opaqueTag = (etag: string) => etag.replace(/^W\//, '').replace(/^"|"$/g, '');
