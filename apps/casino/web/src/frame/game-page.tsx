import { useGame } from '../lib/use-game.ts';
import { GameFrame } from './game-frame.tsx';

/** Only http(s) links may become the way home. */
const safeUrl = (url: string | null | undefined): string | null =>
  url && /^https?:\/\//i.test(url) ? url : null;

/** `/play/<gameId>?token=…&home_url=…`: the page the portal sends the player to. */
export default function GamePage() {
  const query = new URLSearchParams(window.location.search);
  const token = query.get('token') ?? '';
  const [state, controls] = useGame(token);
  const homeUrl = safeUrl(state.session?.homeUrl) ?? safeUrl(query.get('home_url')) ?? '/';

  if (token === '' || state.loadError !== null) {
    return (
      <main className="message-page">
        <h1>The game could not be opened</h1>
        <p role="alert">
          {token === ''
            ? 'This address has no game session. Open the game from the portal.'
            : state.loadError}
        </p>
        {/* _top: in the portal's frame page, home replaces the whole window, not just the frame. */}
        <a className="button" href={homeUrl} target="_top" rel="noreferrer">
          Back to home
        </a>
      </main>
    );
  }
  if (state.session === null) {
    return (
      <main className="message-page">
        <p role="status">Loading the game…</p>
      </main>
    );
  }
  return <GameFrame session={state.session} state={state} controls={controls} homeUrl={homeUrl} />;
}
