/**
 * "Email invoice" (docs/product.md#email): asks where to send the invoice or credit note (the guest's address
 * when the stay has one) and puts it in the outbox with its PDF. Where the hotel has no mail server, the
 * message is kept in Settings → Emails, and the notice says so.
 */
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
        Email invoice
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
  const [to, setTo] = useState(guestEmail);
  const problems = splitFieldErrors(send.error, { to: "Email" });
  return (
    <Modal
      heading={`Email ${invoice.number}`}
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
                notify(
                  queued.status === "queued"
                    ? `${invoice.number} is on its way to ${to.trim()}.`
                    : `${invoice.number} is kept in Settings → Emails: no mail server is set up to send it.`,
                );
                close();
              },
            },
          );
        };
        return (
          <form className="edit-form" onSubmit={submit}>
            <InputField
              label="Email"
              type="email"
              autoComplete="off"
              required
              maxLength={254}
              value={to}
              onValue={setTo}
              hint="The PDF goes with the message."
              error={problems.fields.to}
            />
            <FormError
              message={problems.message ? `Could not email ${invoice.number}: ${problems.message}` : null}
            />
            <DialogActions submit="Send" busy={send.isPending} onCancel={close} />
          </form>
        );
      }}
    </Modal>
  );
}
