type Handler = (message: string) => void;

/** Local subscribers by topic, shared by every bus; a throwing handler cannot stop the others. */
export class Topics {
  readonly handlers = new Map<string, Set<Handler>>();

  /** Answers true when this is the topic's first handler. */
  add(topic: string, handler: Handler): boolean {
    const set = this.handlers.get(topic) ?? new Set();
    const first = set.size === 0;
    set.add(handler);
    this.handlers.set(topic, set);
    return first;
  }

  /** Answers true when the topic has no handler left. */
  remove(topic: string, handler: Handler): boolean {
    const set = this.handlers.get(topic);
    if (!set?.delete(handler)) return false;
    if (set.size > 0) return false;
    this.handlers.delete(topic);
    return true;
  }

  deliver(topic: string, message: string): void {
    for (const handler of this.handlers.get(topic) ?? []) {
      try {
        handler(message);
      } catch {
        // One broken subscriber must not stop delivery to the others.
      }
    }
  }
}
