/**
 * A stay's money (docs/product.md#folio-taxes-and-invoices): the folio (its nights, city tax and the charges
 * posted, voided ones struck through; the tax summary and totals), "Add charge", the payments and refunds
 * (StayPayments), and the stay's invoices (StayInvoices). The nights and the city tax follow from the stay and
 * are never voided; a posted charge is voided after an in-page question, unless an invoice holds it.
 */
import { Trans, useLingui } from "@lingui/react/macro";
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
import { localeOf, useDateWords } from "../../i18n/format.js";
import { FolioFoot } from "../invoices/FolioFoot.js";
import { isVoidable, useInvoiceText } from "../invoices/invoiceText.js";
import { ChargeForm } from "./ChargeForm.js";
import { StayInvoices } from "./StayInvoices.js";
import { StayPayments } from "./StayPayments.js";
import { balanceLabel } from "./stayLabels.js";
import "./folio.css";

export function StayFolio({ stay, payments }: { stay: Reservation; payments: readonly Payment[] }) {
  const folio = useFolio(stay.id);
  const { t } = useLingui();
  const code = stay.code;
  const reason = folio.error?.message;
  return (
    <>
      <section className="folio" aria-labelledby="folio-heading">
        <h3 id="folio-heading">
          <Trans>Folio</Trans>
        </h3>
        <FormError message={folio.error ? t`Could not load the folio of ${code}: ${reason}` : null} />
        {folio.data ? (
          <FolioView stay={stay} folio={folio.data} />
        ) : folio.isPending ? (
          <p className="muted">
            <Trans>Loading...</Trans>
          </p>
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
  const words = useDateWords();
  const { t, i18n } = useLingui();
  const { description: describe, lineStatus, percentLabel } = useInvoiceText();
  const code = stay.code;
  const guest = stayDisplayName(stay);
  const voidCharge = useVoidCharge(stay.id);
  // In the folio's own currency, written as the language shown writes money (as its foot does).
  const locale = localeOf(i18n.locale);
  const money = (amount: number) => formatMoney(amount, folio.currency, { locale });

  return (
    <>
      {folio.lines.length === 0 ? (
        <p className="muted">
          <Trans>Nothing on the folio yet.</Trans>
        </p>
      ) : (
        <DataTable
          wrap
          className="data phone-cards folio-lines"
          aria-label={t`Folio lines of ${code}`}
          columns={[
            t`Date`,
            t`Description`,
            numeric(t`Qty`),
            numeric(t`Unit price`),
            numeric(t`Tax`),
            numeric(t`Gross`),
            {
              label: (
                <span className="visually-hidden">
                  <Trans>Status</Trans>
                </span>
              ),
            },
          ]}
        >
          {folio.lines.map((line, index) => {
            const status = lineStatus(line);
            const voided = line.voidedAt !== null;
            const figure = (amount: number) => (voided ? <s>{money(amount)}</s> : money(amount));
            const { quantity } = line;
            const description = describe(line);
            const gross = money(line.gross);
            return (
              <tr
                key={line.id ?? `${line.kind}:${line.date}:${index}`}
                className={voided ? "voided" : undefined}
              >
                <td data-label={t`Date`} className="nowrap">
                  {words.day(line.date, today)}
                </td>
                <td data-label={t`Description`}>
                  <bdi>{voided ? <s>{description}</s> : description}</bdi>
                </td>
                <td data-label={t`Qty`} className="num">
                  {line.quantity}
                </td>
                <td data-label={t`Unit price`} className="num">
                  {figure(line.unitPrice)}
                </td>
                <td data-label={t`Tax`} className="num">
                  {figure(line.tax)}
                  {line.percent > 0 ? <div className="muted">{percentLabel(line.percent)}</div> : null}
                </td>
                <td data-label={t`Gross`} className="num">
                  {figure(line.gross)}
                </td>
                <td data-label={t`Status`} className="folio-status">
                  {isVoidable(line) ? (
                    <ConfirmedAction
                      verb={t`Void`}
                      subject={description}
                      id={line.id}
                      mutation={voidCharge}
                      question={{
                        title: t`Void ${description} × ${quantity}?`,
                        body: t`${gross} stays on the folio of ${guest}, struck through, and no longer counts in its total.`,
                        confirmLabel: t`Void charge`,
                      }}
                      done={() => t`${description} × ${quantity} voided on ${code}.`}
                      failed={(message) => t`Could not void ${description} on ${code}: ${message}`}
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
          term: t`Balance`,
          amount: folio.balance < 0 ? balanceLabel(folio.balance, money) : money(folio.balance),
        }}
        totalsLabel={t`Folio totals`}
      />
    </>
  );
}
