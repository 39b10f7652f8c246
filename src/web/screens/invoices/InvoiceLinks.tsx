/**
 * An invoice's "Download PDF" (the server's PDF as a file) and "Print" (the print view in a tab of its own,
 * which opens the print dialog: InvoicePrintScreen). Each link's name says which invoice, for a screen reader
 * listing the page's links away from their row.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import type { Invoice } from "../../../domain/schemas/invoices.js";
import { invoicePdfPath, invoicePrintPath } from "../../api/invoices.js";
import { useProperty } from "../../api/property.js";

export function InvoiceLinks({ invoice }: { invoice: Pick<Invoice, "id" | "number"> }) {
  const { id: pid } = useProperty();
  const { t } = useLingui();
  const number = invoice.number;
  return (
    <>
      <a className="button small" href={invoicePdfPath(pid, invoice.id)} download>
        <Trans>
          Download PDF<span className="visually-hidden"> of {number}</span>
        </Trans>
      </a>
      <a
        className="button small"
        href={`${invoicePrintPath(invoice.id)}?print=1`}
        target="_blank"
        rel="noopener"
        title={t`Opens in a new tab`}
      >
        <Trans>
          Print<span className="visually-hidden"> {number} (opens in a new tab)</span>
        </Trans>
      </a>
    </>
  );
}
