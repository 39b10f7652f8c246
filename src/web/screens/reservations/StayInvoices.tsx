/**
 * A stay's invoices (docs/product.md#folio-taxes-and-invoices): "Issue invoice" bills every folio line not yet
 * on an invoice, to the guest or to whoever "Bill to someone else" names (a company), after an in-page
 * question, since a number once issued is final. Each invoice and credit note downloads as a PDF or opens its
 * print view, and "Email invoice" sends it with its PDF; owners and managers "Credit" an issued invoice, which
 * frees its lines to be invoiced again.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { type FormEvent, useState } from "react";
import { LIMITS } from "../../../domain/constants.js";
import { stayDisplayName } from "../../../domain/labels.js";
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
import { localeOf } from "../../i18n/format.js";
import { INVOICE_KIND_WORDS, INVOICE_STATUS_WORDS } from "../../i18n/labels.js";
import { InvoiceLinks } from "../invoices/InvoiceLinks.js";
import { uninvoiced } from "../invoices/invoiceText.js";
import { EmailInvoiceButton } from "./EmailInvoiceDialog.js";

const NOBODY: Party = { name: "", address: "", taxId: "" };
const PARTY_FIELDS = ["name", "address", "taxId"] as const;

export function StayInvoices({ stay, folio }: { stay: Reservation; folio: Folio | undefined }) {
  const invoices = useStayInvoices(stay.id);
  const { t } = useLingui();
  const code = stay.code;
  const reason = invoices.error?.message;
  return (
    <section className="stay-invoices" aria-labelledby="stay-invoices-heading">
      <h3 id="stay-invoices-heading">
        <Trans>Invoices</Trans>
      </h3>
      <IssueInvoice stay={stay} folio={folio} />
      <FormError message={invoices.error ? t`Could not load the invoices of ${code}: ${reason}` : null} />
      {invoices.isPending ? (
        <p className="muted">
          <Trans>Loading...</Trans>
        </p>
      ) : (invoices.data ?? []).length === 0 ? (
        <p className="muted">
          <Trans>No invoices yet.</Trans>
        </p>
      ) : (
        <InvoiceTable stay={stay} invoices={invoices.data ?? []} />
      )}
    </section>
  );
}

function IssueInvoice({ stay, folio }: { stay: Reservation; folio: Folio | undefined }) {
  const issue = useIssueInvoice(stay.id);
  const { t, i18n } = useLingui();
  const locale = localeOf(i18n.locale);
  const [party, setParty] = useState<Party>(NOBODY);
  const billToLabels = {
    "billTo.name": t`Bill-to name`,
    "billTo.address": t`Bill-to address`,
    "billTo.taxId": t`Bill-to tax ID`,
  };
  const problems = splitFieldErrors(issue.error, billToLabels);
  const refusal = problems.message;
  const open = folio ? uninvoiced(folio.lines, folio.currency) : null;
  const nothing = open !== null && open.count === 0;
  const name = party.name.trim();
  const guest = stayDisplayName(stay);
  const billTo = name || guest;
  const code = stay.code;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    issue.reset();
    const amount = open && folio ? formatMoney(open.gross, folio.currency, { locale }) : null;
    const agreed = await confirmDialog({
      title: amount ? t`Issue an invoice to ${billTo} for ${amount}?` : t`Issue an invoice to ${billTo}?`,
      body: t`Its number is final: an invoice is never deleted, only credited by a credit note.`,
      confirmLabel: t`Issue invoice`,
      cancelLabel: t`Not yet`,
    });
    if (!agreed) return;
    const input: InvoiceCreateInput = name
      ? { billTo: { name, address: party.address.trim(), taxId: party.taxId.trim() } }
      : {};
    issue.mutate(input, {
      onSuccess: (invoice) => {
        const number = invoice.number;
        const to = invoice.billTo.name || billTo;
        notify(t`Invoice ${number} issued to ${to}.`);
        setParty(NOBODY);
      },
    });
  };

  return (
    <form className="issue-invoice" onSubmit={(event) => void submit(event)} aria-label={t`Issue invoice`}>
      <details className="bill-to">
        <summary>
          <Trans>Bill to someone else</Trans>
        </summary>
        <p className="muted">
          <Trans>Left empty, the invoice is made out to the guest, {guest}.</Trans>
        </p>
        <div className="form-grid">
          {PARTY_FIELDS.map((field) => (
            <InputField
              key={field}
              label={billToLabels[`billTo.${field}`]}
              maxLength={LIMITS.text}
              autoComplete="off"
              value={party[field]}
              onValue={(value) => setParty((current) => ({ ...current, [field]: value }))}
              error={problems.fields[`billTo.${field}`]}
            />
          ))}
        </div>
      </details>
      <FormActions submit={t`Issue invoice`} busy={issue.isPending || nothing}>
        {nothing ? (
          <span className="muted">
            <Trans>Every line is on an invoice.</Trans>
          </span>
        ) : null}
      </FormActions>
      <FormError message={refusal ? t`Could not invoice ${code}: ${refusal}` : null} />
    </form>
  );
}

function InvoiceTable({ stay, invoices }: { stay: Reservation; invoices: readonly Invoice[] }) {
  const canCredit = useCan("manage");
  const credit = useCreditNote();
  const { t, i18n } = useLingui();
  // Each invoice's amounts in its own currency, written as the language shown writes money.
  const locale = localeOf(i18n.locale);
  const code = stay.code;

  return (
    <DataTable
      wrap
      className="data phone-cards stay-invoice-table"
      aria-label={t`Invoices of ${code}`}
      // Four buttons a row: the date goes under the number and the status under the type, so a row fits.
      columns={[
        t`Number`,
        t`Type`,
        t`Bill to`,
        numeric(t`Total`),
        { label: t`Actions`, className: "print-hidden" },
      ]}
    >
      {invoices.map((invoice) => {
        const number = invoice.number;
        const refund = formatMoney(-invoice.gross, invoice.currency, { locale });
        return (
          <tr key={invoice.id}>
            <td data-label={t`Number`} className="nowrap">
              {invoice.number}
              <div className="muted">{invoice.issueDate}</div>
            </td>
            <td data-label={t`Type`}>
              {t(INVOICE_KIND_WORDS[invoice.kind])}
              <div className="muted">{t(INVOICE_STATUS_WORDS[invoice.status])}</div>
            </td>
            <td data-label={t`Bill to`}>
              <bdi>{invoice.billTo.name}</bdi>
            </td>
            <td data-label={t`Total`} className="num">
              {formatMoney(invoice.gross, invoice.currency, { locale })}
            </td>
            <td data-label={t`Actions`} className="print-hidden">
              <div className="actions">
                <InvoiceLinks invoice={invoice} />
                <EmailInvoiceButton invoice={invoice} guestEmail={stay.guestEmail ?? ""} />
                {canCredit && invoice.kind === "invoice" && invoice.status === "issued" ? (
                  <ConfirmedAction
                    verb={t`Credit`}
                    subject={number}
                    id={invoice.id}
                    mutation={credit}
                    question={{
                      title: t`Credit invoice ${number}?`,
                      body: t`A credit note of ${refund} negates it in full; the lines of ${code} can then be invoiced again.`,
                      confirmLabel: t`Issue credit note`,
                    }}
                    done={(note) => {
                      const noteNumber = note.number;
                      return t`Credit note ${noteNumber} issued for ${number}.`;
                    }}
                    failed={(message) => t`Could not credit ${number}: ${message}`}
                  />
                ) : null}
              </div>
            </td>
          </tr>
        );
      })}
    </DataTable>
  );
}
