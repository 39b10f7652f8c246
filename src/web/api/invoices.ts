/**
 * The invoice register (docs/product.md#folio-taxes-and-invoices): the property's invoices and credit notes,
 * newest first, found by number, name or reservation code within a window of issue dates; one invoice; its PDF;
 * crediting one (owners and managers). Every query lives under the invoices key (keys.ts).
 */
import { keepPreviousData, useMutation, useQuery } from "@tanstack/react-query";
import { INVOICES_PAGE } from "../../domain/constants.js";
import type { Invoice } from "../../domain/schemas/invoices.js";
import { useChange } from "./changes.js";
import { apiFetch } from "./client.js";
import { keys } from "./keys.js";
import { useProperty } from "./property.js";

export type InvoiceFilters = { q: string; from: string; to: string };

const invoicesPath = (pid: string) => `/api/properties/${pid}/invoices`;

/** The register's filters as query parameters: empty ones are left out. */
function setFilters(query: URLSearchParams, filters: InvoiceFilters): URLSearchParams {
  if (filters.q.trim()) query.set("q", filters.q.trim());
  if (filters.from) query.set("from", filters.from);
  if (filters.to) query.set("to", filters.to);
  return query;
}

/** The register's URL. */
export function invoiceListPath(pid: string, filters: InvoiceFilters, limit = INVOICES_PAGE.default): string {
  return `${invoicesPath(pid)}?${setFilters(new URLSearchParams({ limit: String(limit) }), filters)}`;
}

/** The CSV export of every document the register's filters match, not just those shown. */
export function invoicesCsvPath(pid: string, filters: InvoiceFilters): string {
  const query = setFilters(new URLSearchParams(), filters).toString();
  return `/api/properties/${pid}/exports/invoices.csv${query ? `?${query}` : ""}`;
}

export const invoicePdfPath = (pid: string, invoiceId: string) => `${invoicesPath(pid)}/${invoiceId}/pdf`;

/** The print view's address in the app (docs/product.md#screens-and-routes). */
export const invoicePrintPath = (invoiceId: string) => `/hms/invoices/${invoiceId}/print`;

/** The register; the last answer stays on screen while a new search loads. */
export function useInvoices(filters: InvoiceFilters, enabled = true) {
  const { id } = useProperty();
  return useQuery({
    queryKey: [...keys.invoices(id), "list", filters],
    queryFn: ({ signal }) => apiFetch<Invoice[]>(invoiceListPath(id, filters), { signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useInvoice(invoiceId: string | null) {
  const { id } = useProperty();
  return useQuery({
    queryKey: [...keys.invoices(id), "detail", invoiceId],
    queryFn: ({ signal }) => apiFetch<Invoice>(`${invoicesPath(id)}/${invoiceId}`, { signal }),
    enabled: invoiceId !== null,
  });
}

/** Issues the credit note that negates an invoice in full; answers the credit note. */
export function useCreditNote() {
  // A credit note is an event of its stay (src/domain/events.ts).
  const change = useChange("reservation");
  const { id } = useProperty();
  return useMutation({
    mutationFn: (invoiceId: string) =>
      change(() =>
        apiFetch<Invoice>(`${invoicesPath(id)}/${invoiceId}/credit-note`, { method: "POST", body: {} }),
      ),
  });
}
