/**
 * A stay's invoices (docs/product.md#folio-taxes-and-invoices): "Issue invoice" bills every folio line not yet
 * on an invoice, to the guest or to whoever "Bill to someone else" names (a company), after an in-page
 * question, since a number once issued is final. Each invoice and credit note downloads as a PDF or opens its
 * print view, and "Email invoice" sends it with its PDF; owners and managers "Credit" an issued invoice, which
 * frees its lines to be invoiced again.
 */
import { type FormEvent, useState } from "react";
import { LIMITS } from "../../../domain/constants.js";
import { INVOICE_KIND_LABELS, INVOICE_STATUS_LABELS, stayDisplayName } from "../../../domain/labels.js";
import { formatMoney } from "../../../domain/money.js";
import type { Folio } from "../../../domain/schemas/folio.js";
import type { Invoice, InvoiceCreateInput, Party } from "../../../domain/schemas/invoices.js";
import type { Reservation } from "../../../domain/schemas/reservations.js";
import { useIssueInvoice, useStayInvoices } from "../../api/folio.js";
import { useCreditNote } from "../../api/invoices.js";
import { useCan } from "../../api/property.js";
import { confirmDialog } from "../../components/ConfirmDialog.js";
import { ConfirmedAction } from "../../components/ConfirmedAction.js";
import { DataTable, numeric } from "../../components/DataTable.js";
import { InputField } from "../../components/Field.js";
import { FormActions } from "../../components/FormActions.js";
import { FormError } from "../../components/FormError.js";
import { splitFieldErrors } from "../../components/fieldErrors.js";
import { notify } from "../../components/notices.js";
import { InvoiceLinks } from "../invoices/InvoiceLinks.js";
import { uninvoiced } from "../invoices/invoiceText.js";
import { EmailInvoiceButton } from "./EmailInvoiceDialog.js";

const BILL_TO_LABELS = {
  "billTo.name": "Bill-to name",
  "billTo.address": "Bill-to address",
  "billTo.taxId": "Bill-to tax ID",
};
const NOBODY: Party = { name: "", address: "", taxId: "" };
const PARTY_FIELDS = ["name", "address", "taxId"] as const;

export function StayInvoices({ stay, folio }: { stay: Reservation; folio: Folio | undefined }) {
  const invoices = useStayInvoices(stay.id);
  return (
    <section className="stay-invoices" aria-labelledby="stay-invoices-heading">
      <h3 id="stay-invoices-heading">Invoices</h3>
      <IssueInvoice stay={stay} folio={folio} />
      <FormError
        message={
          invoices.error ? `Could not load the invoices of ${stay.code}: ${invoices.error.message}` : null
        }
      />
      {invoices.isPending ? (
        <p className="muted">Loading...</p>
      ) : (invoices.data ?? []).length === 0 ? (
        <p className="muted">No invoices yet.</p>
      ) : (
        <InvoiceTable stay={stay} invoices={invoices.data ?? []} />
      )}
    </section>
  );
}

function IssueInvoice({ stay, folio }: { stay: Reservation; folio: Folio | undefined }) {
  const issue = useIssueInvoice(stay.id);
  const [party, setParty] = useState<Party>(NOBODY);
  const problems = splitFieldErrors(issue.error, BILL_TO_LABELS);
  const open = folio ? uninvoiced(folio.lines, folio.currency) : null;
  const nothing = open !== null && open.count === 0;
  const name = party.name.trim();
  const billTo = name || stayDisplayName(stay);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    issue.reset();
    const amount = open && folio ? ` for ${formatMoney(open.gross, folio.currency)}` : "";
    const agreed = await confirmDialog({
      title: `Issue an invoice to ${billTo}${amount}?`,
      body: "Its number is final: an invoice is never deleted, only credited by a credit note.",
      confirmLabel: "Issue invoice",
      cancelLabel: "Not yet",
    });
    if (!agreed) return;
    const input: InvoiceCreateInput = name
      ? { billTo: { name, address: party.address.trim(), taxId: party.taxId.trim() } }
      : {};
    issue.mutate(input, {
      onSuccess: (invoice) => {
        notify(`Invoice ${invoice.number} issued to ${invoice.billTo.name || billTo}.`);
        setParty(NOBODY);
      },
    });
  };

  return (
    <form className="issue-invoice" onSubmit={(event) => void submit(event)} aria-label="Issue invoice">
      <details className="bill-to">
        <summary>Bill to someone else</summary>
        <p className="muted">Left empty, the invoice is made out to the guest, {stayDisplayName(stay)}.</p>
        <div className="form-grid">
          {PARTY_FIELDS.map((field) => (
            <InputField
              key={field}
              label={BILL_TO_LABELS[`billTo.${field}`]}
              maxLength={LIMITS.text}
              autoComplete="off"
              value={party[field]}
              onValue={(value) => setParty((current) => ({ ...current, [field]: value }))}
              error={problems.fields[`billTo.${field}`]}
            />
          ))}
        </div>
      </details>
      <FormActions submit="Issue invoice" busy={issue.isPending || nothing}>
        {nothing ? <span className="muted">Every line is on an invoice.</span> : null}
      </FormActions>
      <FormError message={problems.message ? `Could not invoice ${stay.code}: ${problems.message}` : null} />
    </form>
  );
}

function InvoiceTable({ stay, invoices }: { stay: Reservation; invoices: readonly Invoice[] }) {
  const canCredit = useCan("manage");
  const credit = useCreditNote();

  return (
    <DataTable
      wrap
      className="data phone-cards stay-invoice-table"
      aria-label={`Invoices of ${stay.code}`}
      // Four buttons a row: the date goes under the number and the status under the type, so a row fits.
      columns={[
        "Number",
        "Type",
        "Bill to",
        numeric("Total"),
        { label: "Actions", className: "print-hidden" },
      ]}
    >
      {invoices.map((invoice) => (
        <tr key={invoice.id}>
          <td data-label="Number" className="nowrap">
            {invoice.number}
            <div className="muted">{invoice.issueDate}</div>
          </td>
          <td data-label="Type">
            {INVOICE_KIND_LABELS[invoice.kind]}
            <div className="muted">{INVOICE_STATUS_LABELS[invoice.status]}</div>
          </td>
          <td data-label="Bill to">
            <bdi>{invoice.billTo.name}</bdi>
          </td>
          <td data-label="Total" className="num">
            {formatMoney(invoice.gross, invoice.currency)}
          </td>
          <td data-label="Actions" className="print-hidden">
            <div className="actions">
              <InvoiceLinks invoice={invoice} />
              <EmailInvoiceButton invoice={invoice} guestEmail={stay.guestEmail ?? ""} />
              {canCredit && invoice.kind === "invoice" && invoice.status === "issued" ? (
                <ConfirmedAction
                  verb="Credit"
                  subject={invoice.number}
                  id={invoice.id}
                  mutation={credit}
                  question={{
                    title: `Credit invoice ${invoice.number}?`,
                    body: `A credit note of ${formatMoney(-invoice.gross, invoice.currency)} negates it in full; the lines of ${stay.code} can then be invoiced again.`,
                    confirmLabel: "Issue credit note",
                  }}
                  done={(note) => `Credit note ${note.number} issued for ${invoice.number}.`}
                  failed={(message) => `Could not credit ${invoice.number}: ${message}`}
                />
              ) : null}
            </div>
          </td>
        </tr>
      ))}
    </DataTable>
  );
}
