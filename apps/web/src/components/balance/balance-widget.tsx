import { balanceText, formatAmount } from '../../lib/balance-socket.ts';
import { useBalance } from './balance-context.ts';
import './balance-widget.css';

/**
 * The live balance: Connecting... / Waiting for price updates... / the amount with two decimals
 * and the exposure / the server's error text / Connection error.
 */
export function BalanceWidget({ variant = 'header' }: { variant?: 'header' | 'card' }) {
  const { view } = useBalance();
  const live = view.status === 'live';
  return (
    <div
      className={`balance balance-${variant} balance-${view.status}`}
      data-testid="balance"
      data-state={view.status}
      aria-live="polite"
    >
      {live ? (
        <>
          <span className="balance-line">
            <span className="balance-label">Bal:</span>{' '}
            <strong data-testid="balance-amount">{formatAmount(view.money)}</strong>
          </span>
          {view.exposure !== null && (
            <span className="balance-line balance-exposure" data-testid="balance-exposure">
              Exp: {formatAmount(view.exposure)}
            </span>
          )}
        </>
      ) : (
        <span className="balance-status" data-testid="balance-status">
          {balanceText(view)}
        </span>
      )}
    </div>
  );
}
