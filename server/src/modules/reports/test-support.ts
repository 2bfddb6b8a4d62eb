// What the tax reports' tests share to read a report's kept files back: the CSV's cells, its TOTAL
// lines, and every text item of every page of the PDF (pdfjs-dist in a child process).
import { spawn } from 'node:child_process';
import path from 'node:path';

/** The CSV's cells (RFC 4180 with quoted cells), a row per line. */
export function parseCsv(text: string): string[][] {
  return text
    .trim()
    .split('\r\n')
    .map((line) => {
      const cells: string[] = [];
      for (let i = 0; i < line.length; ) {
        if (line[i] === '"') {
          let cell = '';
          i += 1;
          while (i < line.length) {
            if (line[i] === '"' && line[i + 1] === '"') (cell += '"'), (i += 2);
            else if (line[i] === '"') {
              i += 1;
              break;
            } else cell += line[i++];
          }
          cells.push(cell);
          i += 1;
        } else {
          const end = line.indexOf(',', i);
          cells.push(line.slice(i, end === -1 ? line.length : end));
          i = end === -1 ? line.length + 1 : end + 1;
        }
      }
      if (line.endsWith(',')) cells.push('');
      return cells;
    });
}

/** A cell as written before csv.ts's formula guard ('-1500 → -1500). */
export const unguarded = (cell: string): string => (/^'[=+\-@]/.test(cell) ? cell.slice(1) : cell);

/** The CSV's TOTAL lines: summary key → amount_idr. */
export function csvTotals(rows: readonly (readonly string[])[]): Record<string, string> {
  const header = rows[0] ?? [];
  return Object.fromEntries(rows.filter((r) => r[0] === 'TOTAL').map((r) => [r[header.indexOf('symbol')], unguarded(r[header.indexOf('amount_idr')] ?? '')]));
}

/** Every text item of every page of the PDF, in order. */
export async function pdfText(data: Buffer): Promise<string[][]> {
  const child = spawn(process.execPath, [path.join(__dirname, 'pdf-text.test-helper.mjs')], { stdio: ['pipe', 'pipe', 'inherit'] });
  const out: Buffer[] = [];
  child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
  const code = await new Promise<number | null>((resolve) => {
    child.on('close', resolve);
    child.stdin.end(data);
  });
  if (code !== 0) throw new Error(`pdf-text exited with ${code}`);
  return JSON.parse(Buffer.concat(out).toString('utf8')) as string[][];
}

/** The figure printed beside a label in the PDF, back in the CSV's plain form (1.234,5 → 1234.5 in Indonesian). */
export function pdfFigureAfter(items: readonly string[], label: string, language: 'id' | 'en'): string | undefined {
  const at = items.indexOf(label);
  if (at < 0) return undefined;
  const text = items[at + 1] ?? '';
  return language === 'id' ? text.replace(/\./g, '').replace(',', '.') : text.replace(/,/g, '');
}
