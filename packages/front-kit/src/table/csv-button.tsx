import { downloadText, toCsv, type CsvColumn } from './csv.ts';

interface CsvButtonProps<Row> {
  /** The file name without extension; the date is added. */
  name: string;
  columns: readonly CsvColumn<Row>[];
  rows: readonly Row[];
}

/** Exports the rows the list has loaded, with the columns the table shows, as the operator sees them. */
export function CsvButton<Row>({ name, columns, rows }: CsvButtonProps<Row>) {
  const download = () => {
    const day = new Date().toISOString().slice(0, 10);
    downloadText(`${name}-${day}.csv`, toCsv(columns, rows));
  };
  return (
    <button type="button" className="btn btn-ghost" onClick={download} disabled={rows.length === 0}>
      Download CSV
    </button>
  );
}
