import type { SourceBook, SourceRunner } from '@backlay/contracts';
import { cellPrice } from '../odds.ts';
import {
  isNonRunner,
  nonRunnerText,
  runnersInOrder,
  sourceLevels,
  sourceSizeText,
  sourceStatusText,
  tradedText,
  type SourceLevel,
} from '../source-view.ts';
import './source-ladder.css';

const clock = (pt: number) => new Date(pt).toLocaleTimeString('en-GB');

/** A source price, shown but not a button: bets go to the portal's own prices above. */
function SourceCell({ level, tone }: { level: SourceLevel; tone: 'back' | 'lay' }) {
  if (!level) {
    return (
      <span className={`source-cell source-${tone}`}>
        <span aria-hidden="true">-</span>
        <span className="visually-hidden">no price</span>
      </span>
    );
  }
  return (
    <span className={`source-cell source-${tone}`} data-testid={`source-${tone}`} data-price={level.price}>
      <span className="price-odds">{cellPrice(level.price)}</span>
      <span className="price-size">{sourceSizeText(level.size)}</span>
    </span>
  );
}

function SourceRow({ runner, depth }: { runner: SourceRunner; depth: number }) {
  const name = (
    <th scope="row" className="ladder-runner">
      {isNonRunner(runner) ? <s>{runner.name}</s> : runner.name}
      <span className="source-note">{isNonRunner(runner) ? nonRunnerText(runner) : tradedText(runner)}</span>
    </th>
  );
  if (isNonRunner(runner)) {
    return (
      <tr data-testid="source-row" data-runner={runner.id} className="is-non-runner">
        {name}
        {/* Deeper cells stay apart so a phone, which hides them, keeps the columns it shows. */}
        {Array.from({ length: depth - 1 }, (_, index) => (
          <td key={`b${index}`} className={`ladder-cell depth-${depth - 1 - index}`} />
        ))}
        <td colSpan={2} className="ladder-cell depth-0 source-removed">
          Non-runner
        </td>
        {Array.from({ length: depth - 1 }, (_, index) => (
          <td key={`l${index}`} className={`ladder-cell depth-${index + 1}`} />
        ))}
      </tr>
    );
  }
  const backs = sourceLevels(runner.atb, depth);
  const lays = sourceLevels(runner.atl, depth);
  return (
    <tr data-testid="source-row" data-runner={runner.id}>
      {name}
      {[...backs].reverse().map((level, index) => (
        <td key={`b${index}`} className={`ladder-cell depth-${depth - 1 - index}`}>
          <SourceCell level={level} tone="back" />
        </td>
      ))}
      {lays.map((level, index) => (
        <td key={`l${index}`} className={`ladder-cell depth-${index}`}>
          <SourceCell level={level} tone="lay" />
        </td>
      ))}
    </tr>
  );
}

/**
 * The source's own book under the portal's ladder, in the same columns: its best prices and sizes a
 * side, each runner's last traded price and volume, non-runners, and the source's status.
 */
export function SourceLadder(props: {
  book: SourceBook;
  runnerIds: readonly string[];
  depth: number;
  id: string;
}) {
  const { book, runnerIds, depth, id } = props;
  const status = sourceStatusText(book);
  return (
    <table className="ladder-table source-table" aria-labelledby={id} data-testid="source-ladder">
      <caption id={id} className="source-caption">
        <span className="source-title">Source prices</span>
        {status && (
          <span className="source-status" data-testid="source-status">
            {status}
          </span>
        )}
        <span className="source-time">as of {clock(book.pt)}</span>
      </caption>
      <thead className="source-head">
        <tr>
          <th scope="col" className="ladder-runner">
            <span className="visually-hidden">Runner</span>
          </th>
          {Array.from({ length: depth }, (_, index) => (
            <th key={`b${index}`} scope="col" className={`ladder-side depth-${depth - 1 - index}`}>
              <span className="visually-hidden">Source back {depth - index}</span>
            </th>
          ))}
          {Array.from({ length: depth }, (_, index) => (
            <th key={`l${index}`} scope="col" className={`ladder-side depth-${index}`}>
              <span className="visually-hidden">Source lay {index + 1}</span>
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {runnersInOrder(book, runnerIds).map((runner) => (
          <SourceRow key={runner.id} runner={runner} depth={depth} />
        ))}
      </tbody>
    </table>
  );
}
