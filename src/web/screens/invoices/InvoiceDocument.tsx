/**
 * One invoice or credit note as a sheet of paper: what its PDF shows (docs/product.md#folio-taxes-and-invoices),
 * from the same frozen Invoice: title and number, seller, bill-to, the lines, the tax summary, the totals, what
 * was paid and the balance due, every amount in the invoice's own currency.
 */

import { Trans, useLingui } from "@lingui/react/macro";
import { formatMoney } from "../../../domain/money.js";
import type { Invoice, Party } from "../../../domain/schemas/invoices.js";
import { DataTable, numeric } from "../../components/DataTable.js";
import { localeOf } from "../../i18n/format.js";
import { FolioFoot } from "./FolioFoot.js";
import { useInvoiceText } from "./invoiceText.js";

export function InvoiceDocument({
  invoice,
  creditedNumber,
}: {
  invoice: Invoice;
  /** For a credit note, the number of the invoice it negates, once known. */
  creditedNumber?: string | undefined;
}) {
  const { t, i18n } = useLingui();
  const { description, percentLabel } = useInvoiceText();
  const locale = localeOf(i18n.locale);
  const money = (amount: number) => formatMoney(amount, invoice.currency, { locale });
  const number = invoice.number;
  const title = invoice.kind === "credit_note" ? t`Credit note ${number}` : t`Invoice ${number}`;
  return (
    <article className="invoice-sheet" aria-labelledby="invoice-title">
      <header className="invoice-head">
        <PartyBlock party={invoice.seller} className="invoice-seller" />
        <div className="invoice-title-block">
          <h1 id="invoice-title" className="invoice-title">
            {title}
          </h1>
          <dl className="invoice-facts">
            <div>
              <dt>
                <Trans>Issue date</Trans>
              </dt>
              <dd>{invoice.issueDate}</dd>
            </div>
            <div>
              <dt>
                <Trans>Reservation</Trans>
              </dt>
              <dd>
                <code>{invoice.reservationCode}</code>
              </dd>
            </div>
            {invoice.kind === "credit_note" && creditedNumber ? (
              <div>
                <dt>
                  <Trans>Credits invoice</Trans>
                </dt>
                <dd>{creditedNumber}</dd>
              </div>
            ) : null}
          </dl>
        </div>
      </header>
      <section className="invoice-bill-to" aria-labelledby="invoice-bill-to">
        <h2 id="invoice-bill-to">
          <Trans>Bill to</Trans>
        </h2>
        <PartyBlock party={invoice.billTo} />
      </section>
      <DataTable
        wrap
        className="data invoice-lines"
        aria-label={t`Lines`}
        columns={[
          t`Date`,
          t`Description`,
          numeric(t`Qty`),
          numeric(t`Unit price`),
          numeric(t`Net`),
          numeric(t`Tax`),
          numeric(t`Gross`),
        ]}
      >
        {invoice.lines.map((line, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a frozen document's lines never move
          <tr key={index}>
            <td className="nowrap">{line.date}</td>
            <td>
              <bdi>{description(line)}</bdi>
            </td>
            <td className="num">{line.quantity}</td>
            <td className="num">{money(line.unitPrice)}</td>
            <td className="num">{money(line.net)}</td>
            <td className="num">
              {money(line.tax)}
              {line.percent > 0 ? <div className="muted">{percentLabel(line.percent)}</div> : null}
            </td>
            <td className="num">{money(line.gross)}</td>
          </tr>
        ))}
      </DataTable>
      <FolioFoot
        prefix="invoice"
        figures={invoice}
        balance={{ term: t`Balance due`, amount: money(invoice.balance) }}
      />
    </article>
  );
}

/** A name, its address as written (line breaks kept) and its tax ID; missing parts are left out. */
function PartyBlock({ party, className }: { party: Party; className?: string }) {
  const { taxId } = party;
  return (
    <div className={className ? `invoice-party ${className}` : "invoice-party"}>
      {party.name ? (
        <strong>
          <bdi>{party.name}</bdi>
        </strong>
      ) : null}
      {party.address ? (
        <div className="invoice-address">
          <bdi>{party.address}</bdi>
        </div>
      ) : null}
      {taxId ? (
        <div>
          <Trans>
            Tax ID <bdi>{taxId}</bdi>
          </Trans>
        </div>
      ) : null}
    </div>
  );
}
