import type { Api } from '../../api/client';
import type { RequestSuccess } from '../../common/request-result';
import type { ClearPieceInput, DepositInput, Groupement, GroupementWritten, SetGroupementInput, SetPieceInput, Submission } from '../../machines/submission.machine';
import { multipartForm } from '../calls-support';

// The submission folder's calls (issue 26), named after their operationId. The pieces' files, the
// ZIP and the acknowledgement are plain links: the browser downloads them with the token cookie.
export const submissionCalls = {
  getSubmission: async (api: Api, input: { tenderId: string }, signal: AbortSignal): Promise<Submission> =>
    api.call(() => api.client.GET('/api/tenders/{id}/submission', { params: { path: { id: input.tenderId } }, signal })),
  setSubmissionPiece: async (api: Api, input: SetPieceInput, signal: AbortSignal): Promise<RequestSuccess<Submission>> => {
    const form = multipartForm('file' in input ? { file: input.file } : { companyDocumentId: input.companyDocumentId });
    const data = await api.call(() =>
      api.client.PUT('/api/tenders/{id}/submission/pieces/{code}', { params: { path: { id: input.tenderId, code: input.code } }, body: {}, bodySerializer: () => form, signal }),
    );
    return { message: data.msg, data: data.details };
  },
  clearSubmissionPiece: async (api: Api, input: ClearPieceInput, signal: AbortSignal): Promise<RequestSuccess<Submission>> => {
    const data = await api.call(() => api.client.DELETE('/api/tenders/{id}/submission/pieces/{code}', { params: { path: { id: input.tenderId, code: input.code } }, signal }));
    return { message: data.msg, data: data.details };
  },
  // The date goes first: the server streams the file.
  depositSubmission: async (api: Api, input: DepositInput, signal: AbortSignal): Promise<RequestSuccess<Submission>> => {
    const form = multipartForm({ depositedAt: input.depositedAt, acknowledgement: input.acknowledgement });
    const data = await api.call(() =>
      api.client.POST('/api/tenders/{id}/submission/deposit', { params: { path: { id: input.tenderId } }, body: { depositedAt: input.depositedAt }, bodySerializer: () => form, signal }),
    );
    return { message: data.msg, data: data.details };
  },
  getSubmissionGroupement: async (api: Api, input: { tenderId: string }, signal: AbortSignal): Promise<Groupement | null> => {
    const data = await api.call(() => api.client.GET('/api/tenders/{id}/submission/groupement', { params: { path: { id: input.tenderId } }, signal }));
    return data.groupement;
  },
  setSubmissionGroupement: async (api: Api, input: SetGroupementInput, signal: AbortSignal): Promise<RequestSuccess<GroupementWritten>> => {
    const data = await api.call(() => api.client.PUT('/api/tenders/{id}/submission/groupement', { params: { path: { id: input.tenderId } }, body: input.groupement, signal }));
    return { message: data.msg, data: data.details };
  },
  clearSubmissionGroupement: async (api: Api, input: { tenderId: string }, signal: AbortSignal): Promise<RequestSuccess<GroupementWritten>> => {
    const data = await api.call(() => api.client.DELETE('/api/tenders/{id}/submission/groupement', { params: { path: { id: input.tenderId } }, signal }));
    return { message: data.msg, data: data.details };
  },
};
