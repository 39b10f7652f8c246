/**
 * The invoice PDF: its text (read back with PDF.js through unpdf), its embedded fonts, its pages, and the
 * script runs and font unwrapping it is built on.
 */
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { create } from "fontkit";
import { extractText, getMeta } from "unpdf";
import { describe, expect, it } from "vitest";
import { roomNightLabel } from "../../../domain/folio.js";
import { formatMoney } from "../../../domain/money.js";
import type { Invoice } from "../../../domain/schemas/invoices.js";
import { renderInvoicePdf } from "./pdf.js";
import { isDevanagari, splitRuns, woffToSfnt } from "./pdf-text.js";
import { PDF_WORDS } from "./pdf-words.js";

const script = (codePoint: number) => (isDevanagari(codePoint) ? "deva" : "latn");
const runsOf = (text: string) => splitRuns(text, script).map((run) => [run.face, run.text]);

describe("splitRuns", () => {
  it("keeps a Latin name with its diacritics in one run", () => {
    expect(runsOf("Zoë Ångström")).toEqual([["latn", "Zoë Ångström"]]);
  });

  it("keeps a Devanagari name, its space and its joiners in one run so it is shaped whole", () => {
    expect(runsOf("राहुल शर्मा")).toEqual([["deva", "राहुल शर्मा"]]);
    expect(runsOf("क्\u200dष")).toEqual([["deva", "क्\u200dष"]]);
  });

  it("cuts mixed text where the script changes; a space goes with the run before it", () => {
    expect(runsOf("Guest राहुल (VIP) ")).toEqual([
      ["latn", "Guest "],
      ["deva", "राहुल "],
      ["latn", "(VIP) "],
    ]);
    expect(runsOf(" राहुल")).toEqual([["deva", " राहुल"]]);
    expect(runsOf("   ")).toEqual([]);
  });

  it("reads code points, not UTF-16 units", () => {
    expect(runsOf("a\u{11b00}b")).toEqual([
      ["latn", "a"],
      ["deva", "\u{11b00}"],
      ["latn", "b"],
    ]);
  });
});

describe("woffToSfnt", () => {
  it("unwraps a WOFF font into the same TrueType font", () => {
    const path = createRequire(import.meta.url).resolve(
      "@fontsource/noto-sans-devanagari/files/noto-sans-devanagari-devanagari-400-normal.woff",
    );
    const woff = readFileSync(path);
    const sfnt = woffToSfnt(woff);
    expect(sfnt.readUInt32BE(0)).toBe(0x00010000);
    const [wrapped, unwrapped] = [create(woff), create(sfnt)];
    if (!("layout" in wrapped) || !("layout" in unwrapped)) throw new Error("expected single fonts");
    expect(unwrapped.numGlyphs).toBe(wrapped.numGlyphs);
    const glyphs = (font: typeof wrapped) => font.layout("शर्मा").glyphs.map((glyph) => glyph.id);
    expect(glyphs(unwrapped)).toEqual(glyphs(wrapped));
    expect(() => woffToSfnt(sfnt)).toThrow("not a WOFF 1.0 file");
  });
});

const ids = {
  invoice: "0b6f3a52-6a4e-4f7c-9d55-3f1f0f3f6a01",
  reservation: "0b6f3a52-6a4e-4f7c-9d55-3f1f0f3f6a02",
  rate: "0b6f3a52-6a4e-4f7c-9d55-3f1f0f3f6a03",
};

function invoiceWith(lineCount: number, overrides: Partial<Invoice> = {}): Invoice {
  const lines = Array.from({ length: lineCount }, (_, i) => ({
    kind: i === 0 ? ("room" as const) : ("extra" as const),
    date: `2030-06-${String(1 + (i % 28)).padStart(2, "0")}`,
    description: i === 0 ? "Deluxe double, night of 1 June" : `Minibar item ${i}`,
    quantity: 1,
    unitPrice: 4500,
    net: 4500,
    tax: 810,
    gross: 5310,
    taxRateId: ids.rate,
    percent: 18,
  }));
  return {
    id: ids.invoice,
    number: "INV-2030-000123",
    kind: "invoice",
    status: "issued",
    issueDate: "2030-06-04",
    reservationId: ids.reservation,
    reservationCode: "RES-7KQ2M",
    creditedInvoiceId: null,
    creditNoteId: null,
    seller: {
      name: "Hotel Lakeview Pvt. Ltd.",
      address: "12 MG Road\nBengaluru 560001",
      taxId: "29ABCDE1234F1Z5",
    },
    billTo: { name: "Zoë Ångström", address: "राहुल शर्मा\nStorgatan 4, Stockholm", taxId: "SE556677889901" },
    lines,
    taxes: [
      { taxRateId: ids.rate, name: "GST", percent: 18, net: 4500 * lineCount, tax: 810 * lineCount },
      { taxRateId: null, name: "", percent: 0, net: 200, tax: 0 },
    ],
    net: 4500 * lineCount + 200,
    tax: 810 * lineCount,
    gross: 5310 * lineCount + 200,
    payments: 5000,
    balance: 5310 * lineCount + 200 - 5000,
    currency: "INR",
    createdAt: "2030-06-04T10:15:00.000Z",
    ...overrides,
  };
}

/** The text poppler reads, or null where poppler-utils is not installed (CI machines may lack it). */
function pdftotext(pdf: Buffer): string | null {
  try {
    return execFileSync("pdftotext", ["-", "-"], { input: pdf }).toString("utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
}

/** PDF.js detaches the buffer it is given: each read gets its own copy. */
const pagesOf = async (pdf: Buffer) => (await extractText(new Uint8Array(pdf))).text;

describe("renderInvoicePdf", () => {
  it("prints the invoice's number, parties, stay, lines, taxes and totals", async () => {
    const invoice = invoiceWith(3);
    const pdf = await renderInvoicePdf(invoice);
    expect(pdf.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    const pages = await pagesOf(pdf);
    expect(pages).toHaveLength(1);
    const text = pages[0] ?? "";
    for (const expected of [
      "Invoice",
      "INV-2030-000123",
      "2030-06-04",
      "Hotel Lakeview Pvt. Ltd.",
      "Tax ID 29ABCDE1234F1Z5",
      "Bill to",
      "Zoë Ångström",
      "Tax ID SE556677889901",
      "Deluxe double, night of 1 June",
      "Minibar item 2",
      "No tax",
      "Balance due",
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).toMatch(/Reservation\s+RES-7KQ2M/);
    expect(text).toMatch(/Date\s+Description\s+Qty\s+Unit price\s+Net\s+Tax\s+Gross/);
    expect(text).toMatch(/GST\s+18%\s+₹13,500\.00\s+₹2,430\.00/);
    for (const [label, amount] of [
      ["Net", 13_700],
      ["Tax", 2430],
      ["Total", 16_130],
      ["Paid", 5000],
      ["Balance due", 11_130],
    ] as const) {
      expect(text).toContain(`${label} ${formatMoney(amount, "INR")}`);
    }
    // PDF.js reads shaped glyphs in visual order and ignores ActualText: the reph of "र्मा" is drawn over the
    // end of its syllable, so it comes back last. Unshaped text would come back in typed order, halant visible.
    expect(text).toContain("राहुल शमार्");
    expect(text).not.toContain("शर्मा");
  });

  it("titles a credit note and prints amounts in the currency's own decimals", async () => {
    const text = (
      await pagesOf(await renderInvoicePdf(invoiceWith(1, { kind: "credit_note", currency: "JPY" })))
    )[0];
    expect(text).toContain("Credit note");
    expect(text).not.toMatch(/^Invoice/m);
    expect(text).toContain(formatMoney(4500, "JPY"));
    expect(text).not.toContain(`${formatMoney(4500, "JPY")}.`);
  });

  it("embeds subsets of the Noto fonts and no standard font", async () => {
    const raw = (await renderInvoicePdf(invoiceWith(2))).toString("latin1");
    expect(raw).toContain("/FontFile2");
    const fonts = [...raw.matchAll(/\/BaseFont \/([\w+-]+)/g)].map((match) => match[1]);
    expect(fonts.some((name) => /^[A-Z]{6}\+NotoSans-Regular$/.test(name ?? ""))).toBe(true);
    expect(fonts.some((name) => /^[A-Z]{6}\+NotoSansDevanagari-Regular$/.test(name ?? ""))).toBe(true);
    expect(fonts.every((name) => name?.includes("+Noto"))).toBe(true);
  });

  it("is reproducible and carries the number as its title", async () => {
    const invoice = invoiceWith(2);
    const [first, second] = [await renderInvoicePdf(invoice), await renderInvoicePdf(invoice)];
    expect(first.equals(second)).toBe(true);
    const { info } = await getMeta(new Uint8Array(first));
    expect(info).toMatchObject({ Title: "INV-2030-000123", Creator: "Innkeep" });
  });

  it("runs a long invoice over pages, repeating the table's header, quickly", async () => {
    const invoice = invoiceWith(100);
    await renderInvoicePdf(invoice);
    const started = performance.now();
    const pdf = await renderInvoicePdf(invoice);
    // About 30 ms here once the fonts are loaded; the bound is loose for a busy CI machine.
    expect(performance.now() - started).toBeLessThan(400);
    const pages = await pagesOf(pdf);
    expect(pages.length).toBeGreaterThan(1);
    for (const [i, text] of pages.entries()) {
      expect(text).toContain(`Page ${i + 1} of ${pages.length}`);
      if (i < pages.length - 1 || text.includes("Minibar")) expect(text).toMatch(/Date\s+Description\s+Qty/);
    }
    const all = pages.join("\n");
    for (let i = 1; i < 100; i++) expect(all).toMatch(new RegExp(`Minibar item ${i}\\b`));
    expect(pages.at(-1)).toContain(`Balance due ${formatMoney(invoice.balance, "INR")}`);
  });

  it("gives readers that honour ActualText (poppler's pdftotext) the Devanagari as typed", async (context) => {
    const text = pdftotext(await renderInvoicePdf(invoiceWith(1)));
    if (text === null) context.skip("pdftotext (poppler-utils) is not installed: ActualText not checked");
    expect(text).toContain("राहुल शर्मा");
  });
});

describe("renderInvoicePdf in the guest's language", () => {
  it("prints a Hindi guest's invoice in Hindi, with dates and money in hi-IN", async (context) => {
    const pdf = await renderInvoicePdf(invoiceWith(3), "hi-IN");
    const text = (await pagesOf(pdf))[0] ?? "";
    // PDF.js gives shaped Devanagari in visual order (a vowel sign drawn before its consonant comes first):
    // these words have no such sign, so they come back as typed.
    for (const expected of [
      "इनवॉइस",
      "INV-2030-000123",
      "जारी करने की",
      "4 जून 2030",
      "कर पहचान संख्या 29ABCDE1234F1Z5",
      "मात्रा",
      "शुद्ध",
      "पृष्ठ 1 / 1",
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).toMatch(/1 जून 2030\s+Deluxe double/);
    expect(text).toMatch(/GST\s+18%\s+₹13,500\.00\s+₹2,430\.00/);
    expect(text).toMatch(/कुल \S+ ₹16,130\.00/);
    expect(text).toMatch(/शेष देय \S+ ₹11,130\.00/);
    for (const english of ["Invoice", "Issue date", "Bill to", "Tax ID", "Balance due", "Page"]) {
      expect(text).not.toContain(english);
    }
    // Readers that honour ActualText (poppler) get every word as typed, the vowel signs in place.
    const typed = pdftotext(pdf);
    if (typed === null) context.skip("pdftotext (poppler-utils) is not installed: typed Hindi not checked");
    // poppler lays out each script's run apart, so a sentence is checked by its Hindi words.
    const { kind, taxId, footer, roomNight, ...labels } = PDF_WORDS.hi;
    const sentences = [taxId(""), footer("", "", 1, 1)].map((sentence) => sentence.replace(/[\d ·/]+/g, " "));
    for (const word of [kind.invoice, ...Object.values(labels), ...sentences.map((s) => s.trim())]) {
      expect(typed).toContain(word);
    }
  });

  it("writes a stay's night in the guest's language, from its room type; other lines as the hotel named them", async () => {
    const invoice = invoiceWith(2);
    const [night, extra] = invoice.lines;
    if (!night || !extra) throw new Error("invoiceWith(2) has two lines");
    const lines = [{ ...night, description: roomNightLabel("Deluxe") }, extra];
    const text = (await pagesOf(await renderInvoicePdf({ ...invoice, lines }, "es"))).join("\n");
    expect(text).toContain("Deluxe, una noche");
    expect(text).toContain("Minibar item 1");
    expect(text).not.toContain("one night");
    const english = (await pagesOf(await renderInvoicePdf({ ...invoice, lines }, "en"))).join("\n");
    expect(english).toContain("Deluxe, one night");
  });

  it("prints a Spanish guest's credit note in Spanish, with dates and money in es-ES", async () => {
    const pdf = await renderInvoicePdf(invoiceWith(3, { kind: "credit_note" }), "es");
    const text = ((await pagesOf(pdf))[0] ?? "").replaceAll("\u00a0", " ");
    for (const expected of ["Nota de crédito", "Facturar a", "NIF 29ABCDE1234F1Z5", "Página 1 de 1"]) {
      expect(text).toContain(expected);
    }
    expect(text).toMatch(/Fecha de emisión\s+4 jun 2030/);
    expect(text).toMatch(/Fecha\s+Concepto\s+Cant\.\s+Precio unitario\s+Base\s+Impuesto\s+Importe/);
    expect(text).toMatch(/GST\s+18 %\s+13\.500,00 INR\s+2430,00 INR/);
    expect(text).toContain("Pendiente de pago 11.130,00 INR");
    expect(text).not.toContain("Balance due");
  });

  it("prints English, byte for byte, for English and for a language it is not written in", async () => {
    const invoice = invoiceWith(2);
    const english = await renderInvoicePdf(invoice);
    for (const language of ["en", "en-GB", "fr", null]) {
      expect((await renderInvoicePdf(invoice, language)).equals(english), String(language)).toBe(true);
    }
  });
});
