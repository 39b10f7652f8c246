/**
 * CSV cells (docs/product.md#csv-exports). A spreadsheet program reads a cell that begins with `=`, `+`, `-`
 * or `@` as a formula, so a guest named "=HYPERLINK(…)" could run one on the manager's machine when an export
 * is opened ("CSV injection"). Text cells get a leading `'`, which spreadsheets show as text and do not
 * display; numbers are never passed here, so a negative balance stays a number.
 */
const FORMULA_START = /^[=+\-@]/;

/** A text cell made safe to open in a spreadsheet; other text is returned unchanged. */
export function csvText(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}
