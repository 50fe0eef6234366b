import { lazy, Suspense } from 'react';
import type { ChartAxis, ChartSeries } from './chart-types.ts';

export type { ChartAxis, ChartSeries, ChartColor } from './chart-types.ts';

/** uPlot and its styles load with the first chart a page draws, in their own chunk. */
const ChartPlot = lazy(() => import('./chart-plot.tsx'));

export type ChartProps = {
  title: string;
  /** What the chart shows, in a sentence: its accessible name. */
  summary: string;
  x: ChartAxis;
  series: readonly ChartSeries[];
  height?: number;
};

/**
 * A chart: a drawing for the eye, named by `summary` for a screen reader, with the same figures in a
 * visually hidden table. The drawing keeps the width of its container.
 */
export function Chart({ title, summary, x, series, height = 220 }: ChartProps) {
  return (
    <figure className="chart panel">
      <figcaption className="chart-head">
        <span className="chart-title">{title}</span>
        <span className="chart-legend" aria-hidden="true">
          {series.map((line) => (
            <span key={line.label} className="chart-key">
              <span className={`chart-swatch chart-swatch-${line.color}`} />
              {line.label}
            </span>
          ))}
        </span>
      </figcaption>
      <div role="img" aria-label={summary} className="chart-plot" style={{ height }}>
        <Suspense fallback={null}>
          <ChartPlot x={x} series={series} height={height} />
        </Suspense>
      </div>
      <ChartTable title={title} x={x} series={series} />
    </figure>
  );
}

function ChartTable({ title, x, series }: Pick<ChartProps, 'title' | 'x' | 'series'>) {
  return (
    // Wrapped: a table grows to its rows whatever height it is given, so it cannot clip itself.
    <div className="visually-hidden">
      <table>
        <caption>{title}</caption>
        <thead>
          <tr>
            <th scope="col">{x.header}</th>
            {series.map((line) => (
              <th key={line.label} scope="col">
                {line.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {x.labels.map((label, index) => (
            <tr key={`${index}:${label}`}>
              <th scope="row">{label}</th>
              {series.map((line) => {
                const value = line.values[index];
                return (
                  <td key={line.label}>{value === null || value === undefined ? '' : line.format(value)}</td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
