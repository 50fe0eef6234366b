import { Link } from 'react-router';
import { paths } from '../../../paths.ts';

/** A frame address this tab never launched (a reload, a shared or crafted link): back to the lobby. */
export function FrameUnavailable() {
  return (
    <section className="page" data-testid="casino-frame-unavailable">
      <h1 className="page-title">Casino game</h1>
      <div className="panel">
        <p className="panel-body">
          Open the game again from the casino lobby.{' '}
          <Link to={paths.ourCasino} data-testid="casino-frame-lobby">
            Go to the casino lobby
          </Link>
        </p>
      </div>
    </section>
  );
}
