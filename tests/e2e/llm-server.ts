// The product with a language model, for the end-to-end tests of the chat's written answers and the memory's writing assistant: a
// fake OpenAI-compatible endpoint on 127.0.0.1 (the one the API tests use), then the real server
// (server/main.ts, demo data) configured to reach it. Run by playwright.config.ts.
import { startFakeOpenAi } from '../support/fake-openai';
import { replyTo } from './llm-server-replies';

// The chat's answer, or a memory section's draft when the writing assistant asks one.
const fake = await startFakeOpenAi({ apiKey: 'e2e-key', reply: (messages) => replyTo(messages), chunkDelayMs: 700 });
process.env.LLM_BASE_URL = fake.url;
process.env.LLM_API_KEY = 'e2e-key';
process.env.LLM_MODEL = 'e2e-model';
await import('../../server/main');
