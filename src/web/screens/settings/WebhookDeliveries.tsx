/**
 * One webhook's deliveries, newest first, in a dialog: what was sent, whether the receiver took it, and
 * why not. A delivery can be sent again (the receiver lost it, or it failed for good after its retries).
 * The list refreshes itself while a delivery is pending (useDeliveries).
 */
import { useState } from "react";
import type { Webhook, WebhookDelivery } from "../../../domain/schemas/webhooks.js";
import { useDeliveries, useRedeliver } from "../../api/integrations.js";
import { DataTable, numeric } from "../../components/DataTable.js";
import { FormError } from "../../components/FormError.js";
import { FormSuccess } from "../../components/FormSuccess.js";
import { Modal } from "../../components/Modal.js";
import { QueryList } from "../../components/QueryList.js";
import { Moment } from "./Moment.js";

export function WebhookDeliveries({ webhook, onClose }: { webhook: Webhook; onClose: () => void }) {
  const deliveries = useDeliveries(webhook.id);
  const redeliver = useRedeliver(webhook.id);
  const [sent, setSent] = useState<string | null>(null);

  const send = (delivery: WebhookDelivery) => {
    setSent(null);
    redeliver.mutate(delivery.id, {
      onSuccess: () => setSent(`Event ${delivery.sequence} (${delivery.eventType}) queued to be sent again.`),
    });
  };

  return (
    <Modal heading="Deliveries" className="stay-dialog deliveries-dialog" onClose={onClose}>
      <p className="muted deliveries-target">
        To <bdi>{webhook.url}</bdi>
      </p>
      <QueryList query={deliveries} empty="No deliveries yet.">
        {(items) => (
          <DataTable
            wrap
            className="data phone-cards deliveries-table"
            columns={[
              "Event",
              numeric("Sequence"),
              "Status",
              numeric("Attempts"),
              numeric("Response"),
              "Last attempt",
              "Error",
              "Actions",
            ]}
          >
            {items.map((delivery) => (
              <tr key={delivery.id}>
                <td data-label="Event">
                  <code>{delivery.eventType}</code>
                </td>
                <td data-label="Sequence" className="num">
                  {delivery.sequence}
                </td>
                <td data-label="Status">
                  <span className={`badge delivery-${delivery.status}`}>{delivery.status}</span>
                  {delivery.status === "pending" && delivery.nextAttemptAt ? (
                    <span className="muted delivery-next">
                      next <Moment iso={delivery.nextAttemptAt} />
                    </span>
                  ) : null}
                </td>
                <td data-label="Attempts" className="num">
                  {delivery.attempts}
                </td>
                <td data-label="Response" className="num">
                  {delivery.responseStatus ?? "—"}
                </td>
                <td data-label="Last attempt">
                  {delivery.lastAttemptAt ? <Moment iso={delivery.lastAttemptAt} /> : "—"}
                </td>
                <td data-label="Error" className="delivery-error">
                  {delivery.error ?? "—"}
                </td>
                <td data-label="Actions">
                  <button
                    type="button"
                    className="button small"
                    disabled={redeliver.isPending && redeliver.variables === delivery.id}
                    onClick={() => send(delivery)}
                  >
                    Redeliver
                  </button>
                </td>
              </tr>
            ))}
          </DataTable>
        )}
      </QueryList>
      <FormError message={redeliver.error?.message} />
      <FormSuccess message={sent} />
    </Modal>
  );
}
