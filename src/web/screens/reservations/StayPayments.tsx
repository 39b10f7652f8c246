/** A stay's payments: the list (voided ones struck through), recording one, voiding one after a confirm. */
import { type FormEvent, useState } from "react";
import { PAYMENT_METHODS, type PaymentMethod } from "../../../domain/constants.js";
import type { Payment } from "../../../domain/schemas/payments.js";
import type { Reservation } from "../../../domain/schemas/reservations.js";
import { errorMessage } from "../../api/client.js";
import { useRecordPayment, useVoidPayment } from "../../api/stays.js";
import { DataTable, numeric } from "../../components/DataTable.js";
import { InputField, SelectField } from "../../components/Field.js";
import { FormActions } from "../../components/FormActions.js";
import { FormError } from "../../components/FormError.js";
import { confirmAction, numberOrNull } from "../../components/feedback.js";
import { useMoney } from "../../components/useMoney.js";

const METHOD_LABELS: Record<PaymentMethod, string> = {
  cash: "Cash",
  card: "Card",
  bank_transfer: "Bank transfer",
  other: "Other",
};

export function StayPayments({ stay, payments }: { stay: Reservation; payments: readonly Payment[] }) {
  const record = useRecordPayment(stay.id);
  const voidPayment = useVoidPayment(stay.id);
  const money = useMoney();
  const [amount, setAmount] = useState("");
  const [method, setMethod] = useState<PaymentMethod>("cash");
  const [note, setNote] = useState("");
  const [error, setError] = useState<string | null>(null);

  const onRecord = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    record.mutate(
      { amount: numberOrNull(amount) ?? 0, method, note },
      {
        onSuccess: () => {
          setAmount("");
          setNote("");
        },
        onError: (cause) => setError(errorMessage(cause)),
      },
    );
  };

  return (
    <section aria-labelledby="payments-heading">
      <h3 id="payments-heading">Payments</h3>
      {payments.length === 0 ? (
        <p className="muted">No payments yet.</p>
      ) : (
        <DataTable
          columns={[
            "When",
            "Method",
            "Note",
            numeric("Amount"),
            { label: <span className="visually-hidden">Actions</span> },
          ]}
        >
          {payments.map((payment) => (
            <tr key={payment.id} className={payment.voidedAt ? "voided" : undefined}>
              <td className="nowrap">{new Date(payment.createdAt).toLocaleString()}</td>
              <td>{METHOD_LABELS[payment.method]}</td>
              <td>
                <bdi>{payment.note}</bdi>
              </td>
              <td className="num">
                {payment.voidedAt ? <s>{money(payment.amount)}</s> : money(payment.amount)}
              </td>
              <td>
                {payment.voidedAt ? (
                  <span className="muted">Void</span>
                ) : (
                  <button
                    type="button"
                    className="button small danger"
                    disabled={voidPayment.isPending}
                    onClick={() => {
                      if (confirmAction("Void this payment?")) {
                        voidPayment.mutate(payment.id, {
                          onError: (cause) => setError(errorMessage(cause)),
                        });
                      }
                    }}
                  >
                    Void
                  </button>
                )}
              </td>
            </tr>
          ))}
        </DataTable>
      )}
      <form className="form-grid" onSubmit={onRecord} aria-label="Record payment">
        <InputField
          label="Amount"
          type="number"
          min={0.01}
          step={0.01}
          required
          value={amount}
          onValue={setAmount}
        />
        <SelectField
          label="Method"
          value={method}
          onChange={(event) => setMethod(event.target.value as PaymentMethod)}
        >
          {PAYMENT_METHODS.map((value) => (
            <option key={value} value={value}>
              {METHOD_LABELS[value]}
            </option>
          ))}
        </SelectField>
        <InputField label="Note" autoComplete="off" value={note} onValue={setNote} />
        <FormActions submit="Record payment" busy={record.isPending} plain />
      </form>
      <FormError message={error} />
    </section>
  );
}
