// A tax report's two files from its figures: the CSV (one header, a section code per line, the
// summary's totals as TOTAL lines; cells guarded against formulas by csv.ts) and the PDF (pdfkit:
// real text in the person's language, their name and masked NIK, the period, tables that continue
// on the next page with their header repeated, and the same totals as the CSV).
import PDFDocument from 'pdfkit';
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

const CSV_HEADER = ['section', 'month', 'time', 'product', 'symbol', 'quantity', 'price', 'currency', 'amount', 'rate', 'amount_idr', 'tax_rate', 'expected_idr', 'withheld_idr', 'agrees'];

/** The CSV's lines (header first). */
export function taxCsvLines(doc: TaxDocument): string[] {
  const { figures, offset } = doc;
  const line = (cells: Partial<Record<(typeof CSV_HEADER)[number], string>>) => csvLine(CSV_HEADER.map((h) => cells[h] ?? ''));
  const out = [csvLine(CSV_HEADER)];
  for (const s of figures.withholdings) {
    out.push(line({ section: s.side === 'SELL' ? 'SALE' : 'PURCHASE', month: monthOf(s.at, offset), time: s.at.toISOString(), product: s.product, symbol: s.symbol, quantity: s.quantity, price: s.price, currency: 'IDR', amount: s.value, rate: '1', amount_idr: s.value, tax_rate: s.rate, expected_idr: s.expected, withheld_idr: s.withheld, agrees: s.agrees ? 'yes' : 'no' }));
  }
  for (const m of figures.monthly) {
    out.push(line({ section: 'MONTH', month: m.month, product: m.product, quantity: String(m.count), currency: 'IDR', amount: m.value, amount_idr: m.value, withheld_idr: m.withheld }));
  }
  for (const f of figures.foreign) {
    out.push(line({ section: f.section, month: monthOf(f.at, offset), time: f.at.toISOString(), product: f.section.startsWith('US') ? 'US_STOCK' : 'PERPS', symbol: f.symbol, quantity: f.quantity, currency: f.currency, amount: f.amount, rate: f.rate, amount_idr: f.amountIdr }));
  }
  for (const h of figures.holdings) {
    out.push(line({ section: 'HOLDING', product: h.wallet, symbol: h.asset, quantity: h.quantity, currency: h.costCurrency, amount: h.cost, rate: h.rate, amount_idr: h.valueIdr }));
  }
  out.push(line({ section: 'COST_METHOD', symbol: figures.summary.costMethod }));
  for (const key of SUMMARY_KEYS) out.push(line({ section: 'TOTAL', symbol: key, amount_idr: String(figures.summary[key]) }));
  return out;
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

interface Column {
  readonly title: string;
  readonly width: number;
  readonly align?: 'left' | 'right';
}

/** The PDF as a Buffer. */
export function taxPdf(doc: TaxDocument): Promise<Buffer> {
  const t: TaxTexts = TAX_TEXTS[doc.language];
  const lang = doc.language;
  const pdf = new PDFDocument({ size: 'A4', margin: 40, bufferPages: true, info: { Title: t.title, Author: 'Pasar' } });
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

  /** A table whose rows continue on the next page (at most `rowsPerPage` a page) with the header repeated. */
  const table = (title: string, columns: readonly Column[], rows: readonly (readonly string[])[]) => {
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

  const { figures } = doc;
  const summary = figures.summary;
  table(
    t.totals,
    [{ title: '', width: 340 }, { title: '', width: 175, align: 'right' }],
    SUMMARY_KEYS.map((key) => [t.summary[key], typeof summary[key] === 'number' ? String(summary[key]) : figureText(String(summary[key]), lang)]),
  );
  table(
    t.sections.sales,
    [
      { title: t.columns.time, width: 72 },
      { title: t.columns.product, width: 38 },
      { title: t.columns.side, width: 46 },
      { title: t.columns.symbol, width: 50 },
      { title: t.columns.quantity, width: 62, align: 'right' },
      { title: t.columns.value, width: 82, align: 'right' },
      { title: t.columns.rate, width: 40, align: 'right' },
      { title: t.columns.withheld, width: 72, align: 'right' },
      { title: '', width: 50 },
    ],
    figures.withholdings.map((s) => [localTime(s.at, doc.offset), s.product, t.sides[s.side], s.symbol, figureText(s.quantity, lang), figureText(s.value, lang), percentText(s.rate, lang), figureText(s.withheld, lang), s.agrees ? '' : t.mismatch]),
  );
  table(
    t.sections.monthly,
    [
      { title: t.columns.month, width: 80 },
      { title: t.columns.product, width: 80 },
      { title: t.columns.count, width: 80, align: 'right' },
      { title: t.columns.value, width: 140, align: 'right' },
      { title: t.columns.withheld, width: 135, align: 'right' },
    ],
    figures.monthly.map((m) => [m.month, m.product, String(m.count), figureText(m.value, lang), figureText(m.withheld, lang)]),
  );
  const crypto = figures.monthly.filter((m) => m.product === 'CRYPTO');
  table(
    t.sections.statement,
    [
      { title: t.columns.month, width: 200 },
      { title: t.columns.value, width: 160, align: 'right' },
      { title: t.columns.withheld, width: 155, align: 'right' },
    ],
    crypto.map((m) => [t.statementLine(m.month, m.count), figureText(m.value, lang), figureText(m.withheld, lang)]),
  );
  table(
    t.sections.foreign,
    [
      { title: t.columns.time, width: 78 },
      { title: t.columns.kind, width: 92 },
      { title: t.columns.symbol, width: 70 },
      { title: t.columns.amount, width: 90, align: 'right' },
      { title: t.columns.fxRate, width: 80, align: 'right' },
      { title: t.columns.amountIdr, width: 105, align: 'right' },
    ],
    figures.foreign.map((f) => [localTime(f.at, doc.offset), t.foreignKinds[f.section] ?? f.section, f.symbol, `${f.currency} ${figureText(f.amount, lang)}`, figureText(f.rate, lang), figureText(f.amountIdr, lang)]),
  );
  table(
    t.sections.holdings,
    [
      { title: t.columns.asset, width: 70 },
      { title: t.columns.wallet, width: 90 },
      { title: t.columns.quantity, width: 90, align: 'right' },
      { title: t.columns.cost, width: 100, align: 'right' },
      { title: t.columns.fxRate, width: 65, align: 'right' },
      { title: t.columns.amountIdr, width: 100, align: 'right' },
    ],
    figures.holdings.map((h) => [h.asset, h.wallet, figureText(h.quantity, lang), `${h.costCurrency} ${figureText(h.cost, lang)}`, figureText(h.rate, lang), figureText(h.valueIdr, lang)]),
  );

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
