/**
 * Webhooks (docs/product.md#webhooks): subscribe a URL to events, pause or resume it, see its deliveries,
 * delete it.
 */
import { Trans, useLingui } from "@lingui/react/macro";
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
  const { t } = useLingui();

  const setActive = (webhook: Webhook, active: boolean) => {
    removal.reset();
    setToggled(null);
    setChoice({ id: webhook.id, active });
    const { url } = webhook;
    update.mutate(
      { id: webhook.id, input: { active } },
      {
        onSuccess: () =>
          setToggled(active ? t`Deliveries to ${url} resumed.` : t`Deliveries to ${url} paused.`),
        onSettled: () => setChoice(null),
      },
    );
  };
  const remove = (webhook: Webhook) => {
    setToggled(null);
    update.reset();
    const { url } = webhook;
    removal.remove(webhook.id, t`Delete the webhook to ${url}?`, t`Webhook to ${url} deleted.`);
  };

  return (
    <section className="panel stack" aria-labelledby="webhooks-heading">
      <h2 id="webhooks-heading">
        <Trans>Webhooks</Trans>
      </h2>
      <p className="muted section-intro">
        <Trans>
          Innkeep posts each change to these URLs as it happens, in order, retrying while a receiver is down.
        </Trans>
      </p>
      <WebhookForm />
      <QueryList query={webhooks} empty={t`No webhooks yet.`}>
        {(items) => (
          <DataTable
            wrap
            className="data phone-cards webhooks-table"
            columns={[t`URL`, t`Events`, t`Active`, ACTIONS]}
          >
            {items.map((webhook) => (
              <tr key={webhook.id}>
                <td data-label={t`URL`}>
                  <bdi className="clip" title={webhook.url}>
                    {webhook.url}
                  </bdi>
                </td>
                <td data-label={t`Events`}>{eventsLabel(webhook.events)}</td>
                <td data-label={t`Active`}>
                  <label className="check">
                    <input
                      type="checkbox"
                      checked={choice?.id === webhook.id ? choice.active : webhook.active}
                      disabled={update.isPending && update.variables?.id === webhook.id}
                      onChange={(event) => setActive(webhook, event.target.checked)}
                    />
                    <ActiveName url={webhook.url} />
                  </label>
                </td>
                <td className="print-hidden" data-label={t`Actions`}>
                  <div className="actions row-actions">
                    <button type="button" className="button small" onClick={() => setOpen(webhook)}>
                      <Trans>Deliveries</Trans>
                    </button>
                    <button
                      type="button"
                      className="button small danger"
                      disabled={removal.busy(webhook.id)}
                      onClick={() => remove(webhook)}
                    >
                      <Trans>Delete</Trans>
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

/** A webhook's Active box's name: "Active", and for a screen reader the URL it delivers to. */
function ActiveName({ url }: { url: string }) {
  return (
    <span>
      <Trans>
        Active<span className="visually-hidden">: {url}</span>
      </Trans>
    </span>
  );
}
