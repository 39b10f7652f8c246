/**
 * A rejected request's field problems, for a form that marks each invalid field at once (the server lists
 * them all in `error.fields`, src/server/http/errors.ts). Each shown field's problem goes beside its control;
 * the form-level message (FormError, an alert) sums them up by the fields' labels, so one announcement says
 * everything that needs fixing; problems of fields the form does not show, and errors that are not about
 * fields, are said there too.
 */
import { AppError } from "../../domain/errors.js";
import { capitalize } from "../../domain/labels.js";
import { errorMessage } from "../api/client.js";

export type FieldErrors = Readonly<Record<string, string>>;

/**
 * `shown`: the form's fields, as the API names them, with their labels (`{ timeZone: "Time zone" }`); a
 * plain list keeps the form-level message to what is not shown beside a control.
 */
export function splitFieldErrors(
  error: unknown,
  shown: readonly string[] | Readonly<Record<string, string>>,
): { fields: FieldErrors; message: string | null } {
  if (!(error instanceof AppError) || error.fields.length === 0) {
    return { fields: {}, message: error === null || error === undefined ? null : errorMessage(error) };
  }
  const labels: Readonly<Record<string, string>> = Array.isArray(shown)
    ? Object.fromEntries(shown.map((field) => [field, ""]))
    : (shown as Readonly<Record<string, string>>);
  const fields: Record<string, string> = {};
  const summary: string[] = [];
  for (const issue of error.fields) {
    const label = labels[issue.field];
    if (label === undefined) {
      summary.push(capitalize(issue.message));
    } else if (fields[issue.field] === undefined) {
      fields[issue.field] = capitalize(issue.message);
      if (label) summary.push(`${label}: ${issue.message}`);
    }
  }
  return { fields, message: summary.length > 0 ? summary.join(". ") : null };
}
