/**
 * One invoice or credit note as a sheet of paper: what its PDF shows (docs/product.md#folio-taxes-and-invoices),
 * from the same frozen Invoice: title and number, seller, bill-to, the lines, the tax summary, the totals, what
 * was paid and the balance due, every amount in the invoice's own currency.
 */

import { INVOICE_KIND_LABELS } from "../../../domain/labels.js";
import { formatMoney } from "../../../domain/money.js";
import type { Invoice, Party } from "../../../domain/schemas/invoices.js";
import { DataTable, numeric } from "../../components/DataTable.js";
import { FolioFoot } from "./FolioFoot.js";
import { percentLabel } from "./invoiceText.js";

export function InvoiceDocument({
  invoice,
  creditedNumber,
}: {
  invoice: Invoice;
  /** For a credit note, the number of the invoice it negates, once known. */
  creditedNumber?: string | undefined;
}) {
  const money = (amount: number) => formatMoney(amount, invoice.currency);
  const title = `${INVOICE_KIND_LABELS[invoice.kind]} ${invoice.number}`;
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
              <dt>Issue date</dt>
              <dd>{invoice.issueDate}</dd>
            </div>
            <div>
              <dt>Reservation</dt>
              <dd>
                <code>{invoice.reservationCode}</code>
              </dd>
            </div>
            {invoice.kind === "credit_note" && creditedNumber ? (
              <div>
                <dt>Credits invoice</dt>
                <dd>{creditedNumber}</dd>
              </div>
            ) : null}
          </dl>
        </div>
      </header>
      <section className="invoice-bill-to" aria-labelledby="invoice-bill-to">
        <h2 id="invoice-bill-to">Bill to</h2>
        <PartyBlock party={invoice.billTo} />
      </section>
      <DataTable
        wrap
        className="data invoice-lines"
        aria-label="Lines"
        columns={[
          "Date",
          "Description",
          numeric("Qty"),
          numeric("Unit price"),
          numeric("Net"),
          numeric("Tax"),
          numeric("Gross"),
        ]}
      >
        {invoice.lines.map((line, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a frozen document's lines never move
          <tr key={index}>
            <td className="nowrap">{line.date}</td>
            <td>
              <bdi>{line.description}</bdi>
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
        balance={{ term: "Balance due", amount: money(invoice.balance) }}
      />
    </article>
  );
}

/** A name, its address as written (line breaks kept) and its tax ID; missing parts are left out. */
function PartyBlock({ party, className }: { party: Party; className?: string }) {
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
      {party.taxId ? (
        <div>
          Tax ID <bdi>{party.taxId}</bdi>
        </div>
      ) : null}
    </div>
  );
}
