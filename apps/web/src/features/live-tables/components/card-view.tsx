import type { DealtHand } from '@backlay/contracts';
import { cardFace } from '../cards.ts';

/** One card face drawn with CSS: rank and suit symbol, named for screen readers. */
export function CardView({ code }: { code: string }) {
  const face = cardFace(code);
  if (!face) return <span className="card card-unknown">{code}</span>;
  return (
    <span
      className={face.red ? 'card card-red' : 'card'}
      role="img"
      aria-label={face.label}
      data-card={code}
      data-testid="card"
    >
      <span className="card-rank" aria-hidden="true">
        {face.rank}
      </span>
      <span className="card-suit" aria-hidden="true">
        {face.symbol}
      </span>
    </span>
  );
}

/** The dealt hands in dealing order ("Dragon", "Tiger", "Board"), each with its cards. */
export function DealtHands({ hands }: { hands: readonly DealtHand[] }) {
  if (hands.length === 0) return null;
  return (
    <ul className="hands" data-testid="hands">
      {hands.map((hand) => (
        <li key={hand.hand} className="hand" data-hand={hand.hand}>
          <span className="hand-name">{hand.hand}</span>
          <span className="hand-cards">
            {hand.cards.map((card, index) => (
              <CardView key={`${card}-${index}`} code={card} />
            ))}
          </span>
        </li>
      ))}
    </ul>
  );
}
