import type { LiveCricketScore } from '@backlay/contracts';

/** Runs/wickets of the innings at the crease; the header and the Live match panel each name their own. */
export function CricketRuns({ cricket, testId }: { cricket: LiveCricketScore; testId: string }) {
  return (
    <strong className="cricket-runs" data-testid={testId}>
      {cricket.runs}/{cricket.wickets}
    </strong>
  );
}

/** The two batters' runs, the striker starred; the data names no batter, so the label numbers them. */
export function CricketBatters({ batters }: { batters: LiveCricketScore['batters'] }) {
  return batters.map((batter, index) => (
    <span
      key={index}
      className="cricket-batter"
      aria-label={`Batter ${index + 1}: ${batter.runs} runs${batter.onStrike ? ', on strike' : ''}`}
    >
      {batter.runs}
      {batter.onStrike && '*'}
    </span>
  ));
}

/**
 * A cricket match's live score from its sports data (docs/decisions/0279): the batting side's runs,
 * wickets and overs, the two batters' runs (the striker starred), and the innings before it.
 */
export function CricketScore({ cricket, period }: { cricket: LiveCricketScore; period: string }) {
  return (
    <div className="cricket-score" aria-live="polite" data-testid="cricket-score">
      <p className="cricket-innings">
        <span className="cricket-team">{cricket.battingTeam ?? period}</span>
        <CricketRuns cricket={cricket} testId="cricket-runs" />
        <span className="cricket-overs">({cricket.overs} ov)</span>
        <span className="cricket-period">{period}</span>
      </p>
      {cricket.batters.length > 0 && (
        <p className="cricket-batters" data-testid="cricket-batters">
          <span className="cricket-label">Batters</span>
          <CricketBatters batters={cricket.batters} />
        </p>
      )}
      {cricket.earlier.map((innings) => (
        <p key={innings} className="cricket-earlier">
          {innings}
        </p>
      ))}
    </div>
  );
}
