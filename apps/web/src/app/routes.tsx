import type { RouteObject } from 'react-router';
import { paths, sportRoutes } from '../paths.ts';
import { HomePage } from '../features/home/components/home-page.tsx';
import { AboutPage } from '../features/about/components/about-page.tsx';
import { LobbyPage } from '../features/casino-lobby/components/lobby-page.tsx';
import { lobbies } from '../features/casino-lobby/lobbies.ts';
import { SportsListPage } from '../features/sports/components/sports-list-page.tsx';
import { SportsDetailPage } from '../features/sports/components/sports-detail-page.tsx';
import { sportsDetailLoader } from '../features/sports/sports-detail-loader.ts';
import { BallByBallPage } from '../features/ball-by-ball/components/ball-by-ball-page.tsx';
import { AccountStatementPage } from '../features/account-statement/components/account-statement-page.tsx';
import { CurrentBetsPage } from '../features/current-bets/components/current-bets-page.tsx';
import { CasinoResultsPage } from '../features/casino-results/components/casino-results-page.tsx';
import { StakeButtonsPage } from '../features/stake-buttons/components/stake-buttons-page.tsx';
import { AviatorPage } from '../features/aviator/components/aviator-page.tsx';

/** Every page inside the shell (sidebar, header, carousel, footer). */
export const shellRoutes: RouteObject[] = [
  { path: paths.home, element: <HomePage /> },
  { path: paths.aboutUs, element: <AboutPage /> },
  { path: paths.ourCasino, element: <LobbyPage key="our" lobby={lobbies.ourCasino} /> },
  { path: paths.liveCasino, element: <LobbyPage key="live" lobby={lobbies.liveCasino} /> },
  { path: paths.ourVirtual, element: <LobbyPage key="virtual" lobby={lobbies.ourVirtual} /> },
  { path: paths.sportsDetail, element: <SportsDetailPage />, loader: sportsDetailLoader },
  { path: paths.ballByBall, element: <BallByBallPage /> },
  { path: paths.account, element: <AccountStatementPage /> },
  { path: paths.currentBet, element: <CurrentBetsPage /> },
  { path: paths.casinoResult, element: <CasinoResultsPage /> },
  { path: paths.setButtonValue, element: <StakeButtonsPage /> },
  { path: paths.aviator, element: <AviatorPage /> },
  ...sportRoutes.map((sport) => ({
    path: sport.path,
    element: <SportsListPage key={sport.path} sport={sport} />,
  })),
];
