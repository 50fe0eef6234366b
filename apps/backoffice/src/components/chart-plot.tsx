import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { clock, readoutPlugin, snapToPoint } from './chart-readout.ts';
import type { ChartAxis, ChartSeries } from './chart-types.ts';

type PlotProps = { x: ChartAxis; series: readonly ChartSeries[]; height: number };

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
  const colours = series.map((line) => token(element, line.color));
  return {
    width,
    height,
    legend: { show: false },
    // A guide line and a point per series at the hovered point; the readout says their figures.
    cursor: {
      y: false,
      drag: { x: false, y: false, setScale: false },
      move: snapToPoint,
      dataIdx: (_plot, _series, hovered) => hovered,
      points: {
        size: 9,
        width: 2,
        fill: token(element, 'surface'),
        stroke: (_plot, at) => colours[at - 1] ?? muted,
      },
    },
    plugins: [readoutPlugin(x, series)],
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
      ...series.map((line, at): uPlot.Series => {
        const colour = colours[at] ?? muted;
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
