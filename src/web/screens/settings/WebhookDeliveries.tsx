/**
 * One webhook's deliveries, newest first, in a dialog: what was sent, whether the receiver took it, and
 * why not. A delivery can be sent again (the receiver lost it, or it failed for good after its retries).
 * The list refreshes itself while a delivery is pending (useDeliveries).
 */
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";
import type { Webhook, WebhookDelivery } from "../../../domain/schemas/webhooks.js";
import { useDeliveries, useRedeliver } from "../../api/integrations.js";
import { DataTable, numeric } from "../../components/DataTable.js";
import { FormError } from "../../components/FormError.js";
import { FormSuccess } from "../../components/FormSuccess.js";
import { Modal } from "../../components/Modal.js";
import { QueryList } from "../../components/QueryList.js";
import { Moment } from "./Moment.js";

/** A delivery's status in words (its code names the badge's class). */
const STATUS_WORDS: Readonly<Record<WebhookDelivery["status"], MessageDescriptor>> = {
  pending: msg({ message: "pending", context: "webhook delivery" }),
  delivered: msg({ message: "delivered", context: "webhook delivery" }),
  failed: msg({ message: "failed", context: "webhook delivery" }),
};

export function WebhookDeliveries({ webhook, onClose }: { webhook: Webhook; onClose: () => void }) {
  const deliveries = useDeliveries(webhook.id);
  const redeliver = useRedeliver(webhook.id);
  const { url } = webhook;
  const [sent, setSent] = useState<string | null>(null);
  const { t } = useLingui();

  const send = (delivery: WebhookDelivery) => {
    setSent(null);
    redeliver.mutate(delivery.id, {
      onSuccess: () => {
        const { sequence, eventType } = delivery;
        setSent(t`Event ${sequence} (${eventType}) queued to be sent again.`);
      },
    });
  };

  return (
    <Modal heading={t`Deliveries`} className="stay-dialog deliveries-dialog" onClose={onClose}>
      <p className="muted deliveries-target">
        <Trans>
          To <bdi>{url}</bdi>
        </Trans>
      </p>
      <QueryList query={deliveries} empty={t`No deliveries yet.`}>
        {(items) => (
          <DataTable
            wrap
            className="data phone-cards deliveries-table"
            columns={[
              t`Event`,
              numeric(t`Sequence`),
              t`Status`,
              numeric(t`Attempts`),
              numeric(t`Response`),
              t`Last attempt`,
              t`Error`,
              t`Actions`,
            ]}
          >
            {items.map((delivery) => (
              <tr key={delivery.id}>
                <td data-label={t`Event`}>
                  <code>{delivery.eventType}</code>
                </td>
                <td data-label={t`Sequence`} className="num">
                  {delivery.sequence}
                </td>
                <td data-label={t`Status`}>
                  <span className={`badge delivery-${delivery.status}`}>
                    {t(STATUS_WORDS[delivery.status])}
                  </span>
                  {delivery.status === "pending" && delivery.nextAttemptAt ? (
                    <span className="muted delivery-next">
                      <Trans>
                        next <Moment iso={delivery.nextAttemptAt} />
                      </Trans>
                    </span>
                  ) : null}
                </td>
                <td data-label={t`Attempts`} className="num">
                  {delivery.attempts}
                </td>
                <td data-label={t`Response`} className="num">
                  {delivery.responseStatus ?? "—"}
                </td>
                <td data-label={t`Last attempt`}>
                  {delivery.lastAttemptAt ? <Moment iso={delivery.lastAttemptAt} /> : "—"}
                </td>
                <td data-label={t`Error`} className="delivery-error">
                  {delivery.error ?? "—"}
                </td>
                <td data-label={t`Actions`}>
                  <button
                    type="button"
                    className="button small"
                    disabled={redeliver.isPending && redeliver.variables === delivery.id}
                    onClick={() => send(delivery)}
                  >
                    <Trans>Redeliver</Trans>
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
