import type { Api } from '../../api/client';
import type { RequestSuccess } from '../../common/request-result';
import type { components } from '../../../openapi/schema';

type Memory = components['schemas']['Memory'];
type MemorySummary = components['schemas']['MemorySummary'];
type MemorySection = components['schemas']['MemorySection'];
type MemoryVersion = components['schemas']['MemoryVersion'];
type MemoryAnalysis = components['schemas']['MemoryAnalysis'];
export type CompanyMemory = components['schemas']['CompanyMemoryList']['memories'][number];
export type MemoryCreateInput = { tenderId: string; body: components['schemas']['MemoryCreate'] };
type SectionPatch = components['schemas']['MemorySectionPatch'];
/** The section's content is any TipTap JSON document (the contract types it as a bare object). */
export type MemorySectionSaveInput = { memoryId: string; sectionId: string; patch: Omit<SectionPatch, 'content'> & { content?: Record<string, unknown> } };

// The technical memory's calls (issue 12), named after their operationId.
export const memoriesCalls = {
  listMemories: async (api: Api, input: { tenderId: string }, signal: AbortSignal): Promise<{ memories: MemorySummary[]; frames: components['schemas']['ResponseFrameRef'][] }> => {
    const data = await api.call(() => api.client.GET('/api/tenders/{id}/memories', { params: { path: { id: input.tenderId } }, signal }));
    return { memories: data.memories, frames: data.frames };
  },
  listCompanyMemories: async (api: Api, input: { companyId: string }, signal: AbortSignal): Promise<RequestSuccess<CompanyMemory[]>> => {
    const data = await api.call(() => api.client.GET('/api/companies/{companyId}/memories', { params: { path: { companyId: input.companyId } }, signal }));
    return { message: '', data: data.memories };
  },
  createMemory: async (api: Api, input: MemoryCreateInput, signal: AbortSignal): Promise<RequestSuccess<Memory>> => {
    const data = await api.call(() => api.client.POST('/api/tenders/{id}/memories', { params: { path: { id: input.tenderId } }, body: input.body, signal }));
    return { message: data.msg, data: data.details };
  },
  getMemory: async (api: Api, input: { id: string }, signal: AbortSignal): Promise<Memory> =>
    api.call(() => api.client.GET('/api/memories/{id}', { params: { path: { id: input.id } }, signal })),
  updateMemorySection: async (api: Api, input: MemorySectionSaveInput, signal: AbortSignal): Promise<RequestSuccess<MemorySection>> => {
    const data = await api.call(() =>
      api.client.PATCH('/api/memories/{id}/sections/{sectionId}', { params: { path: { id: input.memoryId, sectionId: input.sectionId } }, body: input.patch as SectionPatch, signal }),
    );
    return { message: data.msg, data: data.details };
  },
  addMemorySection: async (api: Api, input: { memoryId: string; body: components['schemas']['MemorySectionCreate'] }, signal: AbortSignal): Promise<RequestSuccess<MemorySection>> => {
    const data = await api.call(() => api.client.POST('/api/memories/{id}/sections', { params: { path: { id: input.memoryId } }, body: input.body, signal }));
    return { message: data.msg, data: data.details };
  },
  deleteMemorySection: async (api: Api, input: { memoryId: string; sectionId: string }, signal: AbortSignal): Promise<{ message: string }> => {
    const data = await api.call(() => api.client.DELETE('/api/memories/{id}/sections/{sectionId}', { params: { path: { id: input.memoryId, sectionId: input.sectionId } }, signal }));
    return { message: data.msg };
  },
  refreshMemorySection: async (api: Api, input: { memoryId: string; sectionId: string }, signal: AbortSignal): Promise<RequestSuccess<MemorySection>> => {
    const data = await api.call(() =>
      api.client.POST('/api/memories/{id}/sections/{sectionId}/refresh', { params: { path: { id: input.memoryId, sectionId: input.sectionId } }, signal }),
    );
    return { message: data.msg, data: data.details };
  },
  listMemoryVersions: async (api: Api, input: { memoryId: string }, signal: AbortSignal): Promise<MemoryVersion[]> => {
    const data = await api.call(() => api.client.GET('/api/memories/{id}/versions', { params: { path: { id: input.memoryId } }, signal }));
    return data.versions;
  },
  createMemoryVersion: async (api: Api, input: { memoryId: string }, signal: AbortSignal): Promise<RequestSuccess<MemoryVersion>> => {
    const data = await api.call(() => api.client.POST('/api/memories/{id}/versions', { params: { path: { id: input.memoryId } }, signal }));
    return { message: data.msg, data: data.details };
  },
  restoreMemoryVersion: async (api: Api, input: { memoryId: string; versionId: string }, signal: AbortSignal): Promise<RequestSuccess<Memory>> => {
    const data = await api.call(() =>
      api.client.POST('/api/memories/{id}/versions/{versionId}/restore', { params: { path: { id: input.memoryId, versionId: input.versionId } }, signal }),
    );
    return { message: data.msg, data: data.details };
  },
  analyseMemory: async (api: Api, input: { memoryId: string }, signal: AbortSignal): Promise<{ summary: MemorySummary; analysis: MemoryAnalysis }> => {
    const data = await api.call(() => api.client.POST('/api/memories/{id}/analysis', { params: { path: { id: input.memoryId } }, signal }));
    return { summary: data.details, analysis: data.analysis };
  },
  /**
   * The PDF as a file to save; a 503 says why there is none (no LibreOffice on the server). The
   * message is the server's warning key when the PDF differs from the document (emoji left out).
   */
  exportMemoryPdf: async (api: Api, input: { memoryId: string; workingNotes?: boolean; acceptLimits?: boolean }, signal: AbortSignal): Promise<RequestSuccess<Blob>> => {
    let warning = '';
    const query = { ...(input.workingNotes ? { workingNotes: true } : {}), ...(input.acceptLimits ? { acceptLimits: true } : {}) };
    const data = await api.call(async () => {
      const result = await api.client.GET('/api/memories/{id}/export.pdf', { params: { path: { id: input.memoryId }, query }, parseAs: 'blob', signal });
      warning = result.response.headers.get('X-Export-Warning') ?? '';
      return result;
    });
    return { message: warning, data: data as Blob };
  },
};
