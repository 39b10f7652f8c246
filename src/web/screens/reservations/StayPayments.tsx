/**
 * A stay's payments: the list (voided ones struck through, times in the hotel's zone), recording one, voiding
 * one after an in-page question. A payment larger than what the guest owes is not taken silently: the clerk
 * is asked first and told the credit it leaves (docs/product.md#payments-and-balance).
 */
import { type FormEvent, useMemo, useState } from "react";
import { PAYMENT_METHODS, type PaymentMethod } from "../../../domain/constants.js";
import { capitalize, PAYMENT_METHOD_LABELS, stayDisplayName } from "../../../domain/labels.js";
import { fromMinor, toMinor } from "../../../domain/money.js";
import type { Payment } from "../../../domain/schemas/payments.js";
import type { Reservation } from "../../../domain/schemas/reservations.js";
import { errorMessage } from "../../api/client.js";
import { useProperty } from "../../api/property.js";
import { useRecordPayment, useVoidPayment } from "../../api/stays.js";
import { confirmDialog } from "../../components/ConfirmDialog.js";
import { DataTable, numeric } from "../../components/DataTable.js";
import { InputField, SelectField } from "../../components/Field.js";
import { FormActions } from "../../components/FormActions.js";
import { FormError } from "../../components/FormError.js";
import { numberOrNull } from "../../components/feedback.js";
import { useMoney } from "../../components/useMoney.js";

const methodLabel = (method: PaymentMethod) => capitalize(PAYMENT_METHOD_LABELS[method]);

/** When a payment was taken, on the hotel's clock (a clerk abroad reads the desk's time). */
function useHotelTime(): (iso: string) => string {
  const { timeZone } = useProperty();
  return useMemo(() => {
    const format = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "short", timeZone });
    return (iso: string) => format.format(new Date(iso));
  }, [timeZone]);
}

export function StayPayments({ stay, payments }: { stay: Reservation; payments: readonly Payment[] }) {
  const record = useRecordPayment(stay.id);
  const voidPayment = useVoidPayment(stay.id);
  const money = useMoney();
  const at = useHotelTime();
  const [amount, setAmount] = useState("");
  const [method, setMethod] = useState<PaymentMethod>("cash");
  const [note, setNote] = useState("");
  const [error, setError] = useState<string | null>(null);

  /** More than the balance leaves a credit to refund: asked first, with the credit named. */
  const overpaymentAccepted = (paid: number): Promise<boolean> | true => {
    if (paid <= stay.balance) return true;
    const credit = fromMinor(toMinor(paid) - toMinor(stay.balance));
    const name = stayDisplayName(stay);
    return confirmDialog({
      title:
        stay.balance > 0
          ? `${money(paid)} is more than the ${money(stay.balance)} ${name} owes. Record it anyway?`
          : `${name} owes nothing. Record ${money(paid)} anyway?`,
      body: `The stay will show a credit of ${money(credit)} to refund.`,
      confirmLabel: "Record payment",
      cancelLabel: "Change amount",
    });
  };

  const onRecord = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    const paid = numberOrNull(amount) ?? 0;
    if (!(await overpaymentAccepted(paid))) return;
    record.mutate(
      { amount: paid, method, note },
      {
        onSuccess: () => {
          setAmount("");
          setNote("");
        },
        onError: (cause) => setError(errorMessage(cause)),
      },
    );
  };

  const onVoid = async (payment: Payment) => {
    const accepted = await confirmDialog({
      title: "Void this payment?",
      body: `${money(payment.amount)} by ${PAYMENT_METHOD_LABELS[payment.method]} stays listed, struck through, and the balance goes up by it.`,
      confirmLabel: "Void payment",
      danger: true,
    });
    if (!accepted) return;
    voidPayment.mutate(payment.id, { onError: (cause) => setError(errorMessage(cause)) });
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
              <td className="nowrap">{at(payment.createdAt)}</td>
              <td>{methodLabel(payment.method)}</td>
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
                    onClick={() => void onVoid(payment)}
                  >
                    Void
                  </button>
                )}
              </td>
            </tr>
          ))}
        </DataTable>
      )}
      <form className="form-grid" onSubmit={(event) => void onRecord(event)} aria-label="Record payment">
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
              {methodLabel(value)}
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
