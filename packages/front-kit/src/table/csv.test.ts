import { describe, expect, it } from 'vitest';
import { csvCell, toCsv } from './csv.ts';

describe('csvCell', () => {
  it('leaves plain text as it is', () => {
    expect(csvCell('alice@example.com')).toBe('alice@example.com');
  });

  it('quotes commas, quotes and line breaks, doubling inner quotes', () => {
    expect(csvCell('Smith, Jane')).toBe('"Smith, Jane"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('one\ntwo')).toBe('"one\ntwo"');
    expect(csvCell('one\r\ntwo')).toBe('"one\r\ntwo"');
  });

  it('defuses cells a spreadsheet would run as a formula', () => {
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvCell('+1+1')).toBe("'+1+1");
    expect(csvCell('-2+3')).toBe("'-2+3");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
  });

  it('keeps negative amounts as numbers', () => {
    expect(csvCell('-12.50')).toBe('-12.50');
    expect(csvCell('-7')).toBe('-7');
  });
});

describe('toCsv', () => {
  it('writes a header line and one line per row, CRLF-terminated', () => {
    const rows = [
      { name: 'Ann', stake: '10.00' },
      { name: '=cmd', stake: '-5.00' },
    ];
    const columns = [
      { header: 'Name', text: (row: (typeof rows)[number]) => row.name },
      { header: 'Stake', text: (row: (typeof rows)[number]) => row.stake },
    ];
    expect(toCsv(columns, rows)).toBe("Name,Stake\r\nAnn,10.00\r\n'=cmd,-5.00\r\n");
  });

  it('leaves out a column without text (row actions)', () => {
    const columns = [{ header: 'Id', text: (row: { id: string }) => row.id }, { header: 'Void' }];
    expect(toCsv(columns, [{ id: 'b1' }])).toBe('Id\r\nb1\r\n');
  });

  it('writes only the header when there are no rows', () => {
    expect(toCsv([{ header: 'Id', text: (row: { id: string }) => row.id }], [])).toBe('Id\r\n');
  });
});
