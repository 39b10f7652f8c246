/**
 * Webhooks (docs/product.md#webhooks): subscribe a URL to events, pause or resume it, see its deliveries,
 * delete it.
 */
import { useState } from "react";
import type { Webhook } from "../../../domain/schemas/webhooks.js";
import { useDeleteWebhook, useUpdateWebhook, useWebhooks } from "../../api/integrations.js";
import { ACTIONS, DataTable } from "../../components/DataTable.js";
import { FormError } from "../../components/FormError.js";
import { FormSuccess } from "../../components/FormSuccess.js";
import { QueryList } from "../../components/QueryList.js";
import { useConfirmedDelete } from "../../components/useConfirmedDelete.js";
import { eventsLabel } from "./eventChoices.js";
import { WebhookDeliveries } from "./WebhookDeliveries.js";
import { WebhookForm } from "./WebhookForm.js";

export function WebhooksSection() {
  const webhooks = useWebhooks();
  const removal = useConfirmedDelete(useDeleteWebhook());
  const update = useUpdateWebhook();
  const [toggled, setToggled] = useState<string | null>(null);
  const [open, setOpen] = useState<Webhook | null>(null);
  // The box shows the click at once: the list's own update comes a moment later, and until then a
  // controlled checkbox would spring back to the old value.
  const [choice, setChoice] = useState<{ id: string; active: boolean } | null>(null);

  const setActive = (webhook: Webhook, active: boolean) => {
    removal.reset();
    setToggled(null);
    setChoice({ id: webhook.id, active });
    update.mutate(
      { id: webhook.id, input: { active } },
      {
        onSuccess: () =>
          setToggled(
            active ? `Deliveries to ${webhook.url} resumed.` : `Deliveries to ${webhook.url} paused.`,
          ),
        onSettled: () => setChoice(null),
      },
    );
  };
  const remove = (webhook: Webhook) => {
    setToggled(null);
    update.reset();
    removal.remove(webhook.id, `Delete the webhook to ${webhook.url}?`, `Webhook to ${webhook.url} deleted.`);
  };

  return (
    <section className="panel stack" aria-labelledby="webhooks-heading">
      <h2 id="webhooks-heading">Webhooks</h2>
      <p className="muted section-intro">
        Innkeep posts each change to these URLs as it happens, in order, retrying while a receiver is down.
      </p>
      <WebhookForm />
      <QueryList query={webhooks} empty="No webhooks yet.">
        {(items) => (
          <DataTable
            wrap
            className="data phone-cards webhooks-table"
            columns={["URL", "Events", "Active", ACTIONS]}
          >
            {items.map((webhook) => (
              <tr key={webhook.id}>
                <td data-label="URL">
                  <bdi className="clip" title={webhook.url}>
                    {webhook.url}
                  </bdi>
                </td>
                <td data-label="Events">{eventsLabel(webhook.events)}</td>
                <td data-label="Active">
                  <label className="check">
                    <input
                      type="checkbox"
                      checked={choice?.id === webhook.id ? choice.active : webhook.active}
                      disabled={update.isPending && update.variables?.id === webhook.id}
                      onChange={(event) => setActive(webhook, event.target.checked)}
                    />
                    <span>
                      Active<span className="visually-hidden">: {webhook.url}</span>
                    </span>
                  </label>
                </td>
                <td className="print-hidden" data-label="Actions">
                  <div className="actions row-actions">
                    <button type="button" className="button small" onClick={() => setOpen(webhook)}>
                      Deliveries
                    </button>
                    <button
                      type="button"
                      className="button small danger"
                      disabled={removal.busy(webhook.id)}
                      onClick={() => remove(webhook)}
                    >
                      Delete
                    </button>
                  </div>
                </td>
              </tr>
            ))}
          </DataTable>
        )}
      </QueryList>
      <FormError message={update.error?.message ?? removal.error} />
      <FormSuccess message={toggled ?? removal.done} />
      {open ? <WebhookDeliveries webhook={open} onClose={() => setOpen(null)} /> : null}
    </section>
  );
}
