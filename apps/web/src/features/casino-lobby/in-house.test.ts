import { describe, expect, it } from 'vitest';
import type { TableSummary } from '@backlay/contracts';
import { paths } from '../../paths.ts';
import { inHouseTiles } from './in-house.ts';

const table = (id: string, name: string, category: string): TableSummary => ({
  id,
  name,
  category,
  minStake: '10.00',
  maxStake: '50000.00',
});

const tables = [
  table('dragon-tiger', 'Dragon Tiger', 'DragonTiger'),
  table('teen-patti-20', 'Teen Patti 20-20', 'Teenpati'),
  table('lucky-7', 'Lucky 7', 'Lucky 7'),
  table('32-cards', '32 Cards', '32 Card'),
  table('ball-by-ball', 'Ball by Ball', 'Sports'),
];

describe('in-house lobby tiles', () => {
  it('lists every table and the crash game under Allcasino, opening their own pages', () => {
    const tiles = inHouseTiles(paths.ourCasino, 'Allcasino', tables);
    expect(tiles.map((tile) => tile.id)).toEqual([...tables.map((t) => t.id), 'crash']);
    expect(tiles[0]?.path).toBe('/casino-table?id=dragon-tiger');
    expect(tiles.find((tile) => tile.id === 'ball-by-ball')?.path).toBe(paths.ballByBall);
    expect(tiles.at(-1)?.path).toBe(paths.aviator);
  });

  it('marks a table the operator paused, and no other', () => {
    const held = tables.map((t) => (t.id === 'lucky-7' ? { ...t, paused: true } : { ...t, paused: false }));
    const tiles = inHouseTiles(paths.ourCasino, 'Allcasino', held);
    expect(tiles.filter((tile) => tile.paused).map((tile) => tile.id)).toEqual(['lucky-7']);
    expect(tiles.find((tile) => tile.id === 'dragon-tiger')).not.toHaveProperty('paused');
  });

  it('marks the Aviator tile paused when the lobby list says the crash game is', () => {
    const crashTile = (paused?: boolean) =>
      inHouseTiles(paths.ourCasino, 'Allcasino', tables, paused).find((tile) => tile.id === 'crash');
    expect(crashTile(true)).toEqual({ id: 'crash', name: 'Aviator', path: paths.aviator, paused: true });
    expect(crashTile(false)).not.toHaveProperty('paused');
    expect(crashTile()).not.toHaveProperty('paused');
    const others = inHouseTiles(paths.ourVirtual, 'Others', tables, true);
    expect(others.filter((tile) => tile.paused).map((tile) => tile.id)).toEqual(['crash']);
  });

  it('files Our Casino tables under their server category', () => {
    expect(inHouseTiles(paths.ourCasino, '32 Card', tables).map((t) => t.id)).toEqual(['32-cards']);
    expect(inHouseTiles(paths.ourCasino, 'Sports', tables).map((t) => t.id)).toEqual(['ball-by-ball']);
    expect(inHouseTiles(paths.ourCasino, 'Bollywood', tables)).toEqual([]);
    expect(inHouseTiles(paths.ourCasino, 'Others', tables).map((t) => t.id)).toEqual(['crash']);
  });

  it('maps Our Virtual names and leaves Live Casino to the aggregator', () => {
    expect(inHouseTiles(paths.ourVirtual, 'Lucky', tables).map((t) => t.id)).toEqual(['lucky-7']);
    expect(inHouseTiles(paths.ourVirtual, 'Teenpatti', tables).map((t) => t.id)).toEqual(['teen-patti-20']);
    expect(inHouseTiles(paths.ourVirtual, 'Others', tables).map((t) => t.id)).toEqual([
      'ball-by-ball',
      'crash',
    ]);
    expect(inHouseTiles(paths.liveCasino, 'Evolution', tables)).toEqual([]);
  });
});
