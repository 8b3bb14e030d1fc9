// The one way the product reaches a language model: an OpenAI-compatible endpoint named by the
// configuration (LLM_BASE_URL, LLM_API_KEY, LLM_MODEL; LLM_EMBEDDING_MODEL for vectors). No model
// runs on our machines, and without that configuration features work without one.
import OpenAI, {
  APIConnectionError,
  APIError,
  AuthenticationError,
  PermissionDeniedError,
  RateLimitError,
} from 'openai';
import { PLACEHOLDER_KEY, type LlmConfig } from '../config';

export type { LlmConfig } from '../config';

const DEFAULT_TIMEOUT_MS = 60_000;

export type ChatMessage = { role: 'system' | 'user' | 'assistant'; content: string };

export type Llm = {
  model: string;
  /** The whole answer. */
  complete(messages: ChatMessage[], options?: { signal?: AbortSignal; temperature?: number; maxTokens?: number; json?: boolean }): Promise<string>;
  /** The answer as it streams, token chunks in order. */
  stream(messages: ChatMessage[], options?: { signal?: AbortSignal; temperature?: number; maxTokens?: number }): AsyncIterable<string>;
  /** One vector per text, in order; present only when an embedding model is configured. */
  embed?(texts: string[], options?: { signal?: AbortSignal }): Promise<Float32Array[]>;
};

/** Texts per embeddings request: endpoints cap the inputs of one request (OpenAI at 2,048, some at 64 or 128). */
export const EMBED_BATCH = 64;

export type LlmErrorKey = 'llm-unavailable' | 'llm-refused' | 'llm-rate_limited';

/** An LLM failure the product shows: 'llm-unavailable' (network, 5xx, timeout), 'llm-refused' (401/403: key), 'llm-rate_limited' (429). */
export class LlmError extends Error {
  constructor(
    readonly key: LlmErrorKey,
    cause?: unknown,
  ) {
    super(key, { cause });
    this.name = 'LlmError';
  }
}

/**
 * The SDK's error as the product's. Other statuses (400 context too long, 404 unknown model) are
 * the endpoint's trouble too, so 'llm-unavailable'; errors that are not the SDK's are bugs and
 * pass as they are.
 */
function toLlmError(error: unknown): unknown {
  if (error instanceof LlmError) return error;
  if (error instanceof AuthenticationError || error instanceof PermissionDeniedError) return new LlmError('llm-refused', error);
  if (error instanceof RateLimitError) return new LlmError('llm-rate_limited', error);
  // APIConnectionError covers APIConnectionTimeoutError; APIError covers InternalServerError.
  if (error instanceof APIConnectionError || error instanceof APIError) return new LlmError('llm-unavailable', error);
  return error;
}

/** A signal for one call: the caller's abort, or our own deadline (told apart by `timedOut`). */
function deadline(ms: number, caller?: AbortSignal) {
  const controller = new AbortController();
  let timedOut = false;
  let timer: NodeJS.Timeout | undefined;
  const onAbort = () => controller.abort(caller?.reason);
  if (caller?.aborted) onAbort();
  else caller?.addEventListener('abort', onAbort, { once: true });
  const arm = () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      timedOut = true;
      controller.abort(new LlmError('llm-unavailable'));
    }, ms);
  };
  arm();
  return {
    signal: controller.signal,
    /** Restarts the clock: a stream may take long as long as it keeps coming. */
    arm,
    get timedOut() {
      return timedOut;
    },
    dispose() {
      clearTimeout(timer);
      caller?.removeEventListener('abort', onAbort);
    },
  };
}

/** After a failure: the caller's abort as is, our deadline as 'llm-unavailable', else the mapped error. */
function failure(error: unknown, callerSignal: AbortSignal | undefined, timer: { timedOut: boolean }): unknown {
  // Before the answer the SDK throws its APIUserAbortError; mid-stream we throw the signal's reason.
  if (callerSignal?.aborted) return error;
  if (timer.timedOut) return new LlmError('llm-unavailable', error);
  return toLlmError(error);
}

export function createLlm(config: LlmConfig): Llm {
  const timeoutMs = config.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const client = new OpenAI({
    baseURL: config.baseUrl,
    apiKey: config.apiKey || PLACEHOLDER_KEY,
    timeout: timeoutMs,
    maxRetries: config.maxRetries ?? 1,
    // Only what the configuration names: no OPENAI_ORG_ID / OPENAI_PROJECT_ID headers from the
    // environment, and no OPENAI_LOG=debug printing the documents we send.
    organization: null,
    project: null,
    logLevel: 'warn',
  });

  return {
    model: config.model,

    async complete(messages, options = {}) {
      const timer = deadline(timeoutMs, options.signal);
      try {
        const completion = await client.chat.completions.create(
          {
            model: config.model,
            messages,
            temperature: options.temperature,
            max_tokens: options.maxTokens,
            ...(options.json ? { response_format: { type: 'json_object' as const } } : {}),
          },
          { signal: timer.signal },
        );
        return completion.choices[0]?.message?.content ?? '';
      } catch (error) {
        throw failure(error, options.signal, timer);
      } finally {
        timer.dispose();
      }
    },

    async *stream(messages, options = {}) {
      const timer = deadline(timeoutMs, options.signal);
      try {
        const chunks = await client.chat.completions.create(
          { model: config.model, messages, temperature: options.temperature, max_tokens: options.maxTokens, stream: true },
          { signal: timer.signal },
        );
        for await (const chunk of chunks) {
          timer.arm();
          const text = chunk.choices[0]?.delta?.content;
          if (text) yield text;
        }
        // The SDK ends a stream quietly when its signal aborts mid-body: the answer is cut, say so.
        if (timer.signal.aborted) throw timer.signal.reason;
      } catch (error) {
        throw failure(error, options.signal, timer);
      } finally {
        timer.dispose();
      }
    },

    ...(config.embeddingModel ? { embed: (texts: string[], options: { signal?: AbortSignal } = {}) => embed(client, config.embeddingModel!, timeoutMs, texts, options.signal) } : {}),
  };
}

/** The texts' vectors, EMBED_BATCH a request, one after another; each request has its own deadline. */
async function embed(client: OpenAI, model: string, timeoutMs: number, texts: string[], signal?: AbortSignal): Promise<Float32Array[]> {
  const vectors: Float32Array[] = [];
  for (let at = 0; at < texts.length; at += EMBED_BATCH) {
    const batch = texts.slice(at, at + EMBED_BATCH);
    const timer = deadline(timeoutMs, signal);
    try {
      // The SDK asks base64 and decodes it into number arrays.
      const response = await client.embeddings.create({ model, input: batch }, { signal: timer.signal });
      const data = [...response.data].sort((a, b) => a.index - b.index);
      if (data.length !== batch.length) throw new LlmError('llm-unavailable', new Error(`${data.length} vectors for ${batch.length} texts`));
      for (const item of data) vectors.push(Float32Array.from(item.embedding));
    } catch (error) {
      throw failure(error, signal, timer);
    } finally {
      timer.dispose();
    }
  }
  return vectors;
}
