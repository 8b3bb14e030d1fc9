// The product with a language model, for the end-to-end tests of the chat's written answers: a
// fake OpenAI-compatible endpoint on 127.0.0.1 (the one the API tests use), then the real server
// (server/main.ts, demo data) configured to reach it. Run by playwright.config.ts.
import { startFakeOpenAi } from '../support/fake-openai';

const LLM_ANSWER = "D'après le règlement de la consultation, les offres doivent parvenir au plus tard le mercredi 15 juillet 2026 à 12 h [1].";

const fake = await startFakeOpenAi({ apiKey: 'e2e-key', reply: () => LLM_ANSWER, chunkDelayMs: 700 });
process.env.LLM_BASE_URL = fake.url;
process.env.LLM_API_KEY = 'e2e-key';
process.env.LLM_MODEL = 'e2e-model';
await import('../../server/main');
