/** Hooks for one stay: its details with payments, edits, and recording or voiding a payment. */
import { useMutation, useQuery } from "@tanstack/react-query";
import type { Payment, PaymentCreateInput } from "../../domain/schemas/payments.js";
import type { QuoteQuery } from "../../domain/schemas/quotes.js";
import type { ReservationDetail } from "../../domain/schemas/reservations.js";
import { useChange } from "./changes.js";
import { apiFetch } from "./client.js";
import { keys } from "./keys.js";
import { useProperty } from "./property.js";
import { fetchQuote } from "./quote.js";

const stayPath = (pid: string, id: string) => `/api/properties/${pid}/reservations/${id}`;

export function useReservationDetail(reservationId: string) {
  const { id } = useProperty();
  return useQuery({
    // Under the reservations key: a live change to any stay or payment refreshes it.
    queryKey: [...keys.reservations(id), "detail", reservationId],
    queryFn: () => apiFetch<ReservationDetail>(stayPath(id, reservationId)),
  });
}

function usePaymentMutation<Input>(
  path: (pid: string, input: Input) => string,
  body?: (input: Input) => unknown,
) {
  // A payment's event is about its stay.
  const change = useChange("reservation");
  const { id } = useProperty();
  return useMutation({
    mutationFn: (input: Input) =>
      change(() =>
        apiFetch<Payment>(path(id, input), { method: "POST", ...(body ? { body: body(input) } : {}) }),
      ),
  });
}

export const useRecordPayment = (reservationId: string) =>
  usePaymentMutation<PaymentCreateInput>(
    (pid) => `${stayPath(pid, reservationId)}/payments`,
    (input) => input,
  );

export const useVoidPayment = (reservationId: string) =>
  usePaymentMutation<string>(
    (pid, paymentId) => `${stayPath(pid, reservationId)}/payments/${paymentId}/void`,
  );

/** What a stay would cost on other dates or in another room (`GET …/quote`); refusals come back as errors. */
export function useQuote(query: QuoteQuery | null) {
  const { id } = useProperty();
  return useQuery({
    // Under the rates key: an override saved meanwhile re-prices the quote.
    queryKey: [...keys.rateOverrides(id), "quote", query],
    enabled: query !== null,
    retry: false,
    queryFn: () => fetchQuote(id, query as QuoteQuery),
  });
}
