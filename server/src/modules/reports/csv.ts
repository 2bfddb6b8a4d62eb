// CSV cells and lines (RFC 4180) with formula injection guarded: a cell a spreadsheet would read
// as a formula (starting with =, +, -, @, or a tab or carriage return before one) gets a leading
// apostrophe, so it stays text.
const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: string): string {
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export const csvLine = (cells: readonly string[]): string => `${cells.map(csvCell).join(',')}\r\n`;
