/**
 * The dialog that edits one record: its fields, the server's refusal, Save and Cancel. Save sends only the
 * fields that changed (PATCH, see changedFields), closes without a request when none did, and hands the
 * saved record on before closing.
 */
import { Trans } from "@lingui/react/macro";
import type { UseMutationResult } from "@tanstack/react-query";
import type { FormEvent, ReactNode } from "react";
import { changedFields } from "./changedFields.js";
import { FormActions } from "./FormActions.js";
import { FormError } from "./FormError.js";
import { splitFieldErrors } from "./fieldErrors.js";
import { Modal } from "./Modal.js";

type Update<Fields, Saved> = Pick<
  UseMutationResult<Saved, Error, { id: string; input: Partial<Fields> }>,
  "mutate" | "isPending" | "error"
>;

export function EditDialog<Fields extends Record<string, unknown>, Saved>({
  heading,
  saveLabel,
  id,
  record,
  edited,
  update,
  labels = [],
  onSaved,
  onClose,
  children,
}: {
  heading: string;
  saveLabel: string;
  /** The record's id, and its editable fields as loaded and as the form has them now. */
  id: string;
  record: Fields;
  edited: Fields;
  update: Update<Fields, Saved>;
  /** The fields by the API's names with their labels, so a refusal names them as the form does. */
  labels?: readonly string[] | Readonly<Record<string, string>>;
  onSaved: (saved: Saved) => void;
  onClose: () => void;
  /** The fields. */
  children: ReactNode;
}) {
  return (
    <Modal heading={heading} className="stay-dialog dialog-narrow" focusFirstField onClose={onClose}>
      {(close) => {
        const submit = (event: FormEvent) => {
          event.preventDefault();
          const input = changedFields(record, edited);
          if (Object.keys(input).length === 0) return close();
          update.mutate(
            { id, input },
            {
              onSuccess: (saved) => {
                onSaved(saved);
                close();
              },
            },
          );
        };
        return (
          <form className="edit-form" onSubmit={submit}>
            {children}
            <FormError message={splitFieldErrors(update.error, labels).message} />
            <DialogActions submit={saveLabel} busy={update.isPending} onCancel={close} />
          </form>
        );
      }}
    </Modal>
  );
}

/** The buttons under a dialog's form: submit (off while it is being sent), any others, then Cancel. */
export function DialogActions({
  submit,
  busy,
  onCancel,
  children,
}: {
  submit: string;
  busy: boolean;
  onCancel: () => void;
  children?: ReactNode;
}) {
  return (
    <FormActions submit={submit} busy={busy}>
      {children}
      <button type="button" className="button" onClick={onCancel}>
        <Trans>Cancel</Trans>
      </button>
    </FormActions>
  );
}
