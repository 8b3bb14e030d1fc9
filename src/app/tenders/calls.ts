import type { Api } from '../../api/client';
import type { ListPage, ListQuery } from '../../machines/list.machine';
import type { RequestSuccess } from '../../common/request-result';
import type { components } from '../../../openapi/schema';
import { PER_PAGE } from '../calls-support';

type Tender = components['schemas']['Tender'];
type TenderListItem = components['schemas']['TenderListItem'];
type BoardColumn = components['schemas']['TendersBoard']['columns'][number];
type TenderPatch = components['schemas']['TenderPatch'];
type TenderHistory = components['schemas']['TenderHistory']['history'];
type TenderLots = components['schemas']['TenderLots'];
type PotentialTender = components['schemas']['PotentialTender'];
type TenderNotes = components['schemas']['TenderNotes'];
type GoNoGo = components['schemas']['GoNoGo'];
type GoNoGoRating = components['schemas']['GoNoGoRating'];

export const tendersCalls = {
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
  reopenTender: async (api: Api, input: { id: string; reason: string }, signal: AbortSignal): Promise<RequestSuccess<Tender>> => {
    const data = await api.call(() => api.client.POST('/api/tenders/{id}/reopen', { params: { path: { id: input.id } }, body: { reason: input.reason }, signal }));
    return { message: data.msg, data: data.details };
  },
  // Tender lists and potential tenders (issue 4): the list's rows are the spec's `tenderCalls`.
  listTenders: async (api: Api, input: ListQuery<{ status: string; matchStatus: string; companyId: string; goNoGo: string }>, signal: AbortSignal): Promise<ListPage<TenderListItem>> => {
    const { status, matchStatus, companyId, goNoGo } = input.filters;
    const query = {
      page: input.page,
      perPage: PER_PAGE,
      search: input.search || undefined,
      filterBy: (status || undefined) as Tender['status'] | undefined,
      matchStatus: (matchStatus || undefined) as Tender['matchStatus'] | undefined,
      companyId: companyId || undefined,
      goNoGo: (goNoGo || undefined) as 'no_go' | 'all' | undefined,
    };
    const data = await api.call(() => api.client.GET('/api/tenders', { params: { query }, signal }));
    return { items: data.tenderCalls, count: data.count, totalPages: data.totalPages };
  },
  listMyCompanyTenders: async (api: Api, input: ListQuery<{ status: string; matchStatus: string; companyId: string; goNoGo: string }>, signal: AbortSignal): Promise<ListPage<TenderListItem>> => {
    const { status, matchStatus, goNoGo } = input.filters;
    const query = {
      page: input.page,
      perPage: PER_PAGE,
      search: input.search || undefined,
      filterBy: (status || undefined) as Tender['status'] | undefined,
      matchStatus: (matchStatus || undefined) as Tender['matchStatus'] | undefined,
      // Without it, the active pipeline: tenders set aside by a no-go are left out.
      goNoGo: (goNoGo || undefined) as 'no_go' | 'all' | undefined,
    };
    const data = await api.call(() => api.client.GET('/api/tenders/my-company', { params: { query }, signal }));
    return { items: data.tenderCalls, count: data.count, totalPages: data.totalPages };
  },
  // The board: each column's count and first cards, then a column's next cards on demand.
  getMyCompanyBoard: async (api: Api, input: { status: TenderListItem['status']; skip: number } | void, signal: AbortSignal): Promise<BoardColumn[]> => {
    const query = input ? { status: input.status, skip: input.skip } : {};
    const data = await api.call(() => api.client.GET('/api/tenders/my-company/board', { params: { query }, signal }));
    return data.columns;
  },
  listPotentialTenders: async (api: Api, input: ListQuery<{ matchStatus: string; procedure: string; hidden: string; savedSearch: string }>, signal: AbortSignal): Promise<ListPage<PotentialTender>> => {
    const { matchStatus, procedure, hidden, savedSearch } = input.filters;
    const query = {
      page: input.page,
      perPage: PER_PAGE,
      search: input.search || undefined,
      matchStatus: (matchStatus || undefined) as PotentialTender['matchStatus'] | undefined,
      filterBy: (procedure || undefined) as PotentialTender['tenderCall']['procedure'] | undefined,
      hidden: hidden === 'true' ? true : undefined,
      savedSearch: savedSearch || undefined,
    };
    const data = await api.call(() => api.client.GET('/api/tenders/potential', { params: { query }, signal }));
    return { items: data.tenders, count: data.count, totalPages: data.totalPages, extra: { hiddenCount: data.hiddenCount ?? 0 } };
  },
  // Staff's verdict on a call (issue 13): not relevant (with a reason) hides it, relevant raises similar calls.
  setTenderCallFeedback: async (api: Api, input: { id: string; verdict: 'relevant' | 'not_relevant'; reason?: string }, signal: AbortSignal): Promise<RequestSuccess<null>> => {
    const data = await api.call(() =>
      api.client.PUT('/api/tenderCalls/{id}/feedback', { params: { path: { id: input.id } }, body: { verdict: input.verdict, reason: input.reason }, signal }),
    );
    return { message: data.msg, data: null };
  },
  deleteTenderCallFeedback: async (api: Api, input: { id: string }, signal: AbortSignal): Promise<RequestSuccess<null>> => {
    const data = await api.call(() => api.client.DELETE('/api/tenderCalls/{id}/feedback', { params: { path: { id: input.id } }, signal }));
    return { message: data.msg, data: null };
  },
  createTender: async (api: Api, input: { tenderCallId: string; companyId?: string }, signal: AbortSignal): Promise<RequestSuccess<Tender>> => {
    const data = await api.call(() => api.client.POST('/api/tenders', { body: input, signal }));
    return { message: data.msg, data: data.details };
  },
  createTenderCall: async (api: Api, input: components['schemas']['TenderCallInput'], signal: AbortSignal): Promise<RequestSuccess<PotentialTender['tenderCall']>> => {
    const data = await api.call(() => api.client.POST('/api/tenderCalls', { body: input, signal }));
    return { message: data.msg, data: data.details };
  },
  // The team's notes on a tender; a chat answer is added at their end.
  getTenderNotes: async (api: Api, input: { tenderId: string }, signal: AbortSignal): Promise<RequestSuccess<TenderNotes>> => {
    const data = await api.call(() => api.client.GET('/api/tenders/{id}/notes', { params: { path: { id: input.tenderId } }, signal }));
    return { message: '', data };
  },
  saveTenderNotes: async (api: Api, input: { tenderId: string; text: string; version: number }, signal: AbortSignal): Promise<RequestSuccess<TenderNotes>> => {
    const data = await api.call(() => api.client.PUT('/api/tenders/{id}/notes', { params: { path: { id: input.tenderId } }, body: { text: input.text, version: input.version }, signal }));
    return { message: data.msg, data: data.details };
  },
  addTenderNote: async (api: Api, input: { tenderId: string; text: string }, signal: AbortSignal): Promise<RequestSuccess<TenderNotes>> => {
    const data = await api.call(() => api.client.POST('/api/tenders/{id}/notes/entries', { params: { path: { id: input.tenderId } }, body: { text: input.text }, signal }));
    return { message: data.msg, data: data.details };
  },
  // The tender's Go/No-Go grid: every member rates, managers decide (issue 13).
  getTenderGoNoGo: async (api: Api, input: { tenderId: string }, signal: AbortSignal): Promise<RequestSuccess<GoNoGo>> => {
    const data = await api.call(() => api.client.GET('/api/tenders/{id}/go-no-go', { params: { path: { id: input.tenderId } }, signal }));
    return { message: '', data };
  },
  saveTenderGoNoGo: async (api: Api, input: { tenderId: string; ratings: GoNoGoRating[]; version: number }, signal: AbortSignal): Promise<RequestSuccess<GoNoGo>> => {
    const data = await api.call(() => api.client.PUT('/api/tenders/{id}/go-no-go', { params: { path: { id: input.tenderId } }, body: { ratings: input.ratings, version: input.version }, signal }));
    return { message: data.msg, data: data.details };
  },
  saveGoNoGoWeights: async (api: Api, input: { companyId: string; weights: GoNoGo['weights'] }, signal: AbortSignal): Promise<RequestSuccess<GoNoGo['weights']>> => {
    const data = await api.call(() => api.client.PUT('/api/companies/{companyId}/go-no-go-weights', { params: { path: { companyId: input.companyId } }, body: input.weights, signal }));
    return { message: data.msg, data: data.details };
  },
  decideTenderGoNoGo: async (api: Api, input: { tenderId: string; decision: 'go' | 'no_go'; reason?: string }, signal: AbortSignal): Promise<RequestSuccess<GoNoGo>> => {
    const body = input.reason ? { decision: input.decision, reason: input.reason } : { decision: input.decision };
    const data = await api.call(() => api.client.POST('/api/tenders/{id}/go-no-go/decision', { params: { path: { id: input.tenderId } }, body, signal }));
    return { message: data.msg, data: data.details };
  },
};
