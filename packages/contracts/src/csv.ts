/**
 * One column of an export (docs/decisions/0250's CSV rules, for the console's lists and the server's
 * `?format=csv` alike): its header and the cell text of a row. A column without text (row actions) is
 * left out.
 */
export interface CsvColumn<Row> {
  header: string;
  text?: (row: Row) => string;
}

// A plain number ("-12.50") is data, not a formula, and stays a number in the spreadsheet.
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One CSV cell (RFC 4180): quoted when it holds a quote, comma or line break. A cell a spreadsheet
 * would run as a formula (= + - @) gets a leading apostrophe, so a player's name cannot execute.
 */
export function csvCell(value: string): string {
  const safe = FORMULA_START.test(value) && !PLAIN_NUMBER.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

export function toCsv<Row>(columns: readonly CsvColumn<Row>[], rows: readonly Row[]): string {
  const exported = columns.filter((column): column is Required<CsvColumn<Row>> => column.text !== undefined);
  const lines = [exported.map((column) => csvCell(column.header)).join(',')];
  for (const row of rows) lines.push(exported.map((column) => csvCell(column.text(row))).join(','));
  return `${lines.join('\r\n')}\r\n`;
}
