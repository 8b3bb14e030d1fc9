import type { Api } from '../../api/client';
import type { RequestSuccess } from '../../common/request-result';
import type { components } from '../../../openapi/schema';

type CalendarEvent = components['schemas']['CalendarEvent'];

// The deadline calendar and the member's calendar feed (issue 13).
export const calendarCalls = {
  getCompanyCalendar: async (api: Api, input: { companyId: string; from: string; to: string }, signal: AbortSignal): Promise<CalendarEvent[]> => {
    const data = await api.call(() => api.client.GET('/api/companies/{companyId}/calendar', { params: { path: { companyId: input.companyId }, query: { from: input.from, to: input.to } }, signal }));
    return data.events;
  },
  getCalendarFeed: async (api: Api, _input: void, signal: AbortSignal): Promise<{ active: boolean }> => api.call(() => api.client.GET('/api/users/calendar-feed', { signal })),
  createCalendarFeed: async (api: Api, _input: void, signal: AbortSignal): Promise<RequestSuccess<{ url: string }>> => {
    const data = await api.call(() => api.client.POST('/api/users/calendar-feed', { signal }));
    return { message: data.msg, data: { url: data.url } };
  },
  deleteCalendarFeed: async (api: Api, _input: void, signal: AbortSignal): Promise<RequestSuccess<null>> => {
    const data = await api.call(() => api.client.DELETE('/api/users/calendar-feed', { signal }));
    return { message: data.msg, data: null };
  },
};
