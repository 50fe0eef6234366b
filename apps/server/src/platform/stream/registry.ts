import type { z } from 'zod';
import type { Bus } from '../../lib/bus.ts';
import type { SocketSession } from '../sockets/index.ts';

/** A topic's state as the socket sends it on subscribe. `seq` grows with every change of the topic. */
export type StreamSnapshot = { seq: number; data: unknown };

/**
 * A change published on a topic's bus channel. `key` names what a later update makes obsolete for a
 * slow reader (a runner's prices, one bet); without it the whole topic's latest update replaces the last.
 */
export type StreamUpdate = { seq: number; data: unknown; key?: string };

/** What a module registers for one topic kind (docs/decisions/0105). */
export type StreamTopicProvider = {
  kind: string;
  /** Present: every subscription names an id, parsed (and normalised) by it. Absent: the kind is one topic. */
  idSchema?: z.ZodType<string>;
  /**
   * Whether the kind does not exist for this session: it answers UNKNOWN_KIND exactly as a kind never
   * registered, before the id is read, so the session learns nothing of it (an agent and the staff's
   * topics, docs/decisions/0299). Absent: every session sees the kind.
   */
  hiddenFrom?(session: SocketSession): boolean;
  /** Private topics (a player's own bets): may this session follow this id? Absent: every session may. */
  authorize?(session: SocketSession, id: string | undefined): boolean | Promise<boolean>;
  /** The bus topic of one id, distinct per id; defaults to `stream:<kind>[:<id>]`. */
  topicOf?(id: string | undefined): string;
  /**
   * The message fields that carry a state or change beside the envelope (`type`, `kind`, `id`, `seq`,
   * `snapshot`); absent: `{data}`. The market kind answers `{market}` as the sports API documents it.
   */
  wire?(data: unknown): Record<string, unknown>;
  /** The current state, or null when there is no such topic (the client gets NOT_FOUND). */
  snapshot(id: string | undefined, session: SocketSession): Promise<StreamSnapshot | null>;
};

const KIND_PATTERN = /^[a-z][a-z0-9-]{0,31}$/;

/**
 * The topic kinds the stream socket serves. Modules register theirs at composition time and publish
 * changes with `publish` (after their commit: `afterCommit(() => streams.publish(...))`).
 */
export class StreamRegistry {
  readonly #providers = new Map<string, StreamTopicProvider>();

  constructor(private readonly bus: Bus) {}

  register(provider: StreamTopicProvider): void {
    if (!KIND_PATTERN.test(provider.kind)) throw new Error(`invalid stream topic kind: ${provider.kind}`);
    if (this.#providers.has(provider.kind)) {
      throw new Error(`stream topic kind ${provider.kind} is already registered`);
    }
    this.#providers.set(provider.kind, provider);
  }

  get(kind: string): StreamTopicProvider | undefined {
    return this.#providers.get(kind);
  }

  get kinds(): string[] {
    return [...this.#providers.keys()];
  }

  topicOf(kind: string, id: string | undefined): string {
    const provider = this.#providers.get(kind);
    if (!provider) throw new Error(`unknown stream topic kind: ${kind}`);
    return topicOf(provider, id);
  }

  /** Announces a committed change to every instance's subscribers of that topic. */
  publish(kind: string, id: string | undefined, update: StreamUpdate): Promise<void> {
    return this.bus.publish(this.topicOf(kind, id), JSON.stringify(update));
  }
}

export function topicOf(provider: StreamTopicProvider, id: string | undefined): string {
  if (provider.topicOf) return provider.topicOf(id);
  return id === undefined ? `stream:${provider.kind}` : `stream:${provider.kind}:${id}`;
}

/** The payload fields of a message of this provider's kind. */
export const wireOf = (provider: StreamTopicProvider | undefined, data: unknown): Record<string, unknown> =>
  provider?.wire ? provider.wire(data) : { data };

/** A bus message as an update, or null when it is not one (never a throw per message). */
export function readUpdate(message: string): StreamUpdate | null {
  try {
    const value = JSON.parse(message) as Partial<StreamUpdate> | null;
    if (!value || typeof value.seq !== 'number' || !Number.isSafeInteger(value.seq)) return null;
    if (value.key !== undefined && typeof value.key !== 'string') return null;
    return { seq: value.seq, data: value.data, ...(value.key === undefined ? {} : { key: value.key }) };
  } catch {
    return null;
  }
}
