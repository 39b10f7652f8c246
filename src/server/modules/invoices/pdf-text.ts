/**
 * Text for the invoice PDF (pdf.ts) in embedded Noto fonts. pdfkit sets a run of text in one font, so text is
 * cut into runs of one face each (Devanagari in Noto Sans Devanagari, the rest in the Noto Sans subset that
 * has the character), measured, and placed run after run on one baseline; fontkit shapes each run.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { inflateSync } from "node:zlib";
import { create, type Font } from "fontkit";

export type TextRun<F> = { face: F; text: string };

/** Devanagari, Vedic Extensions, Devanagari Extended (A): the code points the Devanagari face must shape. */
export function isDevanagari(codePoint: number): boolean {
  return (
    (codePoint >= 0x0900 && codePoint <= 0x097f) ||
    (codePoint >= 0x1cd0 && codePoint <= 0x1cff) ||
    (codePoint >= 0xa8e0 && codePoint <= 0xa8ff) ||
    (codePoint >= 0x11b00 && codePoint <= 0x11b5f)
  );
}

/** Spaces and joiners every face has: they stay in the run around them, so a name is shaped as one run. */
const NEUTRAL = new Set([0x20, 0xa0, 0x200c, 0x200d]);

/**
 * Cuts `text` into runs of one face each, in order; `faceOf` names a code point's face. A neutral code point
 * joins the run before it (the next one at the start).
 */
export function splitRuns<F>(text: string, faceOf: (codePoint: number) => F): TextRun<F>[] {
  const runs: TextRun<F>[] = [];
  let pending = "";
  for (const char of text) {
    const codePoint = char.codePointAt(0) ?? 0;
    const last = runs.at(-1);
    if (NEUTRAL.has(codePoint)) {
      if (last) last.text += char;
      else pending += char;
      continue;
    }
    const face = faceOf(codePoint);
    if (last && last.face === face) last.text += char;
    else runs.push({ face, text: pending + char });
    pending = "";
  }
  const last = runs.at(-1);
  if (pending && last) last.text += pending;
  return runs;
}

/**
 * The TrueType file a WOFF 1.0 file wraps. fontkit inflates a WOFF table on every read, once per glyph when
 * pdfkit subsets it, which made a 100-line invoice take 130 ms; the unwrapped file is read in place.
 */
export function woffToSfnt(woff: Buffer): Buffer {
  if (woff.readUInt32BE(0) !== 0x774f4646) throw new Error("not a WOFF 1.0 file");
  const count = woff.readUInt16BE(12);
  const power = 2 ** Math.floor(Math.log2(count));
  const header = Buffer.alloc(12 + 16 * count);
  header.writeUInt32BE(woff.readUInt32BE(4), 0);
  header.writeUInt16BE(count, 4);
  header.writeUInt16BE(power * 16, 6);
  header.writeUInt16BE(Math.log2(power), 8);
  header.writeUInt16BE((count - power) * 16, 10);
  const tables: Buffer[] = [];
  let offset = header.length;
  for (let i = 0; i < count; i++) {
    const entry = 44 + i * 20;
    const [start, stored, length] = [4, 8, 12].map((k) => woff.readUInt32BE(entry + k)) as [
      number,
      number,
      number,
    ];
    const raw = woff.subarray(start, start + stored);
    const data = stored < length ? inflateSync(raw) : raw;
    const record = 12 + i * 16;
    header.writeUInt32BE(woff.readUInt32BE(entry), record);
    header.writeUInt32BE(woff.readUInt32BE(entry + 16), record + 4);
    header.writeUInt32BE(offset, record + 8);
    header.writeUInt32BE(data.length, record + 12);
    const padded = Buffer.alloc(Math.ceil(data.length / 4) * 4);
    data.copy(padded);
    tables.push(padded);
    offset += padded.length;
  }
  return Buffer.concat([header, ...tables]);
}

/** Registered with each document by `name`: pdfkit otherwise keys fonts by PostScript name, which subsets share. */
export type Face = { name: string; font: Font };
type Faces = { sans: Face[]; devanagari: Face; byCodePoint: Map<number, Face> };
type Weight = 400 | 700;

// Fontsource ships each script of Noto Sans as its own file; this is the order a code point looks in them.
const NOTO_SANS_SUBSETS = [
  "latin",
  "latin-ext",
  "vietnamese",
  "greek",
  "greek-ext",
  "cyrillic",
  "cyrillic-ext",
];

const fontCache = new Map<Weight, Faces>();

function openFace(name: string, specifier: string): Face {
  // Resolved from this file, so the same code finds node_modules from src (tsx) and from dist.
  const font = create(woffToSfnt(readFileSync(createRequire(import.meta.url).resolve(specifier))));
  if (!("layout" in font)) throw new Error(`${specifier} is a font collection`);
  return { name, font };
}

function faces(weight: Weight): Faces {
  let loaded = fontCache.get(weight);
  if (!loaded) {
    const sans = NOTO_SANS_SUBSETS.map((subset) =>
      openFace(
        `sans-${subset}-${weight}`,
        `@fontsource/noto-sans/files/noto-sans-${subset}-${weight}-normal.woff`,
      ),
    );
    const devanagari = openFace(
      `devanagari-${weight}`,
      `@fontsource/noto-sans-devanagari/files/noto-sans-devanagari-devanagari-${weight}-normal.woff`,
    );
    loaded = { sans, devanagari, byCodePoint: new Map() };
    fontCache.set(weight, loaded);
  }
  return loaded;
}

function faceOf(set: Faces, codePoint: number): Face {
  let face = set.byCodePoint.get(codePoint);
  if (!face) {
    // A code point no face has is left to Latin, which draws it as a visible .notdef box.
    face = isDevanagari(codePoint)
      ? set.devanagari
      : (set.sans.find(({ font }) => font.hasGlyphForCodePoint(codePoint)) ?? (set.sans[0] as Face));
    set.byCodePoint.set(codePoint, face);
  }
  return face;
}

export type Style = { size: number; bold?: boolean; color?: string };
export type Place = { width?: number; align?: "left" | "right" };

const INK = "#1f2328";

/** Draws and measures text across faces on one document. */
export class TextWriter {
  private readonly doc: PDFKit.PDFDocument;
  private readonly segmenter = new Intl.Segmenter("en", { granularity: "grapheme" });

  constructor(doc: PDFKit.PDFDocument) {
    this.doc = doc;
    for (const weight of [400, 700] as const) {
      const { sans, devanagari } = faces(weight);
      // pdfkit 0.20 takes a parsed fontkit font (its changelog); its type definitions predate that.
      for (const face of [...sans, devanagari]) doc.registerFont(face.name, face.font as unknown as Buffer);
    }
  }

  private runs(text: string, style: Style): TextRun<Face>[] {
    const set = faces(style.bold ? 700 : 400);
    return splitRuns(text.normalize("NFC"), (codePoint) => faceOf(set, codePoint));
  }

  private use(face: Face, style: Style): PDFKit.PDFDocument {
    return this.doc.font(face.name).fontSize(style.size);
  }

  width(text: string, style: Style): number {
    let total = 0;
    for (const run of this.runs(text, style)) total += this.use(run.face, style).widthOfString(run.text);
    return total;
  }

  /** One line on `baseline`, never wrapped: `wrap` first. */
  line(text: string, x: number, baseline: number, style: Style, place: Place = {}): void {
    let cursor = place.align === "right" ? x + (place.width ?? 0) - this.width(text, style) : x;
    this.doc.fillColor(style.color ?? INK);
    for (const run of this.runs(text, style)) {
      const doc = this.use(run.face, style);
      // Shaped Devanagari glyphs are in visual order (a reph after its syllable): ActualText gives copy,
      // search and text extraction the typed text instead, where the reader supports it.
      const shaped = run.face === faces(style.bold ? 700 : 400).devanagari;
      if (shaped) doc.markContent("Span", { actual: run.text });
      doc.text(run.text, cursor, baseline, { lineBreak: false, baseline: "alphabetic" });
      if (shaped) doc.endMarkedContent();
      cursor += doc.widthOfString(run.text);
    }
  }

  /** Lines of at most `width`, broken at spaces and line breaks (a word too long for a line, between graphemes). */
  wrap(text: string, width: number, style: Style): string[] {
    const lines: string[] = [];
    for (const paragraph of text.split(/\r?\n/)) {
      let line = "";
      for (const word of paragraph.split(/ +/).filter(Boolean)) {
        const candidate = line ? `${line} ${word}` : word;
        if (this.width(candidate, style) <= width) {
          line = candidate;
          continue;
        }
        if (line) lines.push(line);
        line = word;
        if (this.width(word, style) <= width) continue;
        line = "";
        for (const { segment } of this.segmenter.segment(word)) {
          if (line && this.width(line + segment, style) > width) {
            lines.push(line);
            line = "";
          }
          line += segment;
        }
      }
      lines.push(line);
    }
    return lines;
  }
}
