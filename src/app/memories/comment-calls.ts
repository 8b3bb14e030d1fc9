import type { Api } from '../../api/client';
import type { RequestSuccess } from '../../common/request-result';
import type { components } from '../../../openapi/schema';
import { multipartForm, type FileLike } from '../calls-support';

type Thread = components['schemas']['MemoryThread'];
export type MemoryThreadCreateInput = { memoryId: string; body: components['schemas']['MemoryThreadCreate'] };

// The memory's comment threads and images (issue 12), named after their operationId.
export const memoryCommentsCalls = {
  listMemoryComments: async (api: Api, input: { memoryId: string }, signal: AbortSignal): Promise<Thread[]> => {
    const data = await api.call(() => api.client.GET('/api/memories/{id}/comments', { params: { path: { id: input.memoryId } }, signal }));
    return data.threads;
  },
  createMemoryThread: async (api: Api, input: MemoryThreadCreateInput, signal: AbortSignal): Promise<RequestSuccess<Thread>> => {
    const data = await api.call(() => api.client.POST('/api/memories/{id}/comments', { params: { path: { id: input.memoryId } }, body: input.body, signal }));
    return { message: data.msg, data: data.details };
  },
  replyMemoryThread: async (api: Api, input: { threadId: string; body: string }, signal: AbortSignal): Promise<RequestSuccess<Thread>> => {
    const data = await api.call(() => api.client.POST('/api/memory-comments/{threadId}/replies', { params: { path: { threadId: input.threadId } }, body: { body: input.body }, signal }));
    return { message: data.msg, data: data.details };
  },
  updateMemoryThread: async (api: Api, input: { threadId: string; resolved: boolean }, signal: AbortSignal): Promise<RequestSuccess<Thread>> => {
    const data = await api.call(() => api.client.PATCH('/api/memory-comments/{threadId}', { params: { path: { threadId: input.threadId } }, body: { resolved: input.resolved }, signal }));
    return { message: data.msg, data: data.details };
  },
  deleteMemoryThread: async (api: Api, input: { threadId: string }, signal: AbortSignal): Promise<{ message: string }> => {
    const data = await api.call(() => api.client.DELETE('/api/memory-comments/{threadId}', { params: { path: { threadId: input.threadId } }, signal }));
    return { message: data.msg };
  },
  uploadMemoryImage: async (api: Api, input: { memoryId: string; file: FileLike }, signal: AbortSignal): Promise<RequestSuccess<{ _id: string; url: string }>> => {
    const data = await api.call(() =>
      api.client.POST('/api/memories/{id}/images', { params: { path: { id: input.memoryId } }, body: {}, bodySerializer: () => multipartForm({ file: input.file }), signal }),
    );
    return { message: data.msg, data: data.details };
  },
};
