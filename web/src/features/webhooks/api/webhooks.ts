import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { WEBHOOK_EVENT_TYPES } from '@/types/live-events';
import type { components } from '@/types/schema';

export type Webhook = components['schemas']['Webhook'];
export type CreatedWebhook = components['schemas']['CreatedWebhook'];
export type WebhookInput = components['schemas']['WebhookBody'];
export type WebhookEvent = components['schemas']['WebhookEvent'];
export type WebhookDelivery = components['schemas']['WebhookDelivery'];

/** The event types a parent can pick, in the order they are listed ("*" is "every event"). */
export const WEBHOOK_EVENTS: readonly WebhookEvent[] = WEBHOOK_EVENT_TYPES;

function hookPath(id: string): string {
  return `/webhooks/${encodeURIComponent(id)}`;
}

/** The family's endpoints (parents only). */
export function getWebhooks(signal?: AbortSignal): Promise<Webhook[]> {
  return api.get<Webhook[]>('/webhooks', { signal });
}

export function useWebhooks() {
  return useQuery({ queryKey: queryKeys.webhooks, queryFn: ({ signal }) => getWebhooks(signal), meta: { what: 'webhooks' } });
}

/** Registers an endpoint: the answer's secret is shown this once. */
export function createWebhook(input: WebhookInput): Promise<CreatedWebhook> {
  return api.post<CreatedWebhook>('/webhooks', input);
}

export function deleteWebhook(id: string): Promise<void> {
  return api.delete<void>(hookPath(id));
}

export function getDeliveries(id: string, signal?: AbortSignal): Promise<WebhookDelivery[]> {
  return api.get<WebhookDelivery[]>(`${hookPath(id)}/deliveries`, { signal });
}

export function testWebhook(id: string): Promise<WebhookDelivery> {
  return api.post<WebhookDelivery>(`${hookPath(id)}/test`, {});
}

/** An endpoint's latest deliveries, while they are shown. */
export function useDeliveries(id: string) {
  return useQuery({
    queryKey: queryKeys.webhookDeliveries(id),
    queryFn: ({ signal }) => getDeliveries(id, signal),
    meta: { what: 'deliveries' },
    // Deliveries settle in the background: look again while any is pending.
    refetchInterval: (query) => (query.state.data?.some((d) => d.status === 'PENDING') ? 3000 : false),
  });
}

function useRefresh() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: queryKeys.webhooks });
}

export function useCreateWebhook() {
  const refresh = useRefresh();
  return useMutation({ mutationFn: createWebhook, onSuccess: refresh });
}

export function useDeleteWebhook() {
  const refresh = useRefresh();
  return useMutation({ mutationFn: deleteWebhook, onSettled: refresh });
}

/** A test turns a disabled endpoint back on, and adds a delivery. */
export function useTestWebhook() {
  const refresh = useRefresh();
  return useMutation({ mutationFn: testWebhook, onSuccess: refresh });
}
