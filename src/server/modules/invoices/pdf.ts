/** An invoice or credit note as an A4 PDF, in fonts embedded in the file (pdf-text.ts). */
import PDFDocument from "pdfkit";
import { INVOICE_KIND_LABELS } from "../../../domain/labels.js";
import { formatMoney } from "../../../domain/money.js";
import type { Invoice, Party } from "../../../domain/schemas/invoices.js";
import { type Place, type Style, TextWriter } from "./pdf-text.js";

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

  constructor(doc: PDFKit.PDFDocument) {
    this.doc = doc;
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
    if (party.taxId) this.y += this.paragraph(`Tax ID ${party.taxId}`, x, width, MUTED);
    const height = this.y - top;
    this.y = top;
    return height;
  }
}

const percent = new Intl.NumberFormat("en-IN", { maximumFractionDigits: 3 });

function header(page: Page, invoice: Invoice, title: string): void {
  const { text, left, right } = page;
  const width = right - left;
  const sellerHeight = page.party("", invoice.seller, left, width / 2 - 10, { size: 13, bold: true });
  text.line(title, left, page.y + 16, { size: 22, bold: true }, { width, align: "right" });
  text.line(invoice.number, left, page.y + 33, { size: 11.5, bold: true }, { width, align: "right" });
  const facts = [
    ["Issue date", invoice.issueDate.slice(0, 10)],
    ["Reservation", invoice.reservationCode],
  ] as const;
  facts.forEach(([label, value], i) => {
    const baseline = page.y + 52 + i * LINE;
    text.line(label, right - 200, baseline, MUTED);
    text.line(value, right - 110, baseline, BODY, { width: 110, align: "right" });
  });
  page.y += Math.max(sellerHeight, 52 + facts.length * LINE) + 16;
  page.y += page.party("Bill to", invoice.billTo, left, width / 2 - 10, { size: 10.5, bold: true }) + 18;
}

function lines(page: Page, invoice: Invoice, money: (amount: number) => string): void {
  type Line = Invoice["lines"][number];
  const rows = invoice.lines;
  const amount = (title: string, pick: (line: Line) => number): Column<Line> => {
    const cell = (line: Line) => money(pick(line));
    return { title, width: page.fit(title, rows, cell), align: "right", cell };
  };
  const date = (line: Line) => line.date.slice(0, 10);
  const quantity = (line: Line) => String(line.quantity);
  const columns: Column<Line>[] = [
    { title: "Date", width: page.fit("Date", rows, date), align: "left", cell: date },
    { title: "Description", width: 0, align: "left", cell: (line) => line.description },
    { title: "Qty", width: page.fit("Qty", rows, quantity), align: "right", cell: quantity },
    amount("Unit price", (line) => line.unitPrice),
    amount("Net", (line) => line.net),
    amount("Tax", (line) => line.tax),
    amount("Gross", (line) => line.gross),
  ];
  page.table(columns, rows, page.left, page.right - page.left);
}

/** The tax summary and, beside it, the totals: kept together on one page. */
function summary(page: Page, invoice: Invoice, money: (amount: number) => string): void {
  type Row = Invoice["taxes"][number];
  const totals = [
    { label: "Net", amount: invoice.net },
    { label: "Tax", amount: invoice.tax },
    { label: "Total", amount: invoice.gross, strong: true },
    { label: "Paid", amount: invoice.payments, gap: 6 },
    { label: "Balance due", amount: invoice.balance, strong: true },
  ];
  const width = page.right - page.left;
  page.ensure(18 + Math.max(LINE + 8 + invoice.taxes.length * (LINE + 4), totals.length * 16 + 6));
  page.y += 18;
  const top = page.y;
  const columns: Column<Row>[] = [
    { title: "Tax", width: 0, align: "left", cell: (row) => row.name || "No tax" },
    { title: "Rate", width: 48, align: "right", cell: (row) => `${percent.format(row.percent)}%` },
    { title: "Net", width: 84, align: "right", cell: (row) => money(row.net) },
    { title: "Tax", width: 76, align: "right", cell: (row) => money(row.tax) },
  ];
  page.table(columns, invoice.taxes, page.left, width * 0.58);
  const taxesBottom = page.y;

  const x = page.left + width * 0.64;
  const totalsWidth = page.right - x;
  page.y = top;
  for (const { label, amount, strong, gap } of totals) {
    page.y += gap ?? 0;
    const style: Style = { size: strong ? 10.5 : 9.5, bold: strong };
    page.text.line(label, x, page.y + 12, strong ? style : { ...style, color: COLORS.muted });
    page.text.line(money(amount), x, page.y + 12, style, { width: totalsWidth, align: "right" });
    page.y += 16;
    if (strong) page.rule(x, page.y - 1, totalsWidth);
  }
  page.y = Math.max(page.y, taxesBottom);
}

function footers(page: Page, invoice: Invoice, title: string): void {
  const { doc } = page;
  const { start, count } = doc.bufferedPageRange();
  for (let i = 0; i < count; i++) {
    doc.switchToPage(start + i);
    const footer = `${title} ${invoice.number} · Page ${i + 1} of ${count}`;
    const place = { width: page.right - page.left, align: "right" } as const;
    page.text.line(footer, page.left, doc.page.height - MARGIN + 10, { size: 8, color: COLORS.muted }, place);
  }
}

/** The PDF's file name: the invoice's number, kept to characters every mail client and disk takes. */
export const pdfFileName = (invoice: Pick<Invoice, "number">): string =>
  `${invoice.number.replace(/[^A-Za-z0-9._-]/g, "_")}.pdf`;

/** The invoice as PDF bytes; the same invoice always gives the same bytes. */
export async function renderInvoicePdf(invoice: Invoice): Promise<Buffer> {
  const created = new Date(invoice.createdAt);
  const doc = new PDFDocument({
    size: "A4",
    margin: MARGIN,
    bufferPages: true,
    displayTitle: true,
    lang: "en",
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

  const page = new Page(doc);
  const money = (amount: number) => formatMoney(amount, invoice.currency);
  const title = INVOICE_KIND_LABELS[invoice.kind];
  header(page, invoice, title);
  lines(page, invoice, money);
  summary(page, invoice, money);
  footers(page, invoice, title);
  doc.end();
  return done;
}
