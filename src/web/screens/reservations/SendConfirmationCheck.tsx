/**
 * The booking form's "Send confirmation": emails the guest their booking when it is saved (the server queues
 * the message in the booking's transaction, docs/product.md#email). Without an email, typed or from the
 * picked guest's profile, there is no one to send it to: the box is off and says so.
 */
import { Trans } from "@lingui/react/macro";
import { useId } from "react";

export function SendConfirmationCheck({
  checked,
  email,
  onChecked,
}: {
  checked: boolean;
  /** Where it would go; null: the guest has no email. */
  email: string | null;
  onChecked: (checked: boolean) => void;
}) {
  const hintId = useId();
  return (
    <div className="form-check">
      <label className="check">
        <input
          type="checkbox"
          checked={checked}
          disabled={email === null}
          aria-describedby={hintId}
          onChange={(event) => onChecked(event.target.checked)}
        />
        <Trans>Send confirmation</Trans>
      </label>
      <span id={hintId} className="muted">
        {email === null ? (
          <Trans>Enter the guest's email to send one.</Trans>
        ) : (
          <Trans>
            Emails the booking to <bdi>{email}</bdi>.
          </Trans>
        )}
      </span>
    </div>
  );
}
