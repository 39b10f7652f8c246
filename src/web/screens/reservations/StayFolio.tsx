/**
 * A stay's money (docs/product.md#folio-taxes-and-invoices): the folio (its nights, city tax and the charges
 * posted, voided ones struck through; the tax summary and totals), "Add charge", the payments and refunds
 * (StayPayments), and the stay's invoices (StayInvoices). The nights and the city tax follow from the stay and
 * are never voided; a posted charge is voided after an in-page question, unless an invoice holds it.
 */

import { formatDay } from "../../../domain/dates.js";
import { stayDisplayName } from "../../../domain/labels.js";
import { formatMoney } from "../../../domain/money.js";
import type { Folio } from "../../../domain/schemas/folio.js";
import type { Payment } from "../../../domain/schemas/payments.js";
import type { Reservation } from "../../../domain/schemas/reservations.js";
import { useFolio, useVoidCharge } from "../../api/folio.js";
import { usePropertyToday } from "../../api/property.js";
import { ConfirmedAction } from "../../components/ConfirmedAction.js";
import { DataTable, numeric } from "../../components/DataTable.js";
import { FormError } from "../../components/FormError.js";
import { FolioFoot } from "../invoices/FolioFoot.js";
import { isVoidable, lineStatus, percentLabel } from "../invoices/invoiceText.js";
import { ChargeForm } from "./ChargeForm.js";
import { StayInvoices } from "./StayInvoices.js";
import { StayPayments } from "./StayPayments.js";
import { balanceLabel } from "./stayLabels.js";
import "./folio.css";

export function StayFolio({ stay, payments }: { stay: Reservation; payments: readonly Payment[] }) {
  const folio = useFolio(stay.id);
  return (
    <>
      <section className="folio" aria-labelledby="folio-heading">
        <h3 id="folio-heading">Folio</h3>
        <FormError
          message={folio.error ? `Could not load the folio of ${stay.code}: ${folio.error.message}` : null}
        />
        {folio.data ? (
          <FolioView stay={stay} folio={folio.data} />
        ) : folio.isPending ? (
          <p className="muted">Loading...</p>
        ) : null}
        <ChargeForm stay={stay} />
      </section>
      <StayPayments stay={stay} payments={payments} />
      <StayInvoices stay={stay} folio={folio.data} />
    </>
  );
}

function FolioView({ stay, folio }: { stay: Reservation; folio: Folio }) {
  const today = usePropertyToday();
  const voidCharge = useVoidCharge(stay.id);
  const money = (amount: number) => formatMoney(amount, folio.currency);

  return (
    <>
      {folio.lines.length === 0 ? (
        <p className="muted">Nothing on the folio yet.</p>
      ) : (
        <DataTable
          wrap
          className="data phone-cards folio-lines"
          aria-label={`Folio lines of ${stay.code}`}
          columns={[
            "Date",
            "Description",
            numeric("Qty"),
            numeric("Unit price"),
            numeric("Tax"),
            numeric("Gross"),
            { label: <span className="visually-hidden">Status</span> },
          ]}
        >
          {folio.lines.map((line, index) => {
            const status = lineStatus(line);
            const voided = line.voidedAt !== null;
            const figure = (amount: number) => (voided ? <s>{money(amount)}</s> : money(amount));
            return (
              <tr
                key={line.id ?? `${line.kind}:${line.date}:${index}`}
                className={voided ? "voided" : undefined}
              >
                <td data-label="Date" className="nowrap">
                  {formatDay(line.date, today)}
                </td>
                <td data-label="Description">
                  <bdi>{voided ? <s>{line.description}</s> : line.description}</bdi>
                </td>
                <td data-label="Qty" className="num">
                  {line.quantity}
                </td>
                <td data-label="Unit price" className="num">
                  {figure(line.unitPrice)}
                </td>
                <td data-label="Tax" className="num">
                  {figure(line.tax)}
                  {line.percent > 0 ? <div className="muted">{percentLabel(line.percent)}</div> : null}
                </td>
                <td data-label="Gross" className="num">
                  {figure(line.gross)}
                </td>
                <td data-label="Status" className="folio-status">
                  {isVoidable(line) ? (
                    <ConfirmedAction
                      verb="Void"
                      subject={line.description}
                      id={line.id}
                      mutation={voidCharge}
                      question={{
                        title: `Void ${line.description} × ${line.quantity}?`,
                        body: `${money(line.gross)} stays on the folio of ${stayDisplayName(stay)}, struck through, and no longer counts in its total.`,
                        confirmLabel: "Void charge",
                      }}
                      done={() => `${line.description} × ${line.quantity} voided on ${stay.code}.`}
                      failed={(message) => `Could not void ${line.description} on ${stay.code}: ${message}`}
                    />
                  ) : status ? (
                    <span className="muted">{status}</span>
                  ) : null}
                </td>
              </tr>
            );
          })}
        </DataTable>
      )}
      <FolioFoot
        prefix="folio"
        figures={folio}
        balance={{
          term: "Balance",
          amount: folio.balance < 0 ? balanceLabel(folio.balance, money) : money(folio.balance),
        }}
        totalsLabel="Folio totals"
      />
    </>
  );
}
