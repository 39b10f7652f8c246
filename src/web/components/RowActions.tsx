import { Trans, useLingui } from "@lingui/react/macro";
import { FormError } from "./FormError.js";
import { FormSuccess } from "./FormSuccess.js";

/**
 * A row's Edit and Delete buttons. Their names stay short, like the Reservations table's: the row they sit
 * in says which record they act on. Their column's header is DataTable's ACTIONS.
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
  const { t } = useLingui();
  return (
    <td className="print-hidden" data-label={t`Actions`}>
      <div className="actions row-actions">
        <button type="button" className="button small" onClick={onEdit}>
          <Trans>Edit</Trans>
        </button>
        <button type="button" className="button small danger" disabled={busy} onClick={onDelete}>
          <Trans>Delete</Trans>
        </button>
      </div>
    </td>
  );
}

/** Under a table with RowActions (useRowActions): why a deletion was refused, or what was saved or deleted. */
export function RowOutcome({ rows }: { rows: { error: string | undefined; message: string | null } }) {
  return (
    <>
      <FormError message={rows.error} />
      <FormSuccess message={rows.message} />
    </>
  );
}
