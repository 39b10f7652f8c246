/**
 * Settings → Emails (docs/product.md#email), for owners and managers: what the hotel sent, is sending, gave
 * up on, or keeps because no mail server is set up (`SMTP_URL`), newest first, with each failure's reason.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { capitalize } from "../../../domain/labels.js";
import { useEmails } from "../../api/emails.js";
import { DataTable, numeric } from "../../components/DataTable.js";
import { QueryList } from "../../components/QueryList.js";
import { EMAIL_KIND_WORDS, EMAIL_STATUS_WORDS } from "../../i18n/labels.js";
import { Moment } from "./Moment.js";

export function EmailsSection() {
  const emails = useEmails();
  const { t } = useLingui();
  return (
    <section className="panel" aria-labelledby="emails-heading">
      <h2 id="emails-heading">
        <Trans>Emails</Trans>
      </h2>
      <p className="muted">
        <Trans>
          Confirmations and invoices sent to guests. Without a mail server they are kept here, unsent.
        </Trans>
      </p>
      <QueryList query={emails} empty={t`No emails yet.`}>
        {(items) => (
          <DataTable
            wrap
            className="data phone-cards emails-table"
            aria-label={t`Emails`}
            columns={[
              t({ message: "To", context: "email recipient" }),
              t`Subject`,
              t`Status`,
              numeric(t`Attempts`),
              t`Created`,
              t`Sent`,
              t`Last error`,
            ]}
          >
            {items.map((email) => (
              <tr key={email.id}>
                <td data-label={t({ message: "To", context: "email recipient" })}>
                  <bdi>{email.to}</bdi>
                </td>
                <td data-label={t`Subject`}>
                  <bdi>{email.subject}</bdi>
                  <div className="muted">{capitalize(t(EMAIL_KIND_WORDS[email.kind]))}</div>
                </td>
                <td data-label={t`Status`}>{capitalize(t(EMAIL_STATUS_WORDS[email.status]))}</td>
                <td data-label={t`Attempts`} className="num">
                  {email.attempts}
                </td>
                <td data-label={t`Created`}>
                  <Moment iso={email.createdAt} />
                </td>
                <td data-label={t`Sent`}>{email.sentAt ? <Moment iso={email.sentAt} /> : "—"}</td>
                <td data-label={t`Last error`}>{email.lastError ?? "—"}</td>
              </tr>
            ))}
          </DataTable>
        )}
      </QueryList>
    </section>
  );
}
