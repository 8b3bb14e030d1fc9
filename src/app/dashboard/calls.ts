import type { Api } from '../../api/client';
import type { RequestSuccess } from '../../common/request-result';
import type { components } from '../../../openapi/schema';

type DashboardSummary = components['schemas']['DashboardSummary'];

export const dashboardCalls = {
  getDashboardSummary: async (api: Api, _input: void, signal: AbortSignal): Promise<RequestSuccess<DashboardSummary>> => {
    const data = await api.call(() => api.client.GET('/api/dashboard/summary', { signal }));
    return { message: '', data };
  },
};
