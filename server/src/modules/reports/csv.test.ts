// CSV cells: quoting by RFC 4180, and a cell a spreadsheet would run as a formula kept as text.
import { csvCell, csvLine } from './csv';

describe('csv cells', () => {
  it.each([
    ['=1+2', "'=1+2"],
    ['+62812', "'+62812"],
    ['-1000', "'-1000"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\t=cmd', "'\t=cmd"],
    ['BTC-IDR', 'BTC-IDR'],
    ['IDR CASH -1000', 'IDR CASH -1000'],
  ])('%j is written as %j', (value, written) => {
    expect(csvCell(value)).toBe(written);
  });

  it('quotes commas, quotes and line breaks, after guarding the formula', () => {
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('=A1,"x"\n')).toBe(`"'=A1,""x""\n"`);
    expect(csvLine(['1', '-2', ''])).toBe("1,'-2,\r\n");
  });
});
