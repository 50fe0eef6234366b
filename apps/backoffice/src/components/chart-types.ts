/** What a chart draws (components/chart.tsx), shared by its drawing and its hover readout. */

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
