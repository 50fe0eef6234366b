import type { BetSide, PriceSize } from '@backlay/contracts';
import { cellPrice } from '../odds.ts';
import { sizeText } from '../market-view.ts';
import { useChangeCount } from './use-flash.ts';

interface PriceCellProps {
  level: PriceSize | null;
  side: BetSide;
  runnerName: string;
  /** Pink instead of blue, e.g. a fancy market's No. */
  tone?: 'back' | 'lay';
  disabled?: boolean;
  /** Empty cells of exchange markets still open the slip (the player names the odds). */
  emptyClickable?: boolean;
  onPick: (price: number | null) => void;
}

/** One back or lay box: price over size; it flashes when the price or size changes. */
export function PriceCell(props: PriceCellProps) {
  const { level, side, runnerName, disabled = false, emptyClickable = false, onPick } = props;
  const tone = props.tone ?? (side === 'BACK' ? 'back' : 'lay');
  const changes = useChangeCount(level ? `${level.price}|${level.size}` : null);
  const verb = side === 'BACK' ? 'Back' : 'Lay';
  // The name is built from hidden words around the visible price and size, so what a speech-input
  // user reads on the box is part of its name (WCAG 2.5.3).
  return (
    <button
      type="button"
      className={`price-cell price-${tone}`}
      disabled={disabled || (!level && !emptyClickable)}
      onClick={() => onPick(level?.price ?? null)}
      data-testid={`price-${side.toLowerCase()}`}
      data-price={level?.price}
    >
      <span key={changes} className={changes > 0 ? 'price-inner price-flash' : 'price-inner'}>
        <span className="visually-hidden">
          {verb} {runnerName}
          {level ? ' at ' : ': no price offered'}
        </span>
        {level ? (
          <>
            <span className="price-odds">{cellPrice(level.price)}</span>
            <span className="price-size">
              {sizeText(level.size)}
              <span className="visually-hidden"> available</span>
            </span>
          </>
        ) : (
          <span className="price-odds" aria-hidden="true">
            -
          </span>
        )}
      </span>
    </button>
  );
}
