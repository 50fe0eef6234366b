import { fileURLToPath } from 'node:url';
import { takeTapeBlock } from '@backlay/betfair-stream';
import { describe, expect, it } from 'vitest';
import { ReplayLines } from './replay-lines.ts';
import { fromWire, toWire, type ReplayEvent } from './replay-wire.ts';

const recording = (name: string) =>
  fileURLToPath(new URL(`../../../../../../shared/data/betfair-recordings/${name}`, import.meta.url));

describe('toWire and fromWire', () => {
  it('bring a batch of lines over a structured clone as they were, definitions frozen again', async () => {
    const files = [
      { id: 'win', path: recording('flumine/1.197931750') },
      { id: 'cricket', path: recording('betfairlightweight/CRICKET-1.179676557') },
    ];
    const lines = new ReplayLines(files, { fileIndex: 0, lineNumber: 150 }, () => {});
    const events: ReplayEvent[] = [{ fileId: 'gone', message: 'Error: no such file' }];
    while (await lines.peek()) events.push({ line: lines.take() });
    const [batch, transfer] = toWire(events, true);
    const received = fromWire(structuredClone(batch, { transfer }));
    expect(received).toEqual(events);
    const packed = received.flatMap((event) =>
      'line' in event && event.line.parsed.kind === 'packed' ? [event.line.parsed.message] : [],
    );
    expect(packed.length).toBeGreaterThan(10);
    const definitions = packed.flatMap((message) => message.definitions);
    expect(definitions.length).toBeGreaterThan(0);
    expect(definitions.every((definition) => Object.isFrozen(definition.runners[0]))).toBe(true);
  });

  it('move the block the lines were scanned into, when it holds them all, and scanning goes on in another', async () => {
    const files = [{ id: 'win', path: recording('flumine/1.197931750') }];
    const lines = new ReplayLines(files, { fileIndex: 0, lineNumber: 100 }, () => {});
    takeTapeBlock(0);
    const events: ReplayEvent[] = [];
    while (events.length < 40 && (await lines.peek())) events.push({ line: lines.take() });
    const tapes = events.map((event) =>
      'line' in event && event.line.parsed.kind === 'packed'
        ? Array.from(event.line.parsed.message.tape)
        : [],
    );
    expect(tapes.filter((tape) => tape.length > 0).length).toBeGreaterThan(20);
    const { block } = takeTapeBlock(0);
    const [batch, transfer] = toWire(events, false, block);
    expect(transfer).toEqual([block.buffer]);
    const received = fromWire(structuredClone(batch, { transfer }));
    expect(block.length).toBe(0);
    expect(
      received.map((event) =>
        'line' in event && event.line.parsed.kind === 'packed'
          ? Array.from(event.line.parsed.message.tape)
          : [],
      ),
    ).toEqual(tapes);
    // The lines after are scanned into a new block, whole.
    const next = await lines.peek();
    expect(next?.parsed.kind).toBe('packed');
    if (next?.parsed.kind === 'packed') expect(next.parsed.message.tape.length).toBeGreaterThan(0);
  });
});
