// A tax report's two files from its figures: the CSV (one header, a section code per line, the
// summary's totals as TOTAL lines; cells guarded against formulas by csv.ts) and the PDF (pdfkit:
// real text in the person's language, their name and masked NIK, the period, tables that continue
// on the next page with their header repeated, and the same totals as the CSV).
import type PDFKit from 'pdfkit';
import Decimal from 'decimal.js';
import { csvLine } from './csv';
import { localIso, monthOf, type TaxFigures } from './tax-compute';
import { SUMMARY_KEYS, TAX_TEXTS, type TaxTexts } from './tax-texts';

export interface TaxDocument {
  readonly figures: TaxFigures;
  readonly language: 'id' | 'en';
  readonly person: { readonly name: string; readonly nik: string | null };
  readonly period: { readonly kind: 'YEAR' | 'MONTH'; readonly year: number; readonly month: number | null };
  readonly generatedAt: Date;
  /** The calendar offset the times are shown in ('+07:00'). */
  readonly offset: string;
  readonly rowsPerPage: number;
}

/** A NIK with only its first and last four digits shown (3171********0001). */
export function maskNik(nik: string | null): string {
  if (!nik) return '-';
  if (nik.length <= 8) return '*'.repeat(nik.length);
  return `${nik.slice(0, 4)}${'*'.repeat(nik.length - 8)}${nik.slice(-4)}`;
}

/** An instant as `YYYY-MM-DD HH:mm` at the offset. */
const localTime = (at: Date, offset: string): string => localIso(at, offset).slice(0, 16).replace('T', ' ');

const CSV_HEADER = ['section', 'month', 'time', 'product', 'symbol', 'quantity', 'price', 'currency', 'amount', 'rate', 'amount_idr', 'tax_rate', 'expected_idr', 'withheld_idr', 'agrees'] as const;
type CsvColumn = (typeof CSV_HEADER)[number];
/** One line of a listing: its CSV cells (the PDF's cells are read from them). */
type Line = Partial<Record<CsvColumn, string>>;

/** The CSV columns the PDF shows as figures (grouped in the person's way, right-aligned). */
const FIGURES: ReadonlySet<CsvColumn> = new Set(['quantity', 'price', 'amount', 'rate', 'amount_idr', 'expected_idr', 'withheld_idr']);

/**
 * A PDF column: its title (a column text, or none), its width, and its cell: a CSV column shown the
 * person's way (figures grouped, times local), or a cell of its own from the line ('right' aligns it).
 */
type PdfColumn = readonly [title: keyof TaxTexts['columns'] | '', width: number, cell: CsvColumn | ((line: Line) => string), align?: 'right'];

/** The report's listings, each written once: the CSV writes its lines, the PDF its table of them. */
function listingsOf(figures: TaxFigures, offset: string) {
  const withholdings: Line[] = figures.withholdings.map((s) => ({
    section: s.side === 'SELL' ? 'SALE' : 'PURCHASE', month: monthOf(s.at, offset), time: s.at.toISOString(), product: s.product, symbol: s.symbol, quantity: s.quantity, price: s.price,
    currency: 'IDR', amount: s.value, rate: '1', amount_idr: s.value, tax_rate: s.rate, expected_idr: s.expected, withheld_idr: s.withheld, agrees: s.agrees ? 'yes' : 'no',
  }));
  const monthly: Line[] = figures.monthly.map((m) => ({ section: 'MONTH', month: m.month, product: m.product, quantity: String(m.count), currency: 'IDR', amount: m.value, amount_idr: m.value, withheld_idr: m.withheld }));
  const foreign: Line[] = figures.foreign.map((f) => ({
    section: f.section, month: monthOf(f.at, offset), time: f.at.toISOString(), product: f.section.startsWith('US') ? 'US_STOCK' : 'PERPS', symbol: f.symbol, quantity: f.quantity,
    currency: f.currency, amount: f.amount, rate: f.rate, amount_idr: f.amountIdr,
  }));
  const holdings: Line[] = figures.holdings.map((h) => ({ section: 'HOLDING', product: h.wallet, symbol: h.asset, quantity: h.quantity, currency: h.costCurrency, amount: h.cost, rate: h.rate, amount_idr: h.valueIdr }));
  const totals: Line[] = SUMMARY_KEYS.map((key) => ({ section: 'TOTAL', symbol: key, amount_idr: String(figures.summary[key]) }));
  return { withholdings, monthly, foreign, holdings, totals, costMethod: [{ section: 'COST_METHOD', symbol: figures.summary.costMethod }] as Line[] };
}

/** The CSV's lines (header first). */
export function taxCsvLines(doc: TaxDocument): string[] {
  const l = listingsOf(doc.figures, doc.offset);
  const lines = [...l.withholdings, ...l.monthly, ...l.foreign, ...l.holdings, ...l.costMethod, ...l.totals];
  return [csvLine(CSV_HEADER), ...lines.map((line) => csvLine(CSV_HEADER.map((h) => line[h] ?? '')))];
}

/** A figure for people: grouped thousands in the language's way, decimals kept. */
export function figureText(value: string, language: 'id' | 'en'): string {
  const d = new Decimal(value);
  const [whole, fraction] = d.abs().toFixed().split('.');
  const grouped = (whole ?? '0').replace(/\B(?=(\d{3})+(?!\d))/g, language === 'id' ? '.' : ',');
  const text = fraction ? `${grouped}${language === 'id' ? ',' : '.'}${fraction}` : grouped;
  return d.isNegative() && !d.isZero() ? `-${text}` : text;
}

const percentText = (rate: string, language: 'id' | 'en'): string => `${figureText(new Decimal(rate).times(100).toFixed(), language)}%`;

/** The PDF as a Buffer. */
export async function taxPdf(doc: TaxDocument): Promise<Buffer> {
  // Loaded when a report is made, not with the server: pdfkit and its fonts were the largest
  // module of the app's import (every test file paid for it).
  const { default: PDFDocument } = await import('pdfkit');
  const t: TaxTexts = TAX_TEXTS[doc.language];
  const lang = doc.language;
  const pdf: PDFKit.PDFDocument = new PDFDocument({ size: 'A4', margin: 40, bufferPages: true, info: { Title: t.title, Author: 'Pasar' } });
  const chunks: Buffer[] = [];
  pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });
  const left = pdf.page.margins.left;
  const bottom = () => pdf.page.height - pdf.page.margins.bottom - 20;
  const periodText = doc.period.kind === 'YEAR' ? t.yearPeriod(doc.period.year) : t.monthPeriod(doc.period.year, doc.period.month ?? 1);

  pdf.font('Helvetica-Bold').fontSize(18).text(`${t.title} — ${periodText}`, left, 40);
  pdf.moveDown(0.5).font('Helvetica').fontSize(10);
  pdf.text(`${t.name}: ${doc.person.name}`);
  pdf.text(`${t.nik}: ${maskNik(doc.person.nik)}`);
  pdf.text(`${t.period}: ${periodText}`);
  pdf.text(`${t.generated}: ${localTime(doc.generatedAt, doc.offset)} WIB`);
  pdf.moveDown(0.3).fontSize(8).fillColor('#444').text(t.costMethod).text(t.conversion).fillColor('black');

  const heading = (text: string) => {
    if (pdf.y > bottom() - 60) pdf.addPage();
    pdf.moveDown(0.8).font('Helvetica-Bold').fontSize(12).text(text, left);
    pdf.moveDown(0.3);
  };

  /** A line's cell in a column, shown the person's way. */
  const cellOf = ([, , cell]: PdfColumn, line: Line): string => {
    if (typeof cell === 'function') return cell(line);
    const value = line[cell] ?? '';
    if (cell === 'time') return value ? localTime(new Date(value), doc.offset) : '';
    return FIGURES.has(cell) && value !== '' ? figureText(value, lang) : value;
  };
  const alignOf = ([, , cell, align]: PdfColumn): 'left' | 'right' => align ?? (typeof cell === 'string' && FIGURES.has(cell) ? 'right' : 'left');

  /** A table of lines whose rows continue on the next page (at most `rowsPerPage` a page) with the header repeated. */
  const table = (title: string, spec: readonly PdfColumn[], lines: readonly Line[]) => {
    const columns = spec.map((c) => ({ title: c[0] === '' ? '' : t.columns[c[0]], width: c[1], align: alignOf(c) }));
    const rows = lines.map((line) => spec.map((c) => cellOf(c, line)));
    heading(title);
    if (rows.length === 0) {
      pdf.font('Helvetica').fontSize(9).text(t.none, left);
      return;
    }
    const rowHeight = 14;
    const header = () => {
      pdf.font('Helvetica-Bold').fontSize(8);
      let x = left;
      const y = pdf.y;
      for (const c of columns) {
        pdf.text(c.title, x, y, { width: c.width - 4, align: c.align ?? 'left', lineBreak: false });
        x += c.width;
      }
      pdf.moveTo(left, y + rowHeight - 3).lineTo(x, y + rowHeight - 3).lineWidth(0.5).stroke();
      pdf.y = y + rowHeight;
    };
    header();
    let onPage = 0;
    for (const row of rows) {
      if (pdf.y + rowHeight > bottom() || onPage >= doc.rowsPerPage) {
        pdf.addPage();
        pdf.font('Helvetica-Oblique').fontSize(8).text(`${title} ${t.continued}`, left, pdf.page.margins.top);
        pdf.moveDown(0.3);
        header();
        onPage = 0;
      }
      pdf.font('Helvetica').fontSize(8);
      let x = left;
      const y = pdf.y;
      row.forEach((cell, i) => {
        const c = columns[i]!;
        pdf.text(cell, x, y, { width: c.width - 4, align: c.align ?? 'left', lineBreak: false, ellipsis: true });
        x += c.width;
      });
      pdf.y = y + rowHeight;
      onPage += 1;
    }
    pdf.x = left;
  };

  const l = listingsOf(doc.figures, doc.offset);
  const inCurrency = (line: Line) => `${line.currency ?? ''} ${figureText(line.amount ?? '0', lang)}`;
  table(t.totals, [['', 340, (line) => t.summary[line.symbol as (typeof SUMMARY_KEYS)[number]]], ['', 175, 'amount_idr']], l.totals);
  table(t.sections.sales, [
    ['time', 72, 'time'], ['product', 38, 'product'], ['side', 46, (line) => t.sides[line.section === 'SALE' ? 'SELL' : 'BUY']], ['symbol', 50, 'symbol'], ['quantity', 62, 'quantity'],
    ['value', 82, 'amount_idr'], ['rate', 40, (line) => percentText(line.tax_rate ?? '0', lang), 'right'], ['withheld', 72, 'withheld_idr'], ['', 50, (line) => (line.agrees === 'no' ? t.mismatch : '')],
  ], l.withholdings);
  table(t.sections.monthly, [['month', 80, 'month'], ['product', 80, 'product'], ['count', 80, 'quantity'], ['value', 140, 'amount_idr'], ['withheld', 135, 'withheld_idr']], l.monthly);
  table(t.sections.statement, [['month', 200, (line) => t.statementLine(line.month ?? '', Number(line.quantity))], ['value', 160, 'amount_idr'], ['withheld', 155, 'withheld_idr']], l.monthly.filter((line) => line.product === 'CRYPTO'));
  table(t.sections.foreign, [
    ['time', 78, 'time'], ['kind', 92, (line) => t.foreignKinds[line.section ?? ''] ?? line.section ?? ''], ['symbol', 70, 'symbol'], ['amount', 90, inCurrency, 'right'], ['fxRate', 80, 'rate'], ['amountIdr', 105, 'amount_idr'],
  ], l.foreign);
  table(t.sections.holdings, [['asset', 70, 'symbol'], ['wallet', 90, 'product'], ['quantity', 90, 'quantity'], ['cost', 100, inCurrency, 'right'], ['fxRate', 65, 'rate'], ['amountIdr', 100, 'amount_idr']], l.holdings);

  const range = pdf.bufferedPageRange();
  for (let i = 0; i < range.count; i++) {
    pdf.switchToPage(range.start + i);
    // Below the bottom margin, which pdfkit would otherwise answer with a new page.
    const margin = pdf.page.margins.bottom;
    pdf.page.margins.bottom = 0;
    pdf.font('Helvetica').fontSize(8).text(t.page(i + 1), left, pdf.page.height - margin + 10, { lineBreak: false });
    pdf.page.margins.bottom = margin;
  }
  pdf.end();
  return done;
}
