// The cells' rules are shared with the server's exports (`?format=csv`).
export { csvCell, toCsv, type CsvColumn } from '@backlay/contracts';

/** Saves the text as a file through a temporary link (no server round trip). */
export function downloadText(fileName: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  URL.revokeObjectURL(url);
}
