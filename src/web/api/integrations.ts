/**
 * Query and mutation hooks for integrations (docs/product.md#integrations): API tokens, webhooks and their
 * deliveries. Each mutation refreshes its own list at once; a colleague's changes arrive through the live
 * feed.
 */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { ApiToken, ApiTokenInput, CreatedApiToken } from "../../domain/schemas/api-tokens.js";
import type {
  CreatedWebhook,
  Webhook,
  WebhookDelivery,
  WebhookInput,
  WebhookUpdateInput,
} from "../../domain/schemas/webhooks.js";
import { usePropertyRefresher } from "./changes.js";
import { apiFetch } from "./client.js";
import { keys } from "./keys.js";
import { useProperty } from "./property.js";

const base = (pid: string) => `/api/properties/${pid}`;

/** How often an open deliveries list asks again while a delivery is still pending (retries run server-side). */
const PENDING_POLL_MS = 2_000;

export function useApiTokens() {
  const { id } = useProperty();
  return useQuery({
    queryKey: keys.apiTokens(id),
    queryFn: () => apiFetch<ApiToken[]>(`${base(id)}/api-tokens`),
  });
}

export function useWebhooks() {
  const { id } = useProperty();
  return useQuery({
    queryKey: keys.webhooks(id),
    queryFn: () => apiFetch<Webhook[]>(`${base(id)}/webhooks`),
  });
}

/** Newest first. Polled while any delivery is pending, so "delivered" or a retry's error shows on its own. */
export function useDeliveries(webhookId: string) {
  const { id } = useProperty();
  return useQuery({
    queryKey: keys.deliveries(id, webhookId),
    queryFn: () => apiFetch<WebhookDelivery[]>(`${base(id)}/webhooks/${webhookId}/deliveries`),
    refetchInterval: (query) =>
      query.state.data?.some((delivery) => delivery.status === "pending") ? PENDING_POLL_MS : false,
  });
}

/**
 * A mutation that refreshes `key` (and the activity log, where every accepted change is an entry) once it
 * is made (decision 017), and after a refusal too, since the list may be what made it fail (a token revoked
 * elsewhere).
 */
function useIntegrationMutation<Input, Output>(
  key: (pid: string) => readonly string[],
  request: (pid: string, input: Input) => Promise<Output>,
) {
  const refresher = usePropertyRefresher();
  const { id } = useProperty();
  const stale = [key(id), keys.activity(id)];
  return useMutation({
    mutationFn: (input: Input) => refresher.change(stale, () => request(id, input)),
    onError: () => refresher.refresh(stale),
  });
}

export const useCreateApiToken = () =>
  useIntegrationMutation(keys.apiTokens, (pid, body: ApiTokenInput) =>
    apiFetch<CreatedApiToken>(`${base(pid)}/api-tokens`, { method: "POST", body }),
  );

export const useRevokeApiToken = () =>
  useIntegrationMutation(keys.apiTokens, (pid, tokenId: string) =>
    apiFetch<void>(`${base(pid)}/api-tokens/${tokenId}`, { method: "DELETE" }),
  );

export const useCreateWebhook = () =>
  useIntegrationMutation(keys.webhooks, (pid, body: WebhookInput) =>
    apiFetch<CreatedWebhook>(`${base(pid)}/webhooks`, { method: "POST", body }),
  );

/**
 * PATCH of a webhook, shown in its row at once (a checkbox that waits for the server looks broken) and put
 * back if the server refuses it; the list is fetched again either way.
 */
export function useUpdateWebhook() {
  const queryClient = useQueryClient();
  const refresher = usePropertyRefresher();
  const { id } = useProperty();
  const list = keys.webhooks(id);
  const stale = [list, keys.activity(id)];
  return useMutation({
    mutationFn: ({ id: webhookId, input }: { id: string; input: WebhookUpdateInput }) =>
      refresher.change(stale, () =>
        apiFetch<Webhook>(`${base(id)}/webhooks/${webhookId}`, { method: "PATCH", body: input }),
      ),
    onMutate: async ({ id: webhookId, input }) => {
      await queryClient.cancelQueries({ queryKey: list, exact: true });
      const before = queryClient.getQueryData<Webhook[]>(list);
      queryClient.setQueryData<Webhook[]>(list, (webhooks) =>
        webhooks?.map((webhook) => (webhook.id === webhookId ? { ...webhook, ...input } : webhook)),
      );
      return { before };
    },
    onError: (_error, _input, context) => {
      queryClient.setQueryData(list, context?.before);
      return refresher.refresh(stale);
    },
  });
}

export const useDeleteWebhook = () =>
  useIntegrationMutation(keys.webhooks, (pid, webhookId: string) =>
    apiFetch<void>(`${base(pid)}/webhooks/${webhookId}`, { method: "DELETE" }),
  );

/** Sends one delivery again; its list is refreshed to show the new attempt. */
export function useRedeliver(webhookId: string) {
  const refresher = usePropertyRefresher();
  const { id } = useProperty();
  const stale = [keys.deliveries(id, webhookId)];
  return useMutation({
    mutationFn: (deliveryId: string) =>
      refresher.change(stale, () =>
        apiFetch<WebhookDelivery>(`${base(id)}/webhooks/${webhookId}/deliveries/${deliveryId}/redeliver`, {
          method: "POST",
        }),
      ),
    onError: () => refresher.refresh(stale),
  });
}
