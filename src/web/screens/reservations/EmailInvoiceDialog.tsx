/**
 * "Email invoice" (docs/product.md#email): asks where to send the invoice or credit note (the guest's address
 * when the stay has one) and puts it in the outbox with its PDF. Where the hotel has no mail server, the
 * message is kept in Settings → Emails, and the notice says so.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { type FormEvent, useState } from "react";
import type { Invoice } from "../../../domain/schemas/invoices.js";
import { useEmailInvoice } from "../../api/emails.js";
import { DialogActions } from "../../components/EditDialog.js";
import { InputField } from "../../components/Field.js";
import { FormError } from "../../components/FormError.js";
import { splitFieldErrors } from "../../components/fieldErrors.js";
import { Modal } from "../../components/Modal.js";
import { notify } from "../../components/notices.js";

export function EmailInvoiceButton({ invoice, guestEmail }: { invoice: Invoice; guestEmail: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="button small" onClick={() => setOpen(true)}>
        <Trans>Email invoice</Trans>
      </button>
      {open ? (
        <EmailInvoiceDialog invoice={invoice} guestEmail={guestEmail} onClose={() => setOpen(false)} />
      ) : null}
    </>
  );
}

function EmailInvoiceDialog({
  invoice,
  guestEmail,
  onClose,
}: {
  invoice: Invoice;
  guestEmail: string;
  onClose: () => void;
}) {
  const send = useEmailInvoice();
  const { t } = useLingui();
  const [to, setTo] = useState(guestEmail);
  const problems = splitFieldErrors(send.error, { to: t`Email` });
  const number = invoice.number;
  const refusal = problems.message;
  return (
    <Modal
      heading={t`Email ${number}`}
      className="stay-dialog dialog-narrow"
      focusFirstField
      onClose={onClose}
    >
      {(close) => {
        const submit = (event: FormEvent) => {
          event.preventDefault();
          send.mutate(
            { invoiceId: invoice.id, to: to.trim() },
            {
              onSuccess: (queued) => {
                const address = to.trim();
                notify(
                  queued.status === "queued"
                    ? t`${number} is on its way to ${address}.`
                    : t`${number} is kept in Settings → Emails: no mail server is set up to send it.`,
                );
                close();
              },
            },
          );
        };
        return (
          <form className="edit-form" onSubmit={submit}>
            <InputField
              label={t`Email`}
              type="email"
              autoComplete="off"
              required
              maxLength={254}
              value={to}
              onValue={setTo}
              hint={t`The PDF goes with the message.`}
              error={problems.fields.to}
            />
            <FormError message={refusal ? t`Could not email ${number}: ${refusal}` : null} />
            <DialogActions submit={t`Send`} busy={send.isPending} onCancel={close} />
          </form>
        );
      }}
    </Modal>
  );
}
