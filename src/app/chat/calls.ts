import type { Api } from '../../api/client';
import type { RequestSuccess } from '../../common/request-result';
import type { components } from '../../../openapi/schema';
import { serverEvents } from '../../api/server-events';

type ChatMessage = components['schemas']['ChatMessage'];
type ChatHistory = components['schemas']['ChatHistory'];
export type ChatAsk = { tenderId: string; question: string; onToken: (text: string) => void };

export const chatCalls = {
  // Chat with the tender's documents (issue 11): the answer streams as server-sent events.
  listTenderChat: async (api: Api, input: { tenderId: string }, signal: AbortSignal): Promise<RequestSuccess<ChatHistory>> => {
    const data = await api.call(() => api.client.GET('/api/tenders/{id}/chat/messages', { params: { path: { id: input.tenderId } }, signal }));
    return { message: '', data };
  },
  clearTenderChat: async (api: Api, input: { tenderId: string }, signal: AbortSignal): Promise<RequestSuccess<null>> => {
    const data = await api.call(() => api.client.DELETE('/api/tenders/{id}/chat/messages', { params: { path: { id: input.tenderId } }, signal }));
    return { message: data.msg, data: null };
  },
  askTenderChat: async (api: Api, input: ChatAsk, signal: AbortSignal): Promise<RequestSuccess<ChatMessage>> => {
    // Refusals (a blank question, a tender not started) come before the stream, as JSON.
    const body = await api.call(() =>
      api.client.POST('/api/tenders/{id}/chat/messages', {
        params: { path: { id: input.tenderId } },
        body: { question: input.question },
        headers: { Accept: 'text/event-stream' },
        parseAs: 'stream',
        signal,
      }),
    );
    for await (const { event, data } of serverEvents(body as ReadableStream<Uint8Array>)) {
      if (event === 'token') input.onToken((JSON.parse(data) as { text: string }).text);
      else if (event === 'done') {
        const result = JSON.parse(data) as { msg: string; details: ChatMessage };
        return { message: result.msg, data: result.details };
      } else if (event === 'error') throw Object.assign(new Error((JSON.parse(data) as { msg: string }).msg), { status: 500 });
    }
    // The stream ended without its answer: the connection was cut.
    throw Object.assign(new Error(api.translate('common-no_response_from_the_server')), { status: 0 });
  },
};
