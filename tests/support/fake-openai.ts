// A fake OpenAI-compatible endpoint for tests, on 127.0.0.1 and an ephemeral port: chat
// completions (whole or streamed as SSE), embeddings, and Bearer auth. It keeps every request.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export type FakeMessage = { role: string; content: string };
export type FakeReply = string | { status: number; body?: unknown };
// Tests read into request bodies freely.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type FakeRequest = { path: string; headers: Record<string, string | string[] | undefined>; body: any };
type RequestBody = { model?: string; messages?: FakeMessage[]; stream?: boolean; input?: string | string[]; encoding_format?: string } | undefined;

const EMBEDDING_DIMS = 8;

/** An OpenAI-shaped error body. */
const errorBody = (status: number, message: string) => ({
  error: { message, type: status === 401 ? 'invalid_request_error' : status === 429 ? 'rate_limit_error' : 'server_error', param: null, code: null },
});

/** The same text always gives the same vector (FNV-1a per dimension), as base64 float32, as the SDK asks. */
export function fakeEmbedding(text: string): number[] {
  const vector: number[] = [];
  for (let d = 0; d < EMBEDDING_DIMS; d++) {
    let hash = 0x811c9dc5 ^ d;
    for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
    vector.push(((hash >>> 0) / 0xffffffff) * 2 - 1);
  }
  return vector;
}

const base64Floats = (vector: number[]) => Buffer.from(new Float32Array(vector).buffer).toString('base64');

/** The reply cut into a few chunks (by words, spaces kept) for SSE. */
function splitIntoChunks(text: string): string[] {
  const words = text.match(/\S+\s*|\s+/g) ?? [];
  if (words.length <= 1) return [text];
  const size = Math.max(1, Math.ceil(words.length / 4));
  const chunks: string[] = [];
  for (let i = 0; i < words.length; i += size) chunks.push(words.slice(i, i + size).join(''));
  return chunks;
}

async function readBody(req: IncomingMessage): Promise<unknown> {
  const parts: Buffer[] = [];
  for await (const part of req) parts.push(part as Buffer);
  const text = Buffer.concat(parts).toString('utf8');
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function startFakeOpenAi(options: {
  reply: (messages: FakeMessage[], body: unknown) => FakeReply;
  apiKey?: string;
  chunkDelayMs?: number;
  /** Each input's vector (fakeEmbedding unless set): a test gives vectors that mean something. */
  embed?: (text: string) => number[];
  /** A status to answer /v1/embeddings with instead (only that route), e.g. 500; none: vectors. */
  embeddingsStatus?: () => number | undefined;
}) {
  const embedding = options.embed ?? fakeEmbedding;
  const requests: FakeRequest[] = [];
  const sockets = new Set<Socket>();
  /** Streamed answers whose client went away before the end. */
  let cut = 0;

  const json = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };

  async function chat(res: ServerResponse, body: RequestBody) {
    let reply: FakeReply;
    try {
      reply = options.reply(body?.messages ?? [], body);
    } catch (error) {
      reply = { status: 500, body: errorBody(500, String(error)) };
    }
    if (typeof reply !== 'string') return json(res, reply.status, reply.body ?? errorBody(reply.status, `Fake error ${reply.status}`));
    const id = `chatcmpl-fake-${requests.length}`;
    const created = Math.floor(Date.now() / 1000);
    const model = String(body?.model ?? 'fake');
    if (!body?.stream) {
      return json(res, 200, {
        id,
        object: 'chat.completion',
        created,
        model,
        choices: [{ index: 0, message: { role: 'assistant', content: reply }, finish_reason: 'stop', logprobs: null }],
        usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
      });
    }
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
    const send = (delta: object, finish: string | null) =>
      res.write(`data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created, model, choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`);
    send({ role: 'assistant', content: '' }, null);
    for (const chunk of splitIntoChunks(reply)) {
      if (options.chunkDelayMs) await sleep(options.chunkDelayMs);
      if (res.destroyed) {
        cut += 1; // the client went away (abort)
        return;
      }
      send({ content: chunk }, null);
    }
    send({}, 'stop');
    res.end('data: [DONE]\n\n');
  }

  const server = createServer(async (req, res) => {
    const path = new URL(req.url ?? '/', 'http://127.0.0.1').pathname;
    const body = await readBody(req);
    requests.push({ path, headers: req.headers, body });
    if (options.apiKey !== undefined && req.headers.authorization !== `Bearer ${options.apiKey}`) {
      return json(res, 401, { error: { message: 'Incorrect API key provided.', type: 'invalid_request_error', param: null, code: 'invalid_api_key' } });
    }
    const fields = (typeof body === 'object' && body !== null ? body : undefined) as RequestBody;
    if (req.method === 'POST' && path === '/v1/chat/completions') return chat(res, fields);
    if (req.method === 'POST' && path === '/v1/embeddings') {
      const status = options.embeddingsStatus?.();
      if (status) return json(res, status, errorBody(status, `Fake error ${status}`));
      const inputs = Array.isArray(fields?.input) ? fields.input : [String(fields?.input ?? '')];
      const asBase64 = fields?.encoding_format === 'base64';
      return json(res, 200, {
        object: 'list',
        model: String(fields?.model ?? 'fake'),
        data: inputs.map((input, index) => ({ object: 'embedding', index, embedding: asBase64 ? base64Floats(embedding(input)) : embedding(input) })),
        usage: { prompt_tokens: 1, total_tokens: 1 },
      });
    }
    json(res, 404, errorBody(404, `Unknown route ${req.method} ${path}`));
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}/v1`,
    cutStreams: () => cut,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        // Keep-alive sockets would hold close() open.
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
