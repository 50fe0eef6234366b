import { describe, expect, it } from 'vitest';
import { buildCatalogueBody } from '@backlay/catalogue';
import {
  catalogueLobbies,
  filterLobby,
  lobbyItems,
  providerCounts,
  type LobbyItem,
} from './catalogue-lobbies.ts';

const body = buildCatalogueBody();
const names = (items: readonly LobbyItem[]) => items.map((entry) => entry.item.name);

describe('catalogue lobbies', () => {
  it('lists every slot title of every provider and nothing else', () => {
    const slots = lobbyItems(catalogueLobbies.slots, body);
    const allSlots = [...body.jili, ...body.spribe, ...body.jdb].filter((item) => item.category === 'slot');
    expect(slots).toHaveLength(allSlots.length);
    expect(slots.every((entry) => entry.item.category === 'slot')).toBe(true);
    expect(providerCounts(slots)).toEqual([
      { provider: 'jili', count: body.jili.filter((item) => item.category === 'slot').length },
      { provider: 'jdb', count: body.jdb.filter((item) => item.category === 'slot').length },
    ]);
  });

  it('keeps the home order: JILI, then SPRIBE, then JDB', () => {
    const providers = lobbyItems(catalogueLobbies.instant, body).map((entry) => entry.provider);
    expect(providers.indexOf('spribe')).toBeGreaterThan(providers.lastIndexOf('jili'));
    expect(providers.indexOf('jdb')).toBeGreaterThan(providers.lastIndexOf('spribe'));
  });

  it('lists the fantasy category as fantasy games, and nothing else', () => {
    const fantasy = lobbyItems(catalogueLobbies.fantasy, body);
    const all = [...body.jili, ...body.spribe, ...body.jdb].filter((item) => item.category === 'fantasy');
    expect(fantasy.map((entry) => entry.item)).toEqual(all);
    expect(names(fantasy)).toEqual(
      expect.arrayContaining(['Penalty Shoot-out', 'Cricket Over', 'Next Ball', 'Goal or No Goal']),
    );
    expect(names(fantasy)).not.toContain('Mines');
    expect(names(fantasy)).not.toContain('Crash Cricket');
  });

  it('puts lottery, keno and bingo titles in the lottery lobby', () => {
    const lottery = lobbyItems(catalogueLobbies.lottery, body);
    const kinds = new Set(lottery.map((entry) => entry.item.category));
    expect([...kinds].sort()).toEqual(['bingo', 'instant', 'lottery']);
    expect(names(lottery)).toEqual(
      expect.arrayContaining(['Keno', 'Keno 80', 'Jogo do Bicho', 'Super Bingo']),
    );
    expect(
      lottery.filter((entry) => entry.item.category === 'instant').every((e) => /keno/i.test(e.item.name)),
    ).toBe(true);
  });

  it('lists crash, instant and fantasy titles in F Games', () => {
    const instant = lobbyItems(catalogueLobbies.instant, body);
    expect(instant.every((entry) => ['crash', 'instant', 'fantasy'].includes(entry.item.category))).toBe(
      true,
    );
    expect(names(instant)).toEqual(
      expect.arrayContaining(['Aviator', 'Dice', 'Mines', 'Plinko', 'Limbo', 'Cricket Over']),
    );
  });
});

describe('lobby filter', () => {
  const instant = lobbyItems(catalogueLobbies.instant, body);

  it('narrows to one provider', () => {
    const spribe = filterLobby(instant, { provider: 'spribe', search: '' });
    expect(spribe.length).toBeGreaterThan(0);
    expect(spribe.every((entry) => entry.provider === 'spribe')).toBe(true);
  });

  it('finds titles by every word, in any order and any case', () => {
    expect(names(filterLobby(instant, { provider: null, search: '  BONUS keno ' }))).toEqual([
      'Keno Bonus Number',
    ]);
    expect(names(filterLobby(instant, { provider: 'jdb', search: 'mines' })).sort()).toEqual([
      'Mines',
      'Mines2',
    ]);
  });

  it('ignores accents on both sides', () => {
    const items = [{ provider: 'jili', item: { ...body.jili[0]!, name: 'Pokémon Plinko' } }] as const;
    expect(filterLobby(items, { provider: null, search: 'pokemon' })).toHaveLength(1);
    expect(filterLobby(items, { provider: null, search: 'poké' })).toHaveLength(1);
  });

  it('finds nothing for a name nobody has', () => {
    expect(filterLobby(instant, { provider: null, search: 'zzzz' })).toEqual([]);
  });
});

describe('catalogue lobby routes', () => {
  it('routes each lobby path, once, to its own lobby instead of a sports list', async () => {
    const { shellRoutes } = await import('../../app/routes.tsx');
    for (const [key, lobby] of Object.entries(catalogueLobbies)) {
      const routes = shellRoutes.filter((route) => route.path === lobby.path);
      expect(routes).toHaveLength(1);
      const loaded = (await (routes[0]!.lazy as () => Promise<{ element: { props: object } }>)()).element;
      expect(loaded.props).toEqual({ lobbyKey: key });
    }
  });
});
