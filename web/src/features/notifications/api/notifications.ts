import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { components } from '@/types/schema';

export type NotificationsPage = components['schemas']['NotificationsPage'];
export type NotificationView = components['schemas']['NotificationView'];
export type NotificationKind = components['schemas']['NotificationKind'];
export type NotificationSettings = components['schemas']['NotificationSettingsView'];
export type NotificationSettingsBody = components['schemas']['NotificationSettingsBody'];
export type MarkedRead = components['schemas']['MarkedRead'];

/** The signed-in user's latest notifications and how many are unread. */
export function getNotifications(signal?: AbortSignal): Promise<NotificationsPage> {
  return api.get<NotificationsPage>('/notifications', { signal });
}

/** `enabled` is false for an account of no family (a super admin), which has none. */
export function useNotifications(enabled = true) {
  return useQuery({
    queryKey: queryKeys.notifications,
    queryFn: ({ signal }) => getNotifications(signal),
    enabled,
    meta: { what: 'notifications' },
  });
}

/** Marks the given notifications read, or every one when no ids are given. */
export function markNotificationsRead(ids?: string[]): Promise<MarkedRead> {
  return api.post<MarkedRead>('/notifications/read', ids ? { ids } : {});
}

export function useMarkNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markNotificationsRead,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.notifications }),
  });
}

export function getNotificationSettings(signal?: AbortSignal): Promise<NotificationSettings> {
  return api.get<NotificationSettings>('/users/me/notifications', { signal });
}

export function useNotificationSettings() {
  return useQuery({
    queryKey: queryKeys.notificationSettings,
    queryFn: ({ signal }) => getNotificationSettings(signal),
    meta: { what: 'notification settings' },
  });
}

export function saveNotificationSettings(body: NotificationSettingsBody): Promise<NotificationSettings> {
  return api.put<NotificationSettings>('/users/me/notifications', body);
}

export function useSaveNotificationSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveNotificationSettings,
    onSuccess: (saved) => queryClient.setQueryData(queryKeys.notificationSettings, saved),
  });
}
