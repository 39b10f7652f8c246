/**
 * A row's Edit and Delete buttons. Their names stay short, like the Reservations table's: the row they sit
 * in says which record they act on.
 */
export function RowActions({
  busy,
  onEdit,
  onDelete,
}: {
  busy: boolean;
  onEdit: () => void;
  onDelete: () => void;
}) {
  return (
    <td className="print-hidden" data-label="Actions">
      <div className="actions row-actions">
        <button type="button" className="button small" onClick={onEdit}>
          Edit
        </button>
        <button type="button" className="button small danger" disabled={busy} onClick={onDelete}>
          Delete
        </button>
      </div>
    </td>
  );
}

/** The header of the RowActions column. */
export function RowActionsHeader() {
  return (
    <th scope="col" className="print-hidden">
      Actions
    </th>
  );
}
