import { BalanceWidget } from '../../../components/balance/balance-widget.tsx';

export function AboutPage() {
  return (
    <section className="page" data-testid="about">
      <h1 className="page-title">About us</h1>
      <p>
        Backlay is a betting exchange and casino: back or lay outcomes against other players at the best price
        on offer, and play live tables, virtual games and the Aviator crash game.
      </p>
      <p className="note">Your balance, updated live:</p>
      <BalanceWidget variant="card" />
    </section>
  );
}
