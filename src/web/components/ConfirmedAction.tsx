/**
 * A row's button for a step that cannot be taken back on the record the row shows (voiding a charge,
 * crediting an invoice): it asks first (confirmDialog, the question styled as destructive), then sends the
 * mutation for that record's id and says how it went as a notice, since the row itself may change or move.
 * Off while that record's request is under way. Its visible word is the verb; the record's name follows for
 * screen readers, so each row's button has a name of its own ("Void Minibar").
 */
import type { UseMutationResult } from "@tanstack/react-query";
import { confirmDialog } from "./ConfirmDialog.js";
import { notify } from "./notices.js";

export function ConfirmedAction<Result>({
  verb,
  subject,
  id,
  mutation,
  question,
  done,
  failed,
}: {
  verb: string;
  subject: string;
  id: string;
  mutation: UseMutationResult<Result, Error, string>;
  question: { title: string; body: string; confirmLabel: string };
  done: (result: Result) => string;
  failed: (message: string) => string;
}) {
  const run = async () => {
    if (!(await confirmDialog({ ...question, danger: true }))) return;
    mutation.mutate(id, {
      onSuccess: (result) => notify(done(result)),
      onError: (cause) => notify(failed(cause.message), "error"),
    });
  };
  return (
    <button
      type="button"
      className="button small danger"
      disabled={mutation.isPending && mutation.variables === id}
      onClick={() => void run()}
    >
      {verb}
      <span className="visually-hidden"> {subject}</span>
    </button>
  );
}
