import type { RoundView } from '../lib/api.ts';
import { formatMoney } from '../lib/money.ts';

const time = (iso: string) =>
  new Date(iso).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit', second: '2-digit' });

/**
 * The player's last rounds in this game. Each row opens the verifier with its seeds, nonce and settings;
 * the result can be recomputed once its server seed is revealed by rotation.
 */
export function HistoryList({ rounds }: { rounds: RoundView[] }) {
  return (
    <section className="panel" aria-labelledby="history-title">
      <h2 id="history-title">My bets</h2>
      {rounds.length === 0 ? (
        <p className="hint">No rounds yet.</p>
      ) : (
        <table className="history">
          <thead>
            <tr>
              <th scope="col">Time</th>
              <th scope="col">Bet</th>
              <th scope="col">Multiplier</th>
              <th scope="col">Payout</th>
              <th scope="col">Fair</th>
            </tr>
          </thead>
          <tbody>
            {rounds.map((round) => (
              <tr key={round.id} className={round.payout === '0.00' ? 'lost' : 'won'}>
                <td>{time(round.createdAt)}</td>
                <td>{formatMoney(round.stake)}</td>
                <td>{round.multiplier}x</td>
                <td>{formatMoney(round.payout)}</td>
                <td>
                  {round.serverSeed === null ? (
                    <a
                      className="hint"
                      href={`/verify?${round.verify}`}
                      target="_blank"
                      rel="noreferrer"
                      title="Its server seed is revealed when you rotate it"
                    >
                      nonce {round.nonce}
                    </a>
                  ) : (
                    <a href={`/verify?${round.verify}`} target="_blank" rel="noreferrer">
                      Verify
                    </a>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
