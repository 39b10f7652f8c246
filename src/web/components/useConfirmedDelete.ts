/**
 * Deleting a record from a list: asks first (the in-page ConfirmDialog, naming the record), then keeps what happened for the list to show — FormSuccess once it is gone, FormError with the server's
 * message when it is refused (409 `in_use` names what still needs the record).
 */
import { useLingui } from "@lingui/react/macro";
import type { UseMutationResult } from "@tanstack/react-query";
import { useState } from "react";
import { confirmDialog } from "./ConfirmDialog.js";

export function useConfirmedDelete(mutation: UseMutationResult<void, Error, string>) {
  const [done, setDone] = useState<string | null>(null);
  const { t } = useLingui();
  const remove = async (id: string, question: string, doneMessage: string) => {
    if (!(await confirmDialog({ title: question, confirmLabel: t`Delete`, danger: true }))) return;
    setDone(null);
    mutation.mutate(id, { onSuccess: () => setDone(doneMessage) });
  };
  return {
    remove,
    /** Clears the last outcome, e.g. when an edit of another row starts. */
    reset: () => {
      setDone(null);
      mutation.reset();
    },
    error: mutation.error?.message,
    done,
    busy: (id: string) => mutation.isPending && mutation.variables === id,
  };
}
