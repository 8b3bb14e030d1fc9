import type { Api } from '../../api/client';
import type { RequestSuccess } from '../../common/request-result';
import type { components } from '../../../openapi/schema';

type DashboardSummary = components['schemas']['DashboardSummary'];
type MenuBadges = components['schemas']['MenuBadges'];

export const dashboardCalls = {
  getDashboardSummary: async (api: Api, _input: void, signal: AbortSignal): Promise<RequestSuccess<DashboardSummary>> => {
    const data = await api.call(() => api.client.GET('/api/dashboard/summary', { signal }));
    return { message: '', data };
  },
  getMenuBadges: async (api: Api, _input: void, signal: AbortSignal): Promise<RequestSuccess<MenuBadges>> => {
    const data = await api.call(() => api.client.GET('/api/dashboard/badges', { signal }));
    return { message: '', data };
  },
};
