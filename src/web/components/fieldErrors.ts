/**
 * A rejected request's field problems, for a form that marks each invalid field at once (the server lists
 * them all in `error.fields`, src/server/http/errors.ts). Problems of fields the form does not show, and
 * errors that are not about fields, stay in one form-level message.
 */
import { AppError } from "../../domain/errors.js";
import { capitalize } from "../../domain/labels.js";
import { errorMessage } from "../api/client.js";

export type FieldErrors = Readonly<Record<string, string>>;

export function splitFieldErrors(
  error: unknown,
  shownFields: readonly string[],
): { fields: FieldErrors; message: string | null } {
  if (!(error instanceof AppError) || error.fields.length === 0) {
    return { fields: {}, message: error === null || error === undefined ? null : errorMessage(error) };
  }
  const fields: Record<string, string> = {};
  const rest: string[] = [];
  for (const issue of error.fields) {
    if (shownFields.includes(issue.field)) fields[issue.field] ??= capitalize(issue.message);
    else rest.push(capitalize(issue.message));
  }
  return { fields, message: rest.length > 0 ? rest.join(" ") : null };
}
