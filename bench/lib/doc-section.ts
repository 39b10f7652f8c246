// The sections that a bench of its own (`--guests`, `--folio`, `--citus`, `--day-close`) keeps in
// docs/benchmarks.md: replaced in place, or put after the section they follow when the file lacks them.
import fs from "node:fs";

export const BENCH_DOCS = "docs/benchmarks.md";

/**
 * Replaces the section headed `heading` (a level-2 heading line) with `section`, or puts `section` after the
 * section whose heading starts with `after` (at the end when there is none).
 */
export function putDocSection(heading: string, section: string, after: string): void {
  const doc = fs.readFileSync(BENCH_DOCS, "utf8");
  const start = doc.indexOf(`\n${heading}\n`);
  if (start >= 0) {
    const end = doc.indexOf("\n## ", start + 1);
    const rest = end >= 0 ? `\n${doc.slice(end + 1)}` : "";
    fs.writeFileSync(BENCH_DOCS, `${doc.slice(0, start + 1)}${section.trimEnd()}\n${rest}`);
    return;
  }
  const previous = doc.indexOf(`\n${after}`);
  const next = previous >= 0 ? doc.indexOf("\n## ", previous + 1) : -1;
  if (next < 0) fs.writeFileSync(BENCH_DOCS, `${doc.trimEnd()}\n\n${section}`);
  else
    fs.writeFileSync(BENCH_DOCS, `${doc.slice(0, next + 1)}${section.trimEnd()}\n\n${doc.slice(next + 1)}`);
}
