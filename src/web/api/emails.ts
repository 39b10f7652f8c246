/**
 * Email (docs/product.md#email): "Email invoice" puts a message with the invoice's PDF in the outbox; Settings →
 * Emails lists what the outbox holds. The mail worker's sending changes no record a live update tells of, so
 * the list asks again every few seconds while it is open.
 */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { Email } from "../../domain/schemas/emails.js";
import type { QueuedEmail } from "../../domain/schemas/invoices.js";
import { apiFetch } from "./client.js";
import { keys } from "./keys.js";
import { useProperty } from "./property.js";

/** How often the open list asks for news of messages being sent. */
const EMAILS_REFRESH_MS = 5_000;

export function useEmails() {
  const { id } = useProperty();
  return useQuery({
    queryKey: [...keys.emails(id), "list"],
    queryFn: ({ signal }) => apiFetch<Email[]>(`/api/properties/${id}/emails?limit=100`, { signal }),
    refetchInterval: EMAILS_REFRESH_MS,
  });
}

/** Emails an invoice or credit note (with its PDF) to `to`. */
export function useEmailInvoice() {
  const queryClient = useQueryClient();
  const { id } = useProperty();
  return useMutation({
    mutationFn: ({ invoiceId, to }: { invoiceId: string; to: string }) =>
      apiFetch<QueuedEmail>(`/api/properties/${id}/invoices/${invoiceId}/email`, {
        method: "POST",
        body: { to },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.emails(id) }),
  });
}
