import type uPlot from 'uplot';
import type { ChartAxis, ChartColor, ChartSeries } from './chart-types.ts';

/** Times as the console writes them elsewhere (24-hour clock). */
export const clock = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit' });

/** What the readout says at one point: where it is on the x axis and every series' value there. */
export type Readout = { x: string; rows: { label: string; value: string; color: ChartColor }[] };

function xLabel(x: ChartAxis, index: number): string | undefined {
  if (x.kind === 'category') return x.labels[index];
  const seconds = x.values[index];
  return seconds === undefined ? undefined : clock.format(seconds * 1000);
}

/** The readout at point `index`: a time as HH:MM or the category's label, and values, "—" for none. */
export function readoutAt(x: ChartAxis, series: readonly ChartSeries[], index: number): Readout | null {
  const label = xLabel(x, index);
  if (label === undefined) return null;
  return {
    x: label,
    rows: series.map((line) => {
      const value = line.values[index];
      return {
        label: line.label,
        value: value === null || value === undefined ? '—' : line.format(value),
        color: line.color,
      };
    }),
  };
}

type Size = { width: number; height: number };

/** Room between the pointer and the readout, in CSS pixels. */
const GAP = 12;

const within = (value: number, size: number, room: number) => Math.max(0, Math.min(value, room - size));

/**
 * Where the readout's corner goes in the plotting area: right of and above the pointer, left of it near
 * the right edge, below it near the top, and never outside the area.
 */
export function readoutPlace(pointer: { left: number; top: number }, box: Size, area: Size) {
  const right = pointer.left + GAP;
  const left = right + box.width > area.width ? pointer.left - GAP - box.width : right;
  const above = pointer.top - GAP - box.height;
  const top = above < 0 ? pointer.top + GAP : above;
  return { left: within(left, box.width, area.width), top: within(top, box.height, area.height) };
}

function element(tag: string, className: string, text = ''): HTMLElement {
  const node = document.createElement(tag);
  node.className = className;
  node.textContent = text;
  return node;
}

function render(box: HTMLElement, readout: Readout): void {
  box.replaceChildren(
    element('div', 'chart-readout-x', readout.x),
    ...readout.rows.map((row) => {
      const line = element('div', 'chart-readout-row');
      line.append(
        element('span', `chart-swatch chart-swatch-${row.color}`),
        element('span', 'chart-readout-label', row.label),
        element('span', 'chart-readout-value', row.value),
      );
      return line;
    }),
  );
}

/** The guide line stands on the nearest point rather than under the pointer. */
export const snapToPoint: uPlot.Cursor.MousePosRefiner = (plot, left, top) => {
  const xs = plot.data[0];
  const at = left < 0 ? undefined : xs[plot.posToIdx(left)];
  return [at === undefined ? left : plot.valToPos(at, 'x'), top];
};

/**
 * The figures at the hovered point in a box that follows the pointer inside the plotting area, for the
 * eye only (the chart's hidden table is its accessible form). A finger scrubbing sideways moves it too.
 */
export function readoutPlugin(x: ChartAxis, series: readonly ChartSeries[]): uPlot.Plugin {
  const box = element('div', 'chart-readout');
  box.setAttribute('aria-hidden', 'true');
  box.hidden = true;
  let shown: number | null = null;
  const touchAt = (plot: uPlot, event: PointerEvent) => {
    if (event.pointerType !== 'touch') return;
    const area = plot.over.getBoundingClientRect();
    plot.setCursor({ left: event.clientX - area.left, top: event.clientY - area.top });
  };
  const leave = (plot: uPlot, event: PointerEvent) => {
    if (event.pointerType === 'touch') plot.setCursor({ left: -10, top: -10 });
  };
  return {
    hooks: {
      init: (plot) => {
        plot.over.append(box);
        plot.over.addEventListener('pointerdown', (event) => touchAt(plot, event));
        plot.over.addEventListener('pointermove', (event) => touchAt(plot, event));
        // A lifted finger hides it; a tap then shows it again through the mouse events it also sends.
        plot.over.addEventListener('pointerup', (event) => leave(plot, event));
        plot.over.addEventListener('pointercancel', (event) => leave(plot, event));
      },
      setCursor: (plot) => {
        const { idx, left = -10, top = 0 } = plot.cursor;
        const readout = idx === null || idx === undefined || left < 0 ? null : readoutAt(x, series, idx);
        if (!readout || idx === null || idx === undefined) {
          box.hidden = true;
          shown = null;
          return;
        }
        if (shown !== idx) render(box, readout);
        shown = idx;
        box.hidden = false;
        const area = { width: plot.over.clientWidth, height: plot.over.clientHeight };
        const place = readoutPlace({ left, top }, { width: box.offsetWidth, height: box.offsetHeight }, area);
        box.style.transform = `translate(${place.left}px, ${place.top}px)`;
      },
    },
  };
}
