/**
 * A table's row Edit and Delete (RowActions): the row being edited, whose dialog the table opens; a deletion
 * asked first (useConfirmedDelete); and the one outcome shown under the table — what was saved or deleted,
 * or why a deletion was refused. Starting an edit or a deletion clears the last outcome.
 */
import type { UseMutationResult } from "@tanstack/react-query";
import { useState } from "react";
import { useConfirmedDelete } from "./useConfirmedDelete.js";

export function useRowActions<Editing>(deletion: UseMutationResult<void, Error, string>) {
  const [editing, setEditing] = useState<Editing | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const removal = useConfirmedDelete(deletion);
  const clear = () => {
    removal.reset();
    setSaved(null);
  };
  return {
    editing,
    edit: (row: Editing) => {
      clear();
      setEditing(row);
    },
    /** Clears the last outcome as a change the table does not open starts (an add in a dialog). */
    clear,
    stopEditing: () => setEditing(null),
    /** For the edit dialog: what it saved, to show under the table. */
    saved: setSaved,
    remove: (id: string, question: string, doneMessage: string) => {
      setSaved(null);
      removal.remove(id, question, doneMessage);
    },
    busy: removal.busy,
    error: removal.error,
    message: removal.done ?? saved,
  };
}
