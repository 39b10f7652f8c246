/**
 * Deleting a record from a list: asks first (a native confirm, like a cancellation's "Delete reservation?"),
 * then keeps what happened for the list to show — FormSuccess once it is gone, FormError with the server's
 * message when it is refused (409 `in_use` names what still needs the record).
 */
import type { UseMutationResult } from "@tanstack/react-query";
import { useState } from "react";
import { confirmAction } from "./feedback.js";

export function useConfirmedDelete(mutation: UseMutationResult<void, Error, string>) {
  const [done, setDone] = useState<string | null>(null);
  const remove = (id: string, question: string, doneMessage: string) => {
    if (!confirmAction(question)) return;
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
