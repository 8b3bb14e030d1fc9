import type { Api } from '../../api/client';
import type { RequestSuccess } from '../../common/request-result';
import type { components } from '../../../openapi/schema';
import { BELL_PAGE_SIZE, type NotificationPage } from '../../machines/alerts-bell.machine';

type AlertSettings = components['schemas']['AlertSettings'];

export const alertsCalls = {
  // The header's bell (issue 13): the caller's newest notifications and the unread count.
  listNotifications: async (api: Api, _input: void, signal: AbortSignal): Promise<RequestSuccess<NotificationPage>> => {
    const data = await api.call(() => api.client.GET('/api/notifications', { params: { query: { perPage: BELL_PAGE_SIZE } }, signal }));
    return { message: '', data: { notifications: data.notifications, unread: data.unread } };
  },
  readNotification: async (api: Api, input: { id: string }, signal: AbortSignal): Promise<RequestSuccess<{ unread: number }>> => {
    const data = await api.call(() => api.client.POST('/api/notifications/{id}/read', { params: { path: { id: input.id } }, signal }));
    return { message: data.msg, data: data.details };
  },
  readAllNotifications: async (api: Api, _input: void, signal: AbortSignal): Promise<RequestSuccess<{ unread: number }>> => {
    const data = await api.call(() => api.client.POST('/api/notifications/read-all', { signal }));
    return { message: data.msg, data: data.details };
  },
  // The alert settings card of the user's own profile page.
  getAlertSettings: async (api: Api, _input: void, signal: AbortSignal): Promise<RequestSuccess<AlertSettings>> => {
    const data = await api.call(() => api.client.GET('/api/users/alert-settings', { signal }));
    return { message: '', data };
  },
  saveAlertSettings: async (api: Api, input: AlertSettings, signal: AbortSignal): Promise<RequestSuccess<AlertSettings>> => {
    const data = await api.call(() => api.client.PUT('/api/users/alert-settings', { body: input, signal }));
    return { message: data.msg, data: data.details };
  },
  // The public page an email's unsubscribe link opens: the click on its button, never the visit, unsubscribes.
  unsubscribeAlerts: async (api: Api, input: { token: string }, signal: AbortSignal): Promise<RequestSuccess<null>> => {
    const data = await api.call(() => api.client.POST('/api/alerts/unsubscribe', { body: input, signal }));
    return { message: data.msg, data: null };
  },
};
