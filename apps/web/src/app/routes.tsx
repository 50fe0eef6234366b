import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { paths, sportRoutes } from '../paths.ts';
import type { lobbies } from '../features/casino-lobby/lobbies.ts';
import type { CatalogueLobbyKey } from '../features/casino-lobby/catalogue-lobbies.ts';

/*
 * Every page is its own chunk (docs/decisions/0081): the router loads a page's code the first time
 * its path matches, so the login screen and the first page never wait for the other pages. This
 * table is in the entry chunk, within the login screen's script budget, so it stays terse.
 */

const page = (path: string, load: () => Promise<ComponentType>): RouteObject => ({
  path,
  lazy: async () => ({ Component: await load() }),
});

const lobby = (path: string, key: keyof typeof lobbies): RouteObject => ({
  path,
  lazy: async () => {
    const [{ LobbyPage }, loaded] = await Promise.all([
      import('../features/casino-lobby/components/lobby-page.tsx'),
      import('../features/casino-lobby/lobbies.ts'),
    ]);
    return { element: <LobbyPage key={key} lobby={loaded.lobbies[key]} /> };
  },
});

/** Lobbies of catalogue titles; these sidebar paths list games, not sports events. */
const catalogueLobbies: Record<string, CatalogueLobbyKey> = {
  '/slot-game': 'slots',
  '/fantasy-game': 'fantasy',
  '/f-games': 'instant',
  [paths.lottery]: 'lottery',
};

const catalogueLobby = ([path, key]: [string, CatalogueLobbyKey]): RouteObject => ({
  path,
  lazy: async () => {
    const { CatalogueLobbyPage } =
      await import('../features/casino-lobby/components/catalogue-lobby-page.tsx');
    return { element: <CatalogueLobbyPage key={key} lobbyKey={key} /> };
  },
});

/** Every page inside the shell (sidebar, header, carousel, footer). */
export const shellRoutes: RouteObject[] = [
  page(paths.home, () => import('../features/home/components/home-page.tsx').then((m) => m.HomePage)),
  page(paths.aboutUs, () => import('../features/about/components/about-page.tsx').then((m) => m.AboutPage)),
  lobby(paths.ourCasino, 'ourCasino'),
  lobby(paths.liveCasino, 'liveCasino'),
  lobby(paths.ourVirtual, 'ourVirtual'),
  {
    path: paths.sportsDetail,
    lazy: async () => {
      const [{ SportsDetailPage }, { sportsDetailLoader }] = await Promise.all([
        import('../features/sports/components/sports-detail-page.tsx'),
        import('../features/sports/sports-detail-loader.ts'),
      ]);
      return { Component: SportsDetailPage, loader: sportsDetailLoader };
    },
  },
  page(paths.ballByBall, () =>
    import('../features/live-tables/components/ball-by-ball-page.tsx').then((m) => m.BallByBallPage),
  ),
  page(paths.liveTable, () =>
    import('../features/live-tables/components/table-page.tsx').then((m) => m.TablePage),
  ),
  page(paths.account, () =>
    import('../features/account-statement/components/account-statement-page.tsx').then(
      (m) => m.AccountStatementPage,
    ),
  ),
  page(paths.currentBet, () =>
    import('../features/current-bets/components/current-bets-page.tsx').then((m) => m.CurrentBetsPage),
  ),
  page(paths.casinoResult, () =>
    import('../features/live-tables/components/casino-results-page.tsx').then((m) => m.CasinoResultsPage),
  ),
  page(paths.setButtonValue, () =>
    import('../features/stake-buttons/components/stake-buttons-page.tsx').then((m) => m.StakeButtonsPage),
  ),
  page(paths.responsibleGaming, () =>
    import('../features/responsible-gaming/components/responsible-gaming-page.tsx').then(
      (m) => m.ResponsibleGamingPage,
    ),
  ),
  page(paths.apiAccess, () =>
    import('../features/api-access/components/api-access-page.tsx').then((m) => m.ApiAccessPage),
  ),
  page(paths.aviator, () =>
    import('../features/live-tables/components/crash-page.tsx').then((m) => m.CrashPage),
  ),
  page(paths.play, () =>
    import('../features/casino-frame/components/casino-frame-page.tsx').then((m) => m.CasinoFramePage),
  ),
  ...Object.entries(catalogueLobbies).map(catalogueLobby),
  ...sportRoutes
    .filter((sport) => !(sport.path in catalogueLobbies))
    .map((sport): RouteObject => ({
      path: sport.path,
      lazy: async () => {
        const { SportsListPage } = await import('../features/sports/components/sports-list-page.tsx');
        return { element: <SportsListPage key={sport.path} sport={sport} /> };
      },
    })),
];
