/**
 * Invoices (`/hms/invoices`, docs/product.md#folio-taxes-and-invoices): the register of the property's invoices
 * and credit notes, newest first, found by number, bill-to or guest name or reservation code ("Search") within
 * a window of issue dates (From, To), all three in the URL so a search survives a reload. Each row downloads
 * its PDF or opens its print view, and its reservation opens the stay. "Export CSV" takes every document the
 * filters match, not only those shown (docs/product.md#csv-exports).
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { useCallback, useEffect, useState } from "react";
import { useSearchParams } from "react-router";
import { INVOICES_PAGE } from "../../../domain/constants.js";
import { isIsoDate } from "../../../domain/dates.js";
import { formatMoney } from "../../../domain/money.js";
import type { Invoice } from "../../../domain/schemas/invoices.js";
import { type InvoiceFilters, invoicesCsvPath, useInvoices } from "../../api/invoices.js";
import { useProperty, usePropertyToday } from "../../api/property.js";
import { DataTable, numeric } from "../../components/DataTable.js";
import { EmptyState } from "../../components/EmptyState.js";
import { DateField } from "../../components/Field.js";
import { FormError } from "../../components/FormError.js";
import { PageHeader } from "../../components/PageHeader.js";
import { SearchField } from "../../components/SearchField.js";
import { useSettled } from "../../components/useSettled.js";
import { useDateWords } from "../../i18n/format.js";
import { INVOICE_KIND_WORDS, INVOICE_STATUS_WORDS } from "../../i18n/labels.js";
import { StayDialog } from "../reservations/StayDialog.js";
import { InvoiceLinks } from "./InvoiceLinks.js";
import "./invoices.css";

/** Typing pause before a search is sent (as on Reservations and Guests). */
const SEARCH_DEBOUNCE_MS = 250;

const dateParam = (value: string | null) => (value && isIsoDate(value) ? value : "");

export default function InvoicesScreen() {
  const [params, setParams] = useSearchParams();
  const [text, setText] = useState(params.get("q") ?? "");
  const q = useSettled(text.trim(), SEARCH_DEBOUNCE_MS);
  const from = dateParam(params.get("from"));
  const to = dateParam(params.get("to"));
  const setParam = useCallback(
    (name: string, value: string) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (value) next.set(name, value);
          else next.delete(name);
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  useEffect(() => setParam("q", q), [q, setParam]);

  const filters: InvoiceFilters = { q, from, to };
  const backwards = from !== "" && to !== "" && from > to;
  const invoices = useInvoices(filters, !backwards);
  const { id } = useProperty();
  const rows = invoices.data ?? [];
  const { t } = useLingui();

  return (
    <>
      <PageHeader title={t`Invoices`}>
        <a className="button" href={invoicesCsvPath(id, filters)} download>
          <Trans>Export CSV</Trans>
        </a>
      </PageHeader>
      <section className="panel table-wrap invoices-panel" aria-label={t`Invoices`}>
        <search className="list-filters">
          <form className="form-grid" onSubmit={(event) => event.preventDefault()}>
            <SearchField value={text} onValue={setText} placeholder={t`Number, name or reservation code`} />
            <DateField
              label={t`From`}
              value={from}
              max={to || undefined}
              onValue={(v) => setParam("from", v)}
            />
            <DateField label={t`To`} value={to} min={from || undefined} onValue={(v) => setParam("to", v)} />
          </form>
        </search>
        {backwards ? <FormError message={t`From must be on or before To.`} /> : null}
        <FormError message={invoices.error?.message} />
        <Register
          rows={rows}
          pending={invoices.isPending && !backwards}
          stale={invoices.isPlaceholderData}
          filtered={Boolean(q || from || to)}
        />
      </section>
    </>
  );
}

function Register({
  rows,
  pending,
  stale,
  filtered,
}: {
  rows: Invoice[];
  pending: boolean;
  stale: boolean;
  filtered: boolean;
}) {
  const [open, setOpen] = useState<string | null>(null);
  const today = usePropertyToday();
  const { t } = useLingui();
  const dates = useDateWords();
  if (pending) {
    return (
      <p className="empty">
        <Trans>Loading...</Trans>
      </p>
    );
  }
  if (rows.length === 0) {
    return (
      <EmptyState>
        {filtered ? t`No invoices match.` : t`No invoices yet. Issue one from a stay's details, under Folio.`}
      </EmptyState>
    );
  }
  const count = rows.length;
  return (
    <>
      <DataTable
        className="data phone-cards invoices-table"
        aria-busy={stale}
        columns={[
          t`Number`,
          t`Type`,
          t`Issue date`,
          t`Bill to`,
          t`Reservation`,
          numeric(t`Total`),
          t`Status`,
          { label: t`Actions`, className: "print-hidden" },
        ]}
      >
        {rows.map((invoice) => (
          <tr key={invoice.id}>
            <td data-label={t`Number`} className="nowrap">
              {invoice.number}
            </td>
            <td data-label={t`Type`}>{t(INVOICE_KIND_WORDS[invoice.kind])}</td>
            <td data-label={t`Issue date`} className="nowrap">
              <time dateTime={invoice.issueDate}>{dates.day(invoice.issueDate, today)}</time>
            </td>
            <td data-label={t`Bill to`}>
              <bdi className="clip" title={invoice.billTo.name}>
                {invoice.billTo.name}
              </bdi>
            </td>
            <td data-label={t`Reservation`}>
              <button
                type="button"
                className="link-button"
                title={t`Open the stay's details`}
                onClick={() => setOpen(invoice.reservationId)}
              >
                <code>{invoice.reservationCode}</code>
              </button>
            </td>
            <td data-label={t`Total`} className="num">
              {formatMoney(invoice.gross, invoice.currency, { locale: dates.locale })}
            </td>
            <td data-label={t`Status`}>
              <span className={`badge invoice-${invoice.status}`}>
                {t(INVOICE_STATUS_WORDS[invoice.status])}
              </span>
            </td>
            <td data-label={t`Actions`} className="print-hidden">
              <div className="actions row-actions">
                <InvoiceLinks invoice={invoice} />
              </div>
            </td>
          </tr>
        ))}
      </DataTable>
      {rows.length >= INVOICES_PAGE.default ? (
        <p className="muted">
          <Trans>The {count} newest are shown. Narrow the dates or the search to find older ones.</Trans>
        </p>
      ) : null}
      {open ? <StayDialog key={open} stayId={open} onClose={() => setOpen(null)} /> : null}
    </>
  );
}
