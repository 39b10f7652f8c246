/**
 * An invoice or credit note as an A4 PDF, in fonts embedded in the file (pdf-text.ts), in the guest's language:
 * its words (pdf-words.ts) and its dates, numbers and money (src/server/i18n/formats.ts).
 */
import PDFDocument from "pdfkit";
import { roomNightType } from "../../../domain/folio.js";
import type { Invoice, Party } from "../../../domain/schemas/invoices.js";
import { type Formats, formatsOf, guestLanguage } from "../../i18n/formats.js";
import { type Place, type Style, TextWriter } from "./pdf-text.js";
import { PDF_WORDS, type PdfWords } from "./pdf-words.js";

const MARGIN = 50;
const LINE = 12.5;
const CELL_PAD = 5;
const COLORS = { muted: "#5f6b7a", rule: "#c9d1d9", band: "#eef1f4" };
const BODY: Style = { size: 9 };
const MUTED: Style = { size: 9, color: COLORS.muted };
const HEAD: Style = { size: 8.5, bold: true, color: COLORS.muted };

type Column<R> = {
  title: string;
  /** 0: takes what the other columns leave. */
  width: number;
  align: Place["align"];
  cell: (row: R) => string;
};

/** The page flow: `y` is the top of what comes next. */
class Page {
  y = MARGIN;
  readonly left = MARGIN;
  readonly right: number;
  readonly bottom: number;
  readonly text: TextWriter;
  readonly doc: PDFKit.PDFDocument;
  readonly words: PdfWords;
  readonly format: Formats;

  constructor(doc: PDFKit.PDFDocument, words: PdfWords, format: Formats) {
    this.doc = doc;
    this.words = words;
    this.format = format;
    this.text = new TextWriter(doc);
    this.right = doc.page.width - MARGIN;
    // Room for the footer under the last row.
    this.bottom = doc.page.height - MARGIN - 20;
  }

  /** Wrapped text from `y` on; returns its height and leaves `y` alone. */
  paragraph(text: string, x: number, width: number, style: Style): number {
    const lines = this.text.wrap(text, width, style);
    lines.forEach((line, i) => {
      this.text.line(line, x, this.y + (i + 1) * LINE - 3.5, style);
    });
    return lines.length * LINE;
  }

  rule(x: number, y: number, width: number): void {
    this.doc
      .moveTo(x, y)
      .lineTo(x + width, y)
      .lineWidth(0.6)
      .strokeColor(COLORS.rule)
      .stroke();
  }

  /** Starts a new page unless `height` still fits on this one; true when it did. */
  ensure(height: number): boolean {
    if (this.y + height <= this.bottom) return false;
    this.doc.addPage();
    this.y = MARGIN;
    return true;
  }

  /** The width a column needs for its title and its widest cell. */
  fit<R>(title: string, rows: R[], cell: (row: R) => string): number {
    const widest = Math.max(
      this.text.width(title, HEAD),
      ...rows.map((row) => this.text.width(cell(row), BODY)),
    );
    return Math.ceil(widest) + 2 * CELL_PAD;
  }

  /** A table with its header row repeated at the top of every page it runs onto. */
  table<R>(columns: Column<R>[], rows: R[], x: number, width: number): void {
    const fixed = columns.reduce((sum, column) => sum + column.width, 0);
    const flexible = columns.filter((column) => column.width === 0).length;
    // Amounts too wide for the page still leave the flexible columns a few words' width.
    const rest = Math.max((width - fixed) / flexible, 60);
    const inner = columns.map((column) => (column.width || rest) - 2 * CELL_PAD);
    const wrap = (texts: string[], style: Style) =>
      texts.map((text, i) => this.text.wrap(text, inner[i] ?? 0, style));
    const draw = (cells: string[][], style: Style, top: number) => {
      let left = x + CELL_PAD;
      cells.forEach((lines, i) => {
        const place = { width: inner[i], align: columns[i]?.align };
        lines.forEach((line, n) => {
          this.text.line(line, left, top + (n + 1) * LINE - 1.5, style, place);
        });
        left += (inner[i] ?? 0) + 2 * CELL_PAD;
      });
    };
    const titles = wrap(
      columns.map((column) => column.title),
      HEAD,
    );
    const header = () => {
      this.doc.rect(x, this.y, width, LINE + 6).fill(COLORS.band);
      draw(titles, HEAD, this.y + 1.5);
      this.y += LINE + 8;
    };
    // Never a header alone at the foot of a page.
    this.ensure(2 * LINE + 12);
    header();
    for (const row of rows) {
      const cells = wrap(
        columns.map((column) => column.cell(row)),
        BODY,
      );
      const height = Math.max(...cells.map((lines) => lines.length)) * LINE + 4;
      if (this.ensure(height)) header();
      draw(cells, BODY, this.y);
      this.y += height;
      this.rule(x, this.y - 1, width);
    }
  }

  /** A party's name, address and tax ID from `y` on; returns its height and leaves `y` alone. */
  party(label: string, party: Party, x: number, width: number, nameStyle: Style): number {
    const top = this.y;
    if (label) {
      this.text.line(label, x, this.y + 9, HEAD);
      this.y += 14;
    }
    this.y += this.paragraph(party.name, x, width, nameStyle);
    if (party.address) this.y += this.paragraph(party.address, x, width, BODY);
    if (party.taxId) this.y += this.paragraph(this.words.taxId(party.taxId), x, width, MUTED);
    const height = this.y - top;
    this.y = top;
    return height;
  }
}

function header(page: Page, invoice: Invoice, title: string): void {
  const { text, left, right, words, format } = page;
  const width = right - left;
  const sellerHeight = page.party("", invoice.seller, left, width / 2 - 10, { size: 13, bold: true });
  text.line(title, left, page.y + 16, { size: 22, bold: true }, { width, align: "right" });
  text.line(invoice.number, left, page.y + 33, { size: 11.5, bold: true }, { width, align: "right" });
  const facts = [
    [words.issueDate, format.date(invoice.issueDate, "medium")],
    [words.reservation, invoice.reservationCode],
  ] as const;
  facts.forEach(([label, value], i) => {
    const baseline = page.y + 52 + i * LINE;
    // A label longer than English's starts further left rather than running into its value.
    const labelX = Math.min(right - 200, right - 110 - 8 - text.width(label, MUTED));
    text.line(label, labelX, baseline, MUTED);
    text.line(value, right - 110, baseline, BODY, { width: 110, align: "right" });
  });
  page.y += Math.max(sellerHeight, 52 + facts.length * LINE) + 16;
  page.y += page.party(words.billTo, invoice.billTo, left, width / 2 - 10, { size: 10.5, bold: true }) + 18;
}

/**
 * A line's description in the PDF's language: a stay's night is written from its room type (the folio stores
 * it in English, `roomNightLabel`); anything else (a product, a charge, the city tax) as the hotel named it.
 */
function lineDescription(line: { kind: string; description: string }, words: PdfWords): string {
  const type = line.kind === "room" ? roomNightType(line.description) : null;
  return type === null ? line.description : words.roomNight(type);
}
function lines(page: Page, invoice: Invoice, money: (amount: number) => string): void {
  const { words, format } = page;
  type Line = Invoice["lines"][number];
  const rows = invoice.lines;
  const amount = (title: string, pick: (line: Line) => number): Column<Line> => {
    const cell = (line: Line) => money(pick(line));
    return { title, width: page.fit(title, rows, cell), align: "right", cell };
  };
  const date = (line: Line) => format.date(line.date, "medium");
  const quantity = (line: Line) => format.number(line.quantity);
  const columns: Column<Line>[] = [
    { title: words.date, width: page.fit(words.date, rows, date), align: "left", cell: date },
    { title: words.description, width: 0, align: "left", cell: (line) => lineDescription(line, words) },
    {
      title: words.quantity,
      width: page.fit(words.quantity, rows, quantity),
      align: "right",
      cell: quantity,
    },
    amount(words.unitPrice, (line) => line.unitPrice),
    amount(words.net, (line) => line.net),
    amount(words.tax, (line) => line.tax),
    amount(words.gross, (line) => line.gross),
  ];
  page.table(columns, rows, page.left, page.right - page.left);
}

/** The tax summary and, beside it, the totals: kept together on one page. */
function summary(page: Page, invoice: Invoice, money: (amount: number) => string): void {
  const { words, format } = page;
  type Row = Invoice["taxes"][number];
  const totals = [
    { label: words.totalNet, amount: invoice.net },
    { label: words.totalTax, amount: invoice.tax },
    { label: words.total, amount: invoice.gross, strong: true },
    { label: words.paid, amount: invoice.payments, gap: 6 },
    { label: words.balanceDue, amount: invoice.balance, strong: true },
  ];
  const width = page.right - page.left;
  const x = page.left + width * 0.64;
  const totalsWidth = page.right - x;
  // A label too long to stand beside its amount ("Pendiente de pago" by a large one) wraps instead of under it.
  const rows = totals.map((total) => {
    const style: Style = { size: total.strong ? 10.5 : 9.5, bold: total.strong };
    const figure = money(total.amount);
    const room = totalsWidth - page.text.width(figure, style) - 8;
    return { ...total, style, figure, lines: page.text.wrap(total.label, room, style) };
  });
  const totalsHeight = rows.reduce(
    (sum, row) => sum + 16 + (row.lines.length - 1) * LINE + (row.gap ?? 0),
    0,
  );
  page.ensure(18 + Math.max(LINE + 8 + invoice.taxes.length * (LINE + 4), totalsHeight + 6));
  page.y += 18;
  const top = page.y;
  // At least English's widths, wider where a language writes longer amounts ("1.350.000,00 INR" in Spanish).
  const fixed = (title: string, least: number, cell: (row: Row) => string) => ({
    title,
    width: Math.max(least, page.fit(title, invoice.taxes, cell)),
    align: "right" as const,
    cell,
  });
  const columns: Column<Row>[] = [
    { title: words.tax, width: 0, align: "left", cell: (row) => row.name || words.noTax },
    fixed(words.rate, 48, (row) => format.percent(row.percent)),
    fixed(words.net, 84, (row) => money(row.net)),
    fixed(words.tax, 76, (row) => money(row.tax)),
  ];
  page.table(columns, invoice.taxes, page.left, width * 0.58);
  const taxesBottom = page.y;

  page.y = top;
  for (const { lines, figure, style, strong, gap } of rows) {
    page.y += gap ?? 0;
    lines.forEach((line, i) => {
      page.text.line(line, x, page.y + 12 + i * LINE, strong ? style : { ...style, color: COLORS.muted });
    });
    page.text.line(figure, x, page.y + 12, style, { width: totalsWidth, align: "right" });
    page.y += 16 + (lines.length - 1) * LINE;
    if (strong) page.rule(x, page.y - 1, totalsWidth);
  }
  page.y = Math.max(page.y, taxesBottom);
}

function footers(page: Page, invoice: Invoice, title: string): void {
  const { doc } = page;
  const { start, count } = doc.bufferedPageRange();
  for (let i = 0; i < count; i++) {
    doc.switchToPage(start + i);
    const footer = page.words.footer(title, invoice.number, i + 1, count);
    const place = { width: page.right - page.left, align: "right" } as const;
    page.text.line(footer, page.left, doc.page.height - MARGIN + 10, { size: 8, color: COLORS.muted }, place);
  }
}

/** The PDF's file name: the invoice's number, kept to characters every mail client and disk takes. */
export const pdfFileName = (invoice: Pick<Invoice, "number">): string =>
  `${invoice.number.replace(/[^A-Za-z0-9._-]/g, "_")}.pdf`;

/**
 * The invoice as PDF bytes in `language` (the guest's BCP 47 tag; English for one the PDF is not written in);
 * the same invoice in the same language always gives the same bytes.
 */
export async function renderInvoicePdf(invoice: Invoice, language?: string | null): Promise<Buffer> {
  const format = formatsOf(guestLanguage(language));
  const words = PDF_WORDS[format.language];
  const created = new Date(invoice.createdAt);
  const doc = new PDFDocument({
    size: "A4",
    margin: MARGIN,
    bufferPages: true,
    displayTitle: true,
    lang: format.language,
    info: {
      Title: invoice.number,
      Creator: "Innkeep",
      // The invoice's own time rather than now: the document ID is derived from it, so bytes repeat.
      CreationDate: Number.isNaN(created.getTime()) ? new Date(0) : created,
    },
  });
  const chunks: Uint8Array[] = [];
  doc.on("data", (chunk: Uint8Array) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });

  const page = new Page(doc, words, format);
  const money = (amount: number) => format.money(amount, invoice.currency);
  const title = words.kind[invoice.kind];
  header(page, invoice, title);
  lines(page, invoice, money);
  summary(page, invoice, money);
  footers(page, invoice, title);
  doc.end();
  return done;
}
