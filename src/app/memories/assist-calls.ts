import type { Api } from '../../api/client';
import { serverEvents } from '../../api/server-events';
import type { RequestSuccess } from '../../common/request-result';
import type { components } from '../../../openapi/schema';

export type MemoryAssistRequest = components['schemas']['MemoryAssistRequest'];
export type MemoryAssistResult = components['schemas']['MemoryAssistResult']['details'];
export type MemoryAssistInput = { memoryId: string; sectionId: string; body: MemoryAssistRequest; onToken: (text: string) => void };

// The memory's writing assistant (issue 12): the suggestion streams as server-sent events.
export const memoryAssistCalls = {
  assistMemorySection: async (api: Api, input: MemoryAssistInput, signal: AbortSignal): Promise<RequestSuccess<MemoryAssistResult>> => {
    // Refusals (no text, no model, the model failing at once) come before the stream, as JSON.
    const body = await api.call(() =>
      api.client.POST('/api/memories/{id}/sections/{sectionId}/assist', {
        params: { path: { id: input.memoryId, sectionId: input.sectionId } },
        body: input.body,
        headers: { Accept: 'text/event-stream' },
        parseAs: 'stream',
        signal,
      }),
    );
    for await (const { event, data } of serverEvents(body as ReadableStream<Uint8Array>)) {
      if (event === 'token') input.onToken((JSON.parse(data) as { text: string }).text);
      else if (event === 'done') {
        const result = JSON.parse(data) as { msg: string; details: MemoryAssistResult };
        return { message: result.msg, data: result.details };
      } else if (event === 'error') throw Object.assign(new Error((JSON.parse(data) as { msg: string }).msg), { status: 503 });
    }
    // The stream ended without its result: the connection was cut.
    throw Object.assign(new Error(api.translate('common-no_response_from_the_server')), { status: 0 });
  },
};
