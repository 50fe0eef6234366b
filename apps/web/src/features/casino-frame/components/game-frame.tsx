import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { SessionBar } from '../../../components/session-bar/session-bar.tsx';
import { useCatalogue } from '../../../lib/catalogue-query.ts';
import type { LaunchedGame } from '../../../lib/launch-store.ts';
import { gameName } from '../frame-url.ts';
import { useSummaryFollowsBalance } from '../use-summary-follows-balance.ts';

/*
 * What the framed page may do: run, submit its forms, open its fairness verifier in a new tab, and
 * send the whole window back to the portal from a click on its Home link. Without a click it cannot
 * navigate the portal away (a page of another origin must not replace the player's portal).
 */
const SANDBOX = [
  'allow-scripts',
  'allow-same-origin',
  'allow-forms',
  'allow-popups',
  'allow-popups-to-escape-sandbox',
  'allow-top-navigation-by-user-activation',
].join(' ');

/**
 * Brings the frame to the top of the window, under the sticky header, once the shell has scrolled to
 * the top for the new page: the game then fills the screen while the banner stays one scroll up.
 */
function useBringIntoView() {
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    const frame = window.requestAnimationFrame(() => ref.current?.scrollIntoView({ block: 'start' }));
    return () => window.cancelAnimationFrame(frame);
  }, []);
  return ref;
}

/** The game page in a frame, with the way back, its name and the session bar above it. */
export function GameFrame({ game }: { game: LaunchedGame }) {
  const { data: catalogue } = useCatalogue();
  const name = gameName(game.url, catalogue) ?? 'Casino game';
  const ref = useBringIntoView();
  useSummaryFollowsBalance();
  return (
    <section
      className="casino-frame"
      aria-labelledby="casino-frame-title"
      data-testid="casino-frame"
      ref={ref}
    >
      <div className="casino-frame-head">
        <Link to={game.returnTo} className="casino-frame-back" data-testid="casino-frame-back">
          <span aria-hidden="true">←</span> Back to casino
        </Link>
        <h1 id="casino-frame-title" className="casino-frame-title">
          {name}
        </h1>
        <SessionBar className="casino-frame-session" />
      </div>
      <iframe
        className="casino-frame-game"
        src={game.url}
        title={name}
        allow="fullscreen"
        sandbox={SANDBOX}
        referrerPolicy="no-referrer"
        data-testid="casino-frame-game"
      />
    </section>
  );
}
