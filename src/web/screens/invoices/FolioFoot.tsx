/**
 * The foot of a folio (StayFolio) and of an invoice (InvoiceDocument), from the figures they share
 * (folioFigures, src/domain/schemas/folio.ts): the tax summary, a row per rate, beside the totals, every
 * amount in the document's own currency. The stay's details and the sheet of paper style them apart
 * (src/web/screens/reservations/folio.css, invoices.css), so each names the prefix of its classes.
 */
import { useLingui } from "@lingui/react/macro";
import { formatMoney } from "../../../domain/money.js";
import type { Folio } from "../../../domain/schemas/folio.js";
import { DataTable, numeric } from "../../components/DataTable.js";
import { localeOf } from "../../i18n/format.js";
import { useInvoiceText } from "./invoiceText.js";

type Total = {
  term: string;
  amount: string;
  /** Set apart from the rows above it (the total, what remains). */
  strong?: boolean;
  /** Tests read the total, what was paid and the balance by `${prefix}-${testId}`. */
  testId?: string;
};

export function FolioFoot({
  prefix,
  figures,
  balance,
  totalsLabel,
}: {
  prefix: "folio" | "invoice";
  figures: Omit<Folio, "lines">;
  /** The last row: what the balance is called and how it reads (a folio says a credit in words). */
  balance: { term: string; amount: string };
  /** The totals' name, where the page around them holds other figures. */
  totalsLabel?: string;
}) {
  const { t, i18n } = useLingui();
  const { taxRowLabel } = useInvoiceText();
  // Every amount in the document's own currency, written as the language shown writes money.
  const locale = localeOf(i18n.locale);
  const money = (amount: number) => formatMoney(amount, figures.currency, { locale });
  const totals: Total[] = [
    { term: t`Net`, amount: money(figures.net) },
    { term: t`Tax`, amount: money(figures.tax) },
    { term: t`Total`, amount: money(figures.gross), strong: true, testId: "total" },
    { term: t`Paid`, amount: money(figures.payments), testId: "paid" },
    { ...balance, strong: true, testId: "balance" },
  ];
  return (
    <div className={`${prefix}-foot`}>
      {/* An invoice always has a line, so only a folio with nothing on it has no summary. */}
      {figures.taxes.length > 0 ? (
        <DataTable
          className={`data ${prefix}-taxes`}
          aria-label={t`Tax summary`}
          columns={[t`Tax`, numeric(t`Net`), numeric(t`Tax amount`)]}
        >
          {figures.taxes.map((row) => (
            <tr key={`${row.taxRateId ?? ""}:${row.percent}`}>
              <td>{taxRowLabel(row)}</td>
              <td className="num">{money(row.net)}</td>
              <td className="num">{money(row.tax)}</td>
            </tr>
          ))}
        </DataTable>
      ) : null}
      <dl className={`${prefix}-totals`} aria-label={totalsLabel}>
        {totals.map((total) => (
          <div key={total.term} className={total.strong ? `${prefix}-total` : undefined}>
            <dt>{total.term}</dt>
            <dd data-testid={total.testId ? `${prefix}-${total.testId}` : undefined}>{total.amount}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
