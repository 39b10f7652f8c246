/**
 * Settings → Emails (docs/product.md#email), for owners and managers: what the hotel sent, is sending, gave
 * up on, or keeps because no mail server is set up (`SMTP_URL`), newest first, with each failure's reason.
 */
import { capitalize, EMAIL_KIND_LABELS, EMAIL_STATUS_LABELS } from "../../../domain/labels.js";
import { useEmails } from "../../api/emails.js";
import { DataTable, numeric } from "../../components/DataTable.js";
import { QueryList } from "../../components/QueryList.js";
import { Moment } from "./Moment.js";

export function EmailsSection() {
  const emails = useEmails();
  return (
    <section className="panel" aria-labelledby="emails-heading">
      <h2 id="emails-heading">Emails</h2>
      <p className="muted">
        Confirmations and invoices sent to guests. Without a mail server they are kept here, unsent.
      </p>
      <QueryList query={emails} empty="No emails yet.">
        {(items) => (
          <DataTable
            wrap
            className="data phone-cards emails-table"
            aria-label="Emails"
            columns={["To", "Subject", "Status", numeric("Attempts"), "Created", "Sent", "Last error"]}
          >
            {items.map((email) => (
              <tr key={email.id}>
                <td data-label="To">
                  <bdi>{email.to}</bdi>
                </td>
                <td data-label="Subject">
                  <bdi>{email.subject}</bdi>
                  <div className="muted">{capitalize(EMAIL_KIND_LABELS[email.kind])}</div>
                </td>
                <td data-label="Status">{capitalize(EMAIL_STATUS_LABELS[email.status])}</td>
                <td data-label="Attempts" className="num">
                  {email.attempts}
                </td>
                <td data-label="Created">
                  <Moment iso={email.createdAt} />
                </td>
                <td data-label="Sent">{email.sentAt ? <Moment iso={email.sentAt} /> : "—"}</td>
                <td data-label="Last error">{email.lastError ?? "—"}</td>
              </tr>
            ))}
          </DataTable>
        )}
      </QueryList>
    </section>
  );
}
