import type { AdminMarketDetail } from '@backlay/contracts';
import { useMemo, useState } from 'react';
import { Chart, type ChartSeries } from '../../components/chart.tsx';
import { drawnAmount, formatAmount, peakText } from '../../lib/chart-figures.ts';

type Runner = AdminMarketDetail['runners'][number];

const totalOf = (runner: Runner) => runner.traded.reduce((sum, level) => sum + drawnAmount(level.size), 0);

/**
 * Traded volume by price for one runner at a time (the most traded first), as the exchange's own
 * ladders show it; nothing until the market has matched a bet.
 */
export function TradedChart({ market }: { market: AdminMarketDetail }) {
  const traded = useMemo(
    () => market.runners.filter((runner) => runner.traded.length > 0).sort((a, b) => totalOf(b) - totalOf(a)),
    [market.runners],
  );
  const [chosen, setChosen] = useState<string | null>(null);
  const runner = traded.find((candidate) => candidate.id === chosen) ?? traded[0];
  const chart = useMemo(() => runner && chartOf(runner), [runner]);
  if (!runner || !chart) return null;
  return (
    <section className="stack" aria-labelledby="traded-title">
      <div className="page-head">
        <h2 id="traded-title" className="section-title">
          Traded volume
        </h2>
        {traded.length > 1 && (
          <label className="field">
            <span className="field-label">Runner</span>
            <select value={runner.id} onChange={(event) => setChosen(event.target.value)}>
              {traded.map((candidate) => (
                <option key={candidate.id} value={candidate.id}>
                  {candidate.name}
                </option>
              ))}
            </select>
          </label>
        )}
      </div>
      <Chart
        title={`${runner.name}: traded volume by price`}
        summary={`${runner.name} has traded ${formatAmount(totalOf(runner))} at ${runner.traded.length} prices, ${chart.peak}.`}
        x={chart.x}
        series={chart.series}
      />
    </section>
  );
}

function chartOf(runner: Runner) {
  const sizes = runner.traded.map((level) => drawnAmount(level.size));
  const labels = runner.traded.map((level) => level.price);
  const series: ChartSeries[] = [
    { label: 'Matched', values: sizes, color: 'back', style: 'bars', format: formatAmount },
  ];
  return {
    x: { kind: 'category' as const, header: 'Price', values: [], labels },
    series,
    peak: peakText(sizes, labels, formatAmount),
  };
}
