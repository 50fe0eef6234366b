import { useSearchParams } from 'react-router';
import { launchedGame } from '../../../lib/launch-store.ts';
import { frameableGame } from '../frame-url.ts';
import { FrameUnavailable } from './frame-unavailable.tsx';
import { GameFrame } from './game-frame.tsx';
import '../casino-frame.css';

/** `/play?url=<game page>`: a provider's game launched in this tab, framed under the session bar. */
export function CasinoFramePage() {
  const [params] = useSearchParams();
  const game = frameableGame(params.get('url'), launchedGame);
  if (!game) return <FrameUnavailable />;
  return <GameFrame key={game.url} game={game} />;
}
