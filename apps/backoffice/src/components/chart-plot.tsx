import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

/** Colours of the shared palette (front kit tokens) a series may take. */
export type ChartColor = 'accent' | 'teal' | 'back' | 'lay' | 'danger';

export type ChartSeries = {
  label: string;
  values: readonly (number | null)[];
  color: ChartColor;
  style: 'line' | 'bars';
  /** A value as the axis and the text alternative show it. */
  format: (value: number) => string;
};

/**
 * The horizontal axis: instants (`values` in seconds since the epoch) or categories shown by `labels`
 * (prices, days), one per point. `labels` also head the rows of the text alternative.
 */
export type ChartAxis = {
  kind: 'time' | 'category';
  values: readonly number[];
  labels: readonly string[];
  header: string;
};

type PlotProps = { x: ChartAxis; series: readonly ChartSeries[]; height: number };

/** Times on the axis as the console writes them elsewhere (24-hour clock). */
const clock = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit' });

/** A token of the console's palette as the page resolves it. */
const token = (element: Element, name: string) =>
  getComputedStyle(element).getPropertyValue(`--${name}`).trim();

/** `#rrggbb` with an alpha, for the fill under a line. */
const translucent = (hex: string, alpha: string) => (/^#[0-9a-f]{6}$/i.test(hex) ? `${hex}${alpha}` : hex);

/** The y range always holds zero, so a bar's height reads as its value. */
function rangeWithZero(_plot: uPlot, min: number | null, max: number | null): uPlot.Range.MinMax {
  const low = Math.min(0, min ?? 0);
  const high = Math.max(0, max ?? 0);
  const pad = (high - low) * 0.08 || 1;
  return [low < 0 ? low - pad : 0, high + pad];
}

/** Every category that fits with room for its label (about 48 px each), from the first. */
function categorySplits(count: number, widthPx: number): number[] {
  const step = Math.max(1, Math.ceil((count * 48) / Math.max(widthPx, 1)));
  return Array.from({ length: Math.ceil(count / step) }, (_, index) => index * step);
}

function optionsOf(element: Element, { x, series, height }: PlotProps, width: number): uPlot.Options {
  const muted = token(element, 'text-muted');
  const grid = { stroke: token(element, 'border'), width: 1 };
  const font = `12px ${getComputedStyle(element).fontFamily}`;
  const categories = x.kind === 'category';
  const first = series[0];
  const bars = uPlot.paths.bars?.({ size: [0.7, 48] });
  return {
    width,
    height,
    legend: { show: false },
    cursor: { show: false },
    padding: [8, 8, 0, 0],
    scales: {
      x: categories
        ? { time: false, range: () => [-0.5, Math.max(x.labels.length, 1) - 0.5] }
        : { time: true },
      y: { range: rangeWithZero },
    },
    axes: [
      {
        stroke: muted,
        grid: { show: false },
        ticks: { stroke: grid.stroke },
        font,
        ...(!categories && {
          values: (_plot: uPlot, splits: number[]) => splits.map((seconds) => clock.format(seconds * 1000)),
        }),
        ...(categories && {
          splits: (plot: uPlot) => categorySplits(x.labels.length, plot.bbox.width / devicePixelRatio),
          values: (_plot, splits) => splits.map((index) => x.labels[index] ?? ''),
          space: 40,
        }),
      },
      {
        stroke: muted,
        grid,
        ticks: { show: false },
        font,
        size: 64,
        values: (_plot, splits) => splits.map((value) => (first ? first.format(value) : String(value))),
      },
    ],
    series: [
      {},
      ...series.map((line): uPlot.Series => {
        const colour = token(element, line.color);
        const drawn = { label: line.label, stroke: colour, points: { show: false } };
        return line.style === 'bars'
          ? { ...drawn, fill: translucent(colour, 'cc'), paths: bars, fillTo: 0, width: 0 }
          : { ...drawn, fill: translucent(colour, '33'), width: 2 };
      }),
    ],
  };
}

/** The drawing of a chart with uPlot, redrawn when its figures change and resized with its container. */
export default function ChartPlot(props: PlotProps) {
  const box = useRef<HTMLDivElement>(null);
  const { x, series, height } = props;
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const xs = x.kind === 'category' ? x.labels.map((_, index) => index) : [...x.values];
    const data: uPlot.AlignedData = [xs, ...series.map((line) => [...line.values])];
    const plot = new uPlot(optionsOf(element, { x, series, height }, element.clientWidth), data, element);
    const resize = new ResizeObserver(() => plot.setSize({ width: element.clientWidth, height }));
    resize.observe(element);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
  }, [x, series, height]);
  return <div ref={box} className="chart-canvas" />;
}
