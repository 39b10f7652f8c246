/**
 * A stay's folio (docs/product.md#folio-taxes-and-invoices): its lines, tax summary and totals, the charges the
 * desk posts and voids, and the stay's invoices. The folio lives under the folios key and the invoices under
 * the invoices key, which the changes that touch them make stale (keys.ts).
 */
import { useMutation, useQuery } from "@tanstack/react-query";
import type { ChargeCreateInput, Folio, FolioLine } from "../../domain/schemas/folio.js";
import type { Invoice, InvoiceCreateInput } from "../../domain/schemas/invoices.js";
import { useChange } from "./changes.js";
import { apiFetch } from "./client.js";
import { keys } from "./keys.js";
import { useProperty } from "./property.js";

const stayPath = (pid: string, stayId: string) => `/api/properties/${pid}/reservations/${stayId}`;

export function useFolio(stayId: string) {
  const { id } = useProperty();
  return useQuery({
    queryKey: [...keys.folios(id), stayId],
    queryFn: ({ signal }) => apiFetch<Folio>(`${stayPath(id, stayId)}/folio`, { signal }),
  });
}

/** The stay's invoices and credit notes, oldest first as the server lists them. */
export function useStayInvoices(stayId: string) {
  const { id } = useProperty();
  return useQuery({
    queryKey: [...keys.invoices(id), "stay", stayId],
    queryFn: ({ signal }) => apiFetch<Invoice[]>(`${stayPath(id, stayId)}/invoices`, { signal }),
  });
}

function useFolioChange<Input, Output>(request: (pid: string, input: Input) => Promise<Output>) {
  // Charges and invoices are events of their stay (src/domain/events.ts).
  const change = useChange("reservation");
  const { id } = useProperty();
  return useMutation({ mutationFn: (input: Input) => change(() => request(id, input)) });
}

export const usePostCharge = (stayId: string) =>
  useFolioChange<ChargeCreateInput, FolioLine>((pid, input) =>
    apiFetch(`${stayPath(pid, stayId)}/charges`, { method: "POST", body: input }),
  );

export const useVoidCharge = (stayId: string) =>
  useFolioChange<string, FolioLine>((pid, chargeId) =>
    // An empty JSON body passes whether or not the route declares one (src/server/http/csrf.ts).
    apiFetch(`${stayPath(pid, stayId)}/charges/${chargeId}/void`, { method: "POST", body: {} }),
  );

/** Invoices every line not yet invoiced; 409 `nothing_to_invoice` when there is none. */
export const useIssueInvoice = (stayId: string) =>
  useFolioChange<InvoiceCreateInput, Invoice>((pid, input) =>
    apiFetch(`${stayPath(pid, stayId)}/invoices`, { method: "POST", body: input }),
  );
