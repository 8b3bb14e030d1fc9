import type { Api } from '../../api/client';
import type { ListPage, ListQuery } from '../../machines/list.machine';
import type { RequestSuccess } from '../../common/request-result';
import type { ReportSubmission } from '../../machines/report-form.machine';
import type { components } from '../../../openapi/schema';
import { PER_PAGE, multipartForm } from '../calls-support';

type Report = components['schemas']['Report'];

export const reportsCalls = {
  // Issue reports (issue 5). The screenshot is typed by what machines know of a file; a browser File at run time.
  createReport: async (api: Api, input: ReportSubmission, signal: AbortSignal): Promise<RequestSuccess<null>> => {
    const { title, description, type, priority, currentUrl } = input;
    const form = multipartForm({ title, description, type, priority, currentUrl, screenshotId: input.screenshot });
    const data = await api.call(() => api.client.POST('/api/reports/', { body: {} as components['schemas']['ReportForm'], bodySerializer: () => form, signal }));
    // The form only needs the message: the filed report is read on /reports.
    return { message: data.msg, data: null };
  },
  listReports: async (api: Api, input: ListQuery<{ status: string; type: string; priority: string }>, signal: AbortSignal): Promise<ListPage<Report>> => {
    const { status, type, priority } = input.filters;
    const query = {
      page: input.page,
      perPage: PER_PAGE,
      search: input.search || undefined,
      status: (status || undefined) as Report['status'] | undefined,
      type: (type || undefined) as Report['type'] | undefined,
      priority: (priority || undefined) as Report['priority'] | undefined,
    };
    const data = await api.call(() => api.client.GET('/api/reports', { params: { query }, signal }));
    return { items: data.reports, count: data.count, totalPages: data.totalPages };
  },
  updateReportStatus: async (api: Api, input: { id: string; status: Report['status'] }, signal: AbortSignal): Promise<RequestSuccess<Report>> => {
    const data = await api.call(() => api.client.PATCH('/api/reports/{id}', { params: { path: { id: input.id } }, body: { status: input.status }, signal }));
    return { message: data.msg, data: data.details };
  },
  listLatestReports: async (api: Api, _input: void, signal: AbortSignal): Promise<RequestSuccess<Report[]>> => {
    const data = await api.call(() => api.client.GET('/api/reports', { params: { query: { page: 1, perPage: 5 } }, signal }));
    return { message: '', data: data.reports };
  },
};
