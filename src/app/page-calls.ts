// The calls of every page but the session's, loaded with the first page that needs one, so that
// /sign-in ships only the session operations (src/app/operations.ts).
import type { Api } from '../api/client';
import type { ListPage, ListQuery } from '../machines/list.machine';
import type { Profile, RequestSuccess } from '../machines/types';
import type { ReportSubmission } from '../machines/report-form.machine';
import type { OrganigrammeWrite } from '../machines/organigramme.machine';
import type { components } from '../../openapi/schema';
import { sendWithProgress } from './upload';

type InviteInfo = { email: string; role: 'manager' | 'employee'; company: { name: string } };
type CompanyInput = components['schemas']['CompanyInput'];
type Company = components['schemas']['Company'];
type UserSummary = components['schemas']['UserSummary'];
type CompanyPatch = components['schemas']['CompanyPatch'];
type Invite = components['schemas']['Invite'];
type OutboxEmail = components['schemas']['OutboxEmail'];
type DashboardSummary = components['schemas']['DashboardSummary'];
type Role = components['schemas']['Role'];
type Tender = components['schemas']['Tender'];
type TenderPatch = components['schemas']['TenderPatch'];
type TenderHistory = components['schemas']['TenderHistory']['history'];
type TenderLots = components['schemas']['TenderLots'];
type PotentialTender = components['schemas']['PotentialTender'];
type DceTemplate = components['schemas']['DceTemplate'];
type DceTemplateInput = components['schemas']['DceTemplateInput'];
type DceTemplatePatch = components['schemas']['DceTemplatePatch'];
type Report = components['schemas']['Report'];
type Planning = components['schemas']['Planning'];
type PlanningTaskInput = components['schemas']['PlanningTaskInput'];
type PlanningTaskUpdates = components['schemas']['PlanningTaskUpdates'];
type Organigramme = components['schemas']['Organigramme'];
type AdminStats = components['schemas']['AdminStats'];

/** Rows per page of the admin and company tables. */
const PER_PAGE = 20;

export const pageCalls = {
  // Account screens (issue 3).
  getInviteByToken: async (api: Api, input: { token: string }, signal: AbortSignal): Promise<RequestSuccess<InviteInfo>> => {
    const data = await api.call(() => api.client.GET('/api/invites/token/{token}', { params: { path: { token: input.token } }, signal }));
    return { message: '', data };
  },
  registerInvitedUser: async (api: Api, input: { token: string; username: string; password: string }, signal: AbortSignal): Promise<RequestSuccess<Profile>> => {
    const data = await api.call(() => api.client.POST('/api/invites/register', { body: input, signal }));
    return { message: data.msg, data: data.details };
  },
  requestPasswordReset: async (api: Api, input: { email: string }, signal: AbortSignal): Promise<RequestSuccess<null>> => {
    const data = await api.call(() => api.client.POST('/api/users/password/forgot', { body: input, signal }));
    return { message: data.msg, data: null };
  },
  resetPassword: async (api: Api, input: { token: string; password: string }, signal: AbortSignal): Promise<RequestSuccess<null>> => {
    const data = await api.call(() => api.client.POST('/api/users/password/reset', { body: input, signal }));
    return { message: data.msg, data: null };
  },
  changePassword: async (api: Api, input: { currentPassword: string; newPassword: string }, signal: AbortSignal): Promise<RequestSuccess<null>> => {
    const data = await api.call(() => api.client.PATCH('/api/users/password', { body: input, signal }));
    return { message: data.msg, data: null };
  },
  verifyEmail: async (api: Api, input: { token: string }, signal: AbortSignal): Promise<RequestSuccess<null>> => {
    const data = await api.call(() => api.client.POST('/api/users/verify-email', { body: input, signal }));
    return { message: data.msg, data: null };
  },
  resendVerificationEmail: async (api: Api, _input: void, signal: AbortSignal): Promise<RequestSuccess<null>> => {
    const data = await api.call(() => api.client.POST('/api/users/verify-email/resend', { signal }));
    return { message: data.msg, data: null };
  },
  createCompany: async (api: Api, input: CompanyInput, signal: AbortSignal): Promise<RequestSuccess<Company>> => {
    const data = await api.call(() => api.client.POST('/api/companies', { body: input, signal }));
    return { message: data.msg, data: data.details };
  },
  getUser: async (api: Api, input: { id: string }, signal: AbortSignal): Promise<RequestSuccess<UserSummary>> => {
    const data = await api.call(() => api.client.GET('/api/users/{id}', { params: { path: { id: input.id } }, signal }));
    return { message: '', data };
  },
  // The picture is typed by what machines know of a file; it is a browser File at run time.
  updateProfile: async (api: Api, input: { username?: string; picture?: { name: string; type: string; size: number } }, signal: AbortSignal): Promise<RequestSuccess<Profile>> => {
    const form = multipartForm({ username: input.username, picture: input.picture });
    // FormData goes out as is: the browser writes the multipart boundary.
    const data = await api.call(() => api.client.PATCH('/api/users/profile', { body: {}, bodySerializer: () => form, signal }));
    return { message: data.msg, data: data.details };
  },
  deleteProfilePicture: async (api: Api, _input: void, signal: AbortSignal): Promise<RequestSuccess<Profile>> => {
    const data = await api.call(() => api.client.DELETE('/api/users/profile/picture', { signal }));
    return { message: data.msg, data: data.details };
  },
  // Admin and company screens (issue 3): lists resolve to one page of the list statechart.
  listUsers: async (api: Api, input: ListQuery<{ role: string; companyId: string }>, signal: AbortSignal): Promise<ListPage<UserSummary>> => {
    const { role, companyId } = input.filters;
    const query = { page: input.page, perPage: PER_PAGE, search: input.search || undefined, filterBy: (role || undefined) as Role | undefined, companyId: companyId || undefined };
    const data = await api.call(() => api.client.GET('/api/users', { params: { query }, signal }));
    return { items: data.users, count: data.count, totalPages: data.totalPages };
  },
  listCompanies: async (api: Api, input: ListQuery<Record<string, string>>, signal: AbortSignal): Promise<ListPage<Company>> => {
    const query = { page: input.page, perPage: PER_PAGE, search: input.search || undefined };
    const data = await api.call(() => api.client.GET('/api/companies', { params: { query }, signal }));
    return { items: data.companies, count: data.count, totalPages: data.totalPages };
  },
  listCompanyNames: async (api: Api, _input: void, signal: AbortSignal): Promise<RequestSuccess<{ _id: string; name: string }[]>> => {
    const data = await api.call(() => api.client.GET('/api/companies', { params: { query: { perPage: 'all' } }, signal }));
    return { message: '', data: data.companies.map(({ _id, name }) => ({ _id, name })) };
  },
  updateUserRole: async (api: Api, input: { id: string; role: Role }, signal: AbortSignal): Promise<RequestSuccess<UserSummary>> => {
    const data = await api.call(() => api.client.PATCH('/api/users/{id}/role', { params: { path: { id: input.id } }, body: { role: input.role }, signal }));
    return { message: data.msg, data: data.details };
  },
  setUserActive: async (api: Api, input: { id: string; active: boolean }, signal: AbortSignal): Promise<RequestSuccess<UserSummary>> => {
    const data = await api.call(() => api.client.PATCH('/api/users/{id}/status', { params: { path: { id: input.id } }, body: { active: input.active }, signal }));
    return { message: data.msg, data: data.details };
  },
  getCompany: async (api: Api, input: { id: string }, signal: AbortSignal): Promise<RequestSuccess<Company>> => {
    const data = await api.call(() => api.client.GET('/api/companies/{id}', { params: { path: { id: input.id } }, signal }));
    return { message: '', data };
  },
  updateCompany: async (api: Api, input: { id: string; patch: CompanyPatch }, signal: AbortSignal): Promise<RequestSuccess<Company>> => {
    const data = await api.call(() => api.client.PATCH('/api/companies/{id}', { params: { path: { id: input.id } }, body: input.patch, signal }));
    return { message: data.msg, data: data.details };
  },
  deleteCompany: async (api: Api, input: { id: string }, signal: AbortSignal): Promise<RequestSuccess<null>> => {
    const data = await api.call(() => api.client.DELETE('/api/companies/{id}', { params: { path: { id: input.id } }, signal }));
    return { message: data.msg, data: null };
  },
  listCompanyUsers: async (api: Api, input: ListQuery<{ companyId: string }>, signal: AbortSignal): Promise<ListPage<UserSummary>> => {
    const query = { page: input.page, perPage: PER_PAGE, search: input.search || undefined };
    const data = await api.call(() => api.client.GET('/api/companies/{id}/users', { params: { path: { id: input.filters.companyId }, query }, signal }));
    return { items: data.users, count: data.count, totalPages: data.totalPages };
  },
  removeCompanyUser: async (api: Api, input: { companyId: string; userId: string }, signal: AbortSignal): Promise<RequestSuccess<null>> => {
    const data = await api.call(() => api.client.DELETE('/api/companies/{id}/users/{userId}', { params: { path: { id: input.companyId, userId: input.userId } }, signal }));
    return { message: data.msg, data: null };
  },
  listInvites: async (api: Api, input: ListQuery<Record<string, string>>, signal: AbortSignal): Promise<ListPage<Invite>> => {
    const data = await api.call(() => api.client.GET('/api/invites', { params: { query: { page: input.page, perPage: PER_PAGE } }, signal }));
    return { items: data.invites, count: data.count, totalPages: data.totalPages };
  },
  createInvite: async (api: Api, input: { email: string; role: 'manager' | 'employee' }, signal: AbortSignal): Promise<RequestSuccess<Invite>> => {
    const data = await api.call(() => api.client.POST('/api/invites', { body: input, signal }));
    return { message: data.msg, data: data.details };
  },
  resendInvite: async (api: Api, input: { id: string }, signal: AbortSignal): Promise<RequestSuccess<Invite>> => {
    const data = await api.call(() => api.client.POST('/api/invites/{id}/resend', { params: { path: { id: input.id } }, signal }));
    return { message: data.msg, data: data.details };
  },
  revokeInvite: async (api: Api, input: { id: string }, signal: AbortSignal): Promise<RequestSuccess<null>> => {
    const data = await api.call(() => api.client.DELETE('/api/invites/{id}', { params: { path: { id: input.id } }, signal }));
    return { message: data.msg, data: null };
  },
  listOutboxEmails: async (api: Api, input: ListQuery<{ kind: string; perPage: string }>, signal: AbortSignal): Promise<ListPage<OutboxEmail>> => {
    const query = { page: input.page, perPage: input.filters.perPage ? Number(input.filters.perPage) : PER_PAGE, search: input.search || undefined, filterBy: input.filters.kind || undefined };
    const data = await api.call(() => api.client.GET('/api/admin/outbox', { params: { query }, signal }));
    return { items: data.emails, count: data.count, totalPages: data.totalPages };
  },
  getDashboardSummary: async (api: Api, _input: void, signal: AbortSignal): Promise<RequestSuccess<DashboardSummary>> => {
    const data = await api.call(() => api.client.GET('/api/dashboard/summary', { signal }));
    return { message: '', data };
  },
  // DCE templates (issue 4): an update on a template in use answers a warning instead of saving.
  listDceTemplates: async (api: Api, input: ListQuery<Record<string, string>>, signal: AbortSignal): Promise<ListPage<DceTemplate>> => {
    const query = { page: input.page, perPage: PER_PAGE, search: input.search || undefined };
    const data = await api.call(() => api.client.GET('/api/dceTemplates', { params: { query }, signal }));
    return { items: data.templates, count: data.count, totalPages: data.totalPages };
  },
  getDceTemplate: async (api: Api, input: { id: string }, signal: AbortSignal): Promise<RequestSuccess<DceTemplate>> => {
    const data = await api.call(() => api.client.GET('/api/dceTemplates/{id}', { params: { path: { id: input.id } }, signal }));
    return { message: '', data };
  },
  createDceTemplate: async (api: Api, input: DceTemplateInput, signal: AbortSignal): Promise<RequestSuccess<DceTemplate>> => {
    const data = await api.call(() => api.client.POST('/api/dceTemplates', { body: input, signal }));
    return { message: data.msg, data: data.details };
  },
  updateDceTemplate: async (api: Api, input: { id: string; patch: DceTemplatePatch }, signal: AbortSignal): Promise<RequestSuccess<{ template: DceTemplate; isWarning: boolean }>> => {
    const data = await api.call(() => api.client.PATCH('/api/dceTemplates/{id}', { params: { path: { id: input.id } }, body: input.patch, signal }));
    return { message: data.msg, data: { template: data.details, isWarning: data.isWarning } };
  },
  deleteDceTemplate: async (api: Api, input: { id: string }, signal: AbortSignal): Promise<RequestSuccess<null>> => {
    const data = await api.call(() => api.client.DELETE('/api/dceTemplates/{id}', { params: { path: { id: input.id } }, signal }));
    return { message: data.msg, data: null };
  },
  // Tender details and the guarded tender pages (issue 4).
  getTender: async (api: Api, input: { id: string }, signal: AbortSignal): Promise<RequestSuccess<Tender>> => {
    const data = await api.call(() => api.client.GET('/api/tenders/{id}', { params: { path: { id: input.id } }, signal }));
    return { message: '', data };
  },
  getTenderStatusHistory: async (api: Api, input: { id: string }, signal: AbortSignal): Promise<RequestSuccess<TenderHistory>> => {
    const data = await api.call(() => api.client.GET('/api/tenders/{id}/history', { params: { path: { id: input.id } }, signal }));
    return { message: '', data: data.history };
  },
  getTenderLots: async (api: Api, input: { id: string }, signal: AbortSignal): Promise<RequestSuccess<TenderLots>> => {
    const data = await api.call(() => api.client.GET('/api/tenders/{id}/lots', { params: { path: { id: input.id } }, signal }));
    return { message: '', data };
  },
  updateTender: async (api: Api, input: { id: string; patch: TenderPatch }, signal: AbortSignal): Promise<RequestSuccess<Tender>> => {
    const data = await api.call(() => api.client.PATCH('/api/tenders/{id}', { params: { path: { id: input.id } }, body: input.patch, signal }));
    return { message: data.msg, data: data.details };
  },
  // Tender documents and the company vault (issue 4). Files are typed by what machines know of a
  // file and are browser Files at run time; FormData goes out as is (the browser writes the boundary).
  listTenderDocs: async (api: Api, input: { tenderId: string }, signal: AbortSignal): Promise<RequestSuccess<TenderDoc[]>> => {
    const data = await api.call(() => api.client.GET('/api/tenders/{id}/docs', { params: { path: { id: input.tenderId } }, signal }));
    return { message: '', data: data.documents };
  },
  // XMLHttpRequest, for its upload progress; the tender id goes before the file, which the server streams.
  uploadTenderDoc: async (api: Api, input: { tenderId: string; companyId: string; file: FileLike; onProgress: (percent: number) => void }, signal: AbortSignal): Promise<RequestSuccess<TenderDoc>> => {
    const form = multipartForm({ tenderId: input.tenderId, file: input.file });
    const url = `/api/tenderDocs?companyId=${encodeURIComponent(input.companyId)}`;
    const data = await sendWithProgress<TenderDocWriteResult>(api, { method: 'POST', url, body: form, onProgress: input.onProgress, signal });
    return { message: data.msg, data: data.details };
  },
  replaceTenderDoc: async (api: Api, input: { id: string; companyId: string; file: FileLike }, signal: AbortSignal): Promise<RequestSuccess<TenderDoc>> => {
    const form = multipartForm({ file: input.file });
    const data = await api.call(() =>
      api.client.PATCH('/api/tenderDocs/{id}', { params: { path: { id: input.id }, query: { companyId: input.companyId } }, body: {}, bodySerializer: () => form, signal }),
    );
    return { message: data.msg, data: data.details };
  },
  deleteTenderDoc: async (api: Api, input: { id: string }, signal: AbortSignal): Promise<RequestSuccess<null>> => {
    const data = await api.call(() => api.client.DELETE('/api/tenderDocs/{id}', { params: { path: { id: input.id } }, signal }));
    return { message: data.msg, data: null };
  },
  listCompanyDocuments: async (api: Api, input: ListQuery<{ companyId: string; kind: string; validity: string }>, signal: AbortSignal): Promise<ListPage<CompanyDocument>> => {
    const { companyId, kind, validity } = input.filters;
    const query = {
      page: input.page,
      perPage: PER_PAGE,
      search: input.search || undefined,
      filterBy: (kind || undefined) as CompanyDocument['kind'] | undefined,
      validity: (validity || undefined) as CompanyDocument['validity'] | undefined,
    };
    const data = await api.call(() => api.client.GET('/api/companies/{id}/documents', { params: { path: { id: companyId }, query }, signal }));
    return { items: data.documents, count: data.count, totalPages: data.totalPages };
  },
  createCompanyDocument: async (api: Api, input: CompanyDocumentInput & { companyId: string }, signal: AbortSignal): Promise<RequestSuccess<CompanyDocument>> => {
    const form = documentForm(input);
    const data = await api.call(() => api.client.POST('/api/companies/{id}/documents', { params: { path: { id: input.companyId } }, body: { kind: input.kind, title: input.title }, bodySerializer: () => form, signal }));
    return { message: data.msg, data: data.details };
  },
  // Empty dates clear them; the file is sent only when a new one was chosen.
  updateCompanyDocument: async (api: Api, input: CompanyDocumentInput & { id: string }, signal: AbortSignal): Promise<RequestSuccess<CompanyDocument>> => {
    const form = documentForm(input, true);
    const data = await api.call(() => api.client.PATCH('/api/companyDocs/{id}', { params: { path: { id: input.id } }, body: {}, bodySerializer: () => form, signal }));
    return { message: data.msg, data: data.details };
  },
  deleteCompanyDocument: async (api: Api, input: { id: string }, signal: AbortSignal): Promise<RequestSuccess<null>> => {
    const data = await api.call(() => api.client.DELETE('/api/companyDocs/{id}', { params: { path: { id: input.id } }, signal }));
    return { message: data.msg, data: null };
  },
  // Tender lists and potential tenders (issue 4): the list's rows are the spec's `tenderCalls`.
  listTenders: async (api: Api, input: ListQuery<{ status: string; matchStatus: string; companyId: string }>, signal: AbortSignal): Promise<ListPage<Tender>> => {
    const { status, matchStatus, companyId } = input.filters;
    const query = {
      page: input.page,
      perPage: PER_PAGE,
      search: input.search || undefined,
      filterBy: (status || undefined) as Tender['status'] | undefined,
      matchStatus: (matchStatus || undefined) as Tender['matchStatus'] | undefined,
      companyId: companyId || undefined,
    };
    const data = await api.call(() => api.client.GET('/api/tenders', { params: { query }, signal }));
    return { items: data.tenderCalls, count: data.count, totalPages: data.totalPages };
  },
  listMyCompanyTenders: async (api: Api, input: ListQuery<{ status: string; matchStatus: string; companyId: string }>, signal: AbortSignal): Promise<ListPage<Tender>> => {
    const { status, matchStatus } = input.filters;
    const query = {
      page: input.page,
      perPage: PER_PAGE,
      search: input.search || undefined,
      filterBy: (status || undefined) as Tender['status'] | undefined,
      matchStatus: (matchStatus || undefined) as Tender['matchStatus'] | undefined,
    };
    const data = await api.call(() => api.client.GET('/api/tenders/my-company', { params: { query }, signal }));
    return { items: data.tenderCalls, count: data.count, totalPages: data.totalPages };
  },
  listPotentialTenders: async (api: Api, input: ListQuery<{ matchStatus: string; procedure: string }>, signal: AbortSignal): Promise<ListPage<PotentialTender>> => {
    const { matchStatus, procedure } = input.filters;
    const query = {
      page: input.page,
      perPage: PER_PAGE,
      search: input.search || undefined,
      matchStatus: (matchStatus || undefined) as PotentialTender['matchStatus'] | undefined,
      filterBy: (procedure || undefined) as PotentialTender['tenderCall']['procedure'] | undefined,
    };
    const data = await api.call(() => api.client.GET('/api/tenders/potential', { params: { query }, signal }));
    return { items: data.tenders, count: data.count, totalPages: data.totalPages };
  },
  createTender: async (api: Api, input: { tenderCallId: string; companyId?: string }, signal: AbortSignal): Promise<RequestSuccess<Tender>> => {
    const data = await api.call(() => api.client.POST('/api/tenders', { body: input, signal }));
    return { message: data.msg, data: data.details };
  },
  createTenderCall: async (api: Api, input: components['schemas']['TenderCallInput'], signal: AbortSignal): Promise<RequestSuccess<PotentialTender['tenderCall']>> => {
    const data = await api.call(() => api.client.POST('/api/tenderCalls', { body: input, signal }));
    return { message: data.msg, data: data.details };
  },
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
  // Statistics and dashboards (issue 5): the admin dashboard's figures and its five latest reports.
  getAdminStats: async (api: Api, _input: void, signal: AbortSignal): Promise<RequestSuccess<AdminStats>> => {
    const data = await api.call(() => api.client.GET('/api/admin/stats/', { signal }));
    return { message: '', data };
  },
  listLatestReports: async (api: Api, _input: void, signal: AbortSignal): Promise<RequestSuccess<Report[]>> => {
    const data = await api.call(() => api.client.GET('/api/reports', { params: { query: { page: 1, perPage: 5 } }, signal }));
    return { message: '', data: data.reports };
  },
  updateReportStatus: async (api: Api, input: { id: string; status: Report['status'] }, signal: AbortSignal): Promise<RequestSuccess<Report>> => {
    const data = await api.call(() => api.client.PATCH('/api/reports/{id}', { params: { path: { id: input.id } }, body: { status: input.status }, signal }));
    return { message: data.msg, data: data.details };
  },
  // Planning (issue 5): every write answers the whole planning, which replaces the shown one.
  getTenderPlanning: async (api: Api, input: { tenderId: string }, signal: AbortSignal): Promise<RequestSuccess<Planning>> => {
    const data = await api.call(() => api.client.GET('/api/plannings/tender/{tenderId}', { params: { path: { tenderId: input.tenderId } }, signal }));
    return { message: '', data };
  },
  createPlanning: async (api: Api, input: { tenderId: string; tasks: PlanningTaskInput[] }, signal: AbortSignal): Promise<RequestSuccess<Planning>> => {
    const data = await api.call(() => api.client.POST('/api/plannings', { body: input, signal }));
    return { message: data.msg, data: data.planning };
  },
  updatePlanning: async (api: Api, input: { id: string; tasks: PlanningTaskInput[] }, signal: AbortSignal): Promise<RequestSuccess<Planning>> => {
    const data = await api.call(() => api.client.PATCH('/api/plannings/{id}', { params: { path: { id: input.id } }, body: { tasks: input.tasks }, signal }));
    return { message: data.msg, data: data.planning };
  },
  addPlanningTask: async (api: Api, input: { id: string; task: PlanningTaskInput }, signal: AbortSignal): Promise<RequestSuccess<Planning>> => {
    const data = await api.call(() => api.client.POST('/api/plannings/{id}/tasks', { params: { path: { id: input.id } }, body: { task: input.task }, signal }));
    return { message: data.msg, data: data.planning };
  },
  updatePlanningTask: async (api: Api, input: { id: string; taskId: string; updates: PlanningTaskUpdates }, signal: AbortSignal): Promise<RequestSuccess<Planning>> => {
    const data = await api.call(() =>
      api.client.PATCH('/api/plannings/{id}/tasks/{taskId}', { params: { path: { id: input.id, taskId: input.taskId } }, body: input.updates, signal }),
    );
    return { message: data.msg, data: data.planning };
  },
  deletePlanningTask: async (api: Api, input: { id: string; taskId: string }, signal: AbortSignal): Promise<RequestSuccess<Planning>> => {
    const data = await api.call(() => api.client.DELETE('/api/plannings/{id}/tasks/{taskId}', { params: { path: { id: input.id, taskId: input.taskId } }, signal }));
    return { message: data.msg, data: data.planning };
  },
  // Organisation charts (issue 5). The fetch-all answer goes to the statechart as is: it normalises it.
  getOrganigrammes: async (api: Api, input: { companyId: string }, signal: AbortSignal): Promise<unknown> =>
    api.call(() => api.client.GET('/api/organigrammes/{companyId}/organigramme', { params: { path: { companyId: input.companyId } }, signal })),
  createOrganigramme: async (api: Api, input: OrganigrammeWrite, signal: AbortSignal): Promise<RequestSuccess<Organigramme>> => {
    const data = await api.call(() =>
      api.client.POST('/api/organigrammes/{companyId}/organigramme', { params: { path: { companyId: input.companyId } }, body: { type: input.type, positions: input.positions }, signal }),
    );
    return { message: data.msg, data: data.details };
  },
  replaceOrganigramme: async (api: Api, input: OrganigrammeWrite, signal: AbortSignal): Promise<RequestSuccess<Organigramme>> => {
    const data = await api.call(() =>
      api.client.PUT('/api/organigrammes/{companyId}/organigramme', { params: { path: { companyId: input.companyId }, query: { type: input.type } }, body: { positions: input.positions }, signal }),
    );
    return { message: data.msg, data: data.details };
  },
  deleteOrganigramme: async (api: Api, input: { companyId: string; type: Organigramme['type'] }, signal: AbortSignal): Promise<RequestSuccess<{ type: Organigramme['type'] }>> => {
    const data = await api.call(() => api.client.DELETE('/api/organigrammes/{companyId}/organigramme', { params: { path: { companyId: input.companyId }, query: { type: input.type } }, signal }));
    return { message: data.msg, data: { type: input.type } };
  },
};

type FileLike = { name: string; type: string; size: number };
type TenderDoc = components['schemas']['TenderDoc'];
type TenderDocWriteResult = components['schemas']['TenderDocWriteResult'];
type CompanyDocument = components['schemas']['CompanyDocument'];
type CompanyDocumentInput = { kind: CompanyDocument['kind']; title: string; issueDate: string; validUntil: string; file: FileLike | null };

/**
 * A multipart form in the order of `fields` (the server streams the file, so text fields go
 * first): strings as they are, files when they are browser Files (machines only know a file's
 * name, type and size), absent values left out.
 */
function multipartForm(fields: Record<string, string | FileLike | null | undefined>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (typeof value === 'string') form.set(name, value);
    else if (value instanceof Blob) form.set(name, value);
  }
  return form;
}

/** The vault's multipart form: text fields first, then the file. */
function documentForm(input: CompanyDocumentInput, keepEmptyDates = false): FormData {
  const date = (value: string) => (value !== '' || keepEmptyDates ? value : undefined);
  return multipartForm({ kind: input.kind, title: input.title, issueDate: date(input.issueDate), validUntil: date(input.validUntil), file: input.file });
}

export type PageCalls = typeof pageCalls;
