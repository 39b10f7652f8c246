/**
 * An invoice or credit note to print (`/hms/invoices/:id/print`): the sheet its PDF shows, with the way back,
 * its PDF and a Print button, none of which reach the paper (invoices.css). "Print" elsewhere opens this page
 * in a tab of its own with `?print=1`, which opens the browser's print dialog once the invoice is in; the
 * parameter is dropped then, so a reload shows the page without printing again.
 */
import { Trans } from "@lingui/react/macro";
import { useEffect } from "react";
import { Link, useParams, useSearchParams } from "react-router";
import { AppError } from "../../../domain/errors.js";
import { invoicePdfPath, useInvoice } from "../../api/invoices.js";
import { useProperty } from "../../api/property.js";
import { FormError } from "../../components/FormError.js";
import { InvoiceDocument } from "./InvoiceDocument.js";
import "./invoices.css";

export default function InvoicePrintScreen() {
  const invoiceId = useParams().id ?? "";
  const { id: pid } = useProperty();
  const invoice = useInvoice(invoiceId);
  const credited = useInvoice(invoice.data?.creditedInvoiceId ?? null);
  const [params, setParams] = useSearchParams();
  const printNow = params.get("print") === "1";
  const ready = invoice.data !== undefined && (!invoice.data.creditedInvoiceId || !credited.isPending);

  useEffect(() => {
    if (!printNow || !ready) return;
    setParams({}, { replace: true });
    window.print();
  }, [printNow, ready, setParams]);

  const gone = invoice.error instanceof AppError && invoice.error.code === "not_found";
  return (
    <div className="invoice-page">
      <div className="invoice-toolbar">
        <Link className="invoice-back" to="/hms/invoices">
          <Trans>← Invoices</Trans>
        </Link>
        {invoice.data ? (
          <div className="actions">
            <a className="button" href={invoicePdfPath(pid, invoice.data.id)} download>
              <Trans>Download PDF</Trans>
            </a>
            <button type="button" className="button primary" onClick={() => window.print()}>
              <Trans>Print</Trans>
            </button>
          </div>
        ) : null}
      </div>
      {invoice.data ? (
        <InvoiceDocument invoice={invoice.data} creditedNumber={credited.data?.number} />
      ) : gone ? (
        <p className="panel" role="alert">
          <Trans>There is no such invoice in this property.</Trans>
        </p>
      ) : (
        <>
          <FormError message={invoice.error?.message} />
          {invoice.isPending ? (
            <p className="muted">
              <Trans>Loading...</Trans>
            </p>
          ) : null}
        </>
      )}
    </div>
  );
}
