import { describe, expect, it } from 'vitest';
import { CsvError, csvCell, csvFile, decodeUtf8, parseCsv } from '../../src/shared/csv.js';

describe('parseCsv', () => {
  it('reads quotes, doubled quotes, separators and line breaks inside quotes', () => {
    expect(parseCsv('a,"b,c","say ""hi""","two\r\nlines"\r\nx,,z\r\n')).toEqual([
      ['a', 'b,c', 'say "hi"', 'two\nlines'],
      ['x', '', 'z'],
    ]);
  });

  it('takes CRLF, LF and CR line ends, skips blank lines, keeps a last line without an end', () => {
    expect(parseCsv('h1,h2\n1,2\r\n\r\n3,4\r5,6')).toEqual([['h1', 'h2'], ['1', '2'], ['3', '4'], ['5', '6']]);
    expect(parseCsv(',,\n,,\n')).toEqual([]);
    expect(parseCsv('')).toEqual([]);
  });

  it('uses semicolons when the header has them and no commas', () => {
    expect(parseCsv('a;b\n"1;2";3,5')).toEqual([['a', 'b'], ['1;2', '3,5']]);
  });

  it('refuses an unclosed quote and too many records', () => {
    expect(() => parseCsv('a\n"open\nstill')).toThrow(new CsvError('A quoted value that starts on line 2 is not closed'));
    expect(() => parseCsv('a\nb\nc\n', 2)).toThrow(CsvError);
    expect(parseCsv('a\nb\n', 2)).toHaveLength(2);
    // Blank lines do not count towards the limit; the line of an unclosed quote counts breaks inside earlier values.
    expect(parseCsv('a\n\n,\nb\n', 2)).toEqual([['a'], ['b']]);
    expect(() => parseCsv('a,"x\r\ny"\r\nb,"open')).toThrow(new CsvError('A quoted value that starts on line 3 is not closed'));
  });
});

describe('decodeUtf8', () => {
  it('drops the byte order mark and refuses other encodings', () => {
    expect(decodeUtf8(Buffer.from('\uFEFFಕನ್ನಡ,x', 'utf8'))).toBe('ಕನ್ನಡ,x');
    expect(() => decodeUtf8(Buffer.from('José', 'latin1'))).toThrow(CsvError);
    expect(() => decodeUtf8(Buffer.from([0x61, 0x00, 0x62]))).toThrow(CsvError);
  });
});

describe('csvCell and toCsv', () => {
  it('neutralises what a spreadsheet would run, quotes what needs it', () => {
    // An escaped cell is also quoted, so no reader can drop the apostrophe with the quotes.
    expect(csvCell("=cmd|' /C calc'!A0")).toBe(`"'=cmd|' /C calc'!A0"`);
    expect(csvCell('+1')).toBe(`"'+1"`);
    expect(csvCell('-1')).toBe(`"'-1"`);
    expect(csvCell('@SUM(A1)')).toBe(`"'@SUM(A1)"`);
    expect(csvCell('\t=1')).toBe(`"'\t=1"`);
    expect(csvCell('\r=1')).toBe(`"'\r=1"`);
    expect(csvCell('=1,2')).toBe(`"'=1,2"`);
    // A formula with a line break after it is still a formula.
    expect(csvCell('=1+1\nnext')).toBe(`"'=1+1\nnext"`);
    expect(csvCell('=HYPERLINK("http://x.test")')).toBe(`"'=HYPERLINK(""http://x.test"")"`);
    expect(csvCell('a "b", c')).toBe('"a ""b"", c"');
    expect(csvCell('line\nbreak')).toBe('"line\nbreak"');
    expect(csvCell(-5)).toBe('-5');
    expect(csvCell(null)).toBe('');
    expect(csvCell('Ravi = Kumar')).toBe('Ravi = Kumar');
  });

  it('writes a byte order mark and CRLF, and reads back what it wrote', () => {
    const text = csvFile(['A', 'B'], [['x, y', '=1'], [1, null]]);
    expect(text).toBe('\uFEFFA,B\r\n"x, y","\'=1"\r\n1,\r\n');
    expect(parseCsv(text.slice(1))).toEqual([['A', 'B'], ['x, y', "'=1"], ['1', '']]);
  });
});
