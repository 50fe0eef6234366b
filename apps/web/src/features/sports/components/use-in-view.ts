import { useEffect, useState, type RefObject } from 'react';

/** Rows a little below the fold start following prices before they scroll in. */
const ROOT_MARGIN = '200px 0px';

/**
 * Whether the element is on (or near) the screen. List rows follow their market on the stream only
 * while visible, which keeps a long list under the socket's subscription limit (docs/decisions/0161).
 */
export function useInView(ref: RefObject<Element | null>): boolean {
  const [inView, setInView] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    if (typeof IntersectionObserver === 'undefined') {
      setInView(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => setInView(entries.some((entry) => entry.isIntersecting)),
      { rootMargin: ROOT_MARGIN },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return inView;
}
