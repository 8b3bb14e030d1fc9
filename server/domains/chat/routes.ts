import { PassThrough } from 'node:stream';
import { and, asc, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { components } from '../../../openapi/schema';
import type { Deps } from '../../deps';
import type { Handlers } from '../../openapi/handlers';
import { chatMessages } from '../../db/schema';
import { AppError } from '../../errors';
import { sessionOf } from '../../auth/session';
import { pickLanguage, t } from '../../i18n';
import { reachableTender } from '../tenders/access';
import { extractiveAnswer, hybridSearch, search, type Hit } from '../../analysis/retrieval';
import { answerWithCitations } from '../../llm/cited-answer';
import { LlmError, type Llm } from '../../llm/client';
import { llmAccess } from '../../llm/for-company';
import { latestDceAnalysis } from '../memories/outline';
import { factAnswer } from './facts';
import { createPassageIndexes, passageVectors, type TenderPassages } from './passages';

type ChatMessage = components['schemas']['ChatMessage'];
type Answer = { answer: string; citations: ChatMessage['citations']; mode: ChatMessage['mode']; msg: string };

/** Passages given to the model, and searched for an extractive answer. */
const PASSAGES = 5;
/** BM25 hits given to the fusion with the vectors' ranking (search reranks its first 50 too). */
const BM25_DEPTH = 50;

const toMessage = (row: typeof chatMessages.$inferSelect): ChatMessage => ({
  _id: row.id,
  question: row.question,
  answer: row.answer,
  citations: row.citations,
  mode: row.mode,
  createdAt: row.createdAt.toISOString(),
});

const sse = (event: string, data: unknown) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

/**
 * Chat with a tender's documents (issue 11): any member of the tender's company and admins; each
 * person sees their own history. The answer is written by the configured language model from the
 * best passages, citing them; without a model, or when it fails, it is the documents' own
 * sentences that answer, with their pages. A company whose plan leaves the model out is answered
 * like one without a model: nothing of its documents is sent (llmAccess).
 */
export function chatHandlers({ db, llm: configured }: Deps): Handlers<'askTenderChat' | 'listTenderChat' | 'clearTenderChat'> {
  const passagesOf = createPassageIndexes(db);

  /**
   * The best passages: BM25, fused with vector similarity when an embedding model is configured.
   * Only the passages and the question are embedded, at the configured endpoint; when it fails
   * the question is answered from BM25 alone.
   */
  async function passagesFor(request: FastifyRequest, llm: Llm | null, entry: TenderPassages, question: string, signal: AbortSignal): Promise<Hit[]> {
    const embed = llm?.embed?.bind(llm);
    if (!embed) return search(entry.index, question, PASSAGES);
    const lexical = search(entry.index, question, BM25_DEPTH);
    try {
      const [vectors, asked] = await Promise.all([passageVectors(entry, (texts) => embed(texts)), embed([question], { signal })]);
      return hybridSearch(entry.index.passages, vectors, asked[0]!, lexical, { limit: PASSAGES });
    } catch (error) {
      if (signal.aborted || !(error instanceof LlmError)) throw error;
      request.log.warn({ err: { message: error.message, key: error.key } }, 'embedding model failed, BM25 alone');
      return lexical.slice(0, PASSAGES);
    }
  }

  async function answerOf(
    request: FastifyRequest,
    tender: { id: string; companyId: string },
    caller: { role: string },
    question: string,
    signal: AbortSignal,
    onToken: (text: string) => void,
  ): Promise<Answer> {
    const tenderId = tender.id;
    const language = pickLanguage(request.headers['accept-language']);
    // What the DCE analysis already says (a fact a person checked first) answers before the
    // documents are searched; an employee, who does not see the analysis, only what was checked.
    const analysis = await latestDceAnalysis(db, tenderId);
    const fromAnalysis = analysis ? factAnswer(question, analysis.facts, language, caller.role === 'employee') : null;
    if (fromAnalysis) {
      onToken(fromAnalysis.answer);
      return { ...fromAnalysis, mode: 'extractive', msg: 'chat-answered_analysis' };
    }
    const { llm } = await llmAccess({ db, llm: configured }, tender.companyId);
    const entry = await passagesOf(tenderId);
    const { pages } = entry;
    const mode = llm ? 'llm' : 'extractive';
    if (pages === 0) return { answer: t(request, 'chat-no_documents'), citations: [], mode, msg: 'chat-no_answer' };
    const hits = await passagesFor(request, llm, entry, question, signal);
    if (hits.length === 0) return { answer: t(request, 'chat-no_answer'), citations: [], mode, msg: 'chat-no_answer' };
    let fallback = false;
    if (llm) {
      try {
        const cited = await answerWithCitations(
          llm,
          question,
          hits.map((hit) => hit.passage),
          { signal, onToken, language },
        );
        return { ...cited, mode: 'llm', msg: 'chat-answered' };
      } catch (error) {
        if (signal.aborted || !(error instanceof LlmError)) throw error;
        // The documents still answer: their own sentences, said as such.
        request.log.warn({ err: { message: error.message, key: error.key } }, 'language model failed, extractive answer given');
        fallback = true;
      }
    }
    const extracted = extractiveAnswer(question, hits);
    if (!extracted) return { answer: t(request, 'chat-no_answer'), citations: [], mode: 'extractive', msg: 'chat-no_answer' };
    onToken(extracted.answer);
    return { ...extracted, mode: 'extractive', msg: fallback ? 'chat-llm_fallback' : 'chat-answered' };
  }

  return {
    async askTenderChat(request, reply) {
      const { user } = sessionOf(request);
      const tender = await reachableTender(db, user, request.params.id);
      if (tender.status === 'not_started') throw new AppError(409, 'chat-not_started');
      const question = request.body.question.trim();
      if (!question) throw new AppError(400, 'chat-question_blank');
      // A person who leaves stops the model, which is paid by the token. The response's close, not
      // the request's: the request closes once its body is read.
      const aborted = new AbortController();
      reply.raw.once('close', () => {
        if (!reply.raw.writableFinished) aborted.abort();
      });
      const save = async (result: Answer) => {
        const [row] = await db
          .insert(chatMessages)
          .values({ tenderId: tender.id, userId: user.id, question, answer: result.answer, citations: result.citations, mode: result.mode })
          .returning();
        return { msg: t(request, result.msg), details: toMessage(row!) };
      };

      if (!request.headers.accept?.includes('text/event-stream')) return save(await answerOf(request, tender, user, question, aborted.signal, () => undefined));

      const stream = new PassThrough();
      reply.type('text/event-stream; charset=utf-8').header('X-Accel-Buffering', 'no');
      void (async () => {
        try {
          const result = await answerOf(request, tender, user, question, aborted.signal, (text) => stream.write(sse('token', { text })));
          stream.write(sse('done', await save(result)));
        } catch (error) {
          if (!aborted.signal.aborted) {
            request.log.error({ err: error }, 'chat answer failed');
            stream.write(sse('error', { msg: t(request, error instanceof AppError ? error.key : 'common-internal_server_error') }));
          }
        } finally {
          stream.end();
        }
      })();
      return reply.send(stream);
    },

    async listTenderChat(request) {
      const { user } = sessionOf(request);
      const tender = await reachableTender(db, user, request.params.id);
      const rows = await db
        .select()
        .from(chatMessages)
        .where(and(eq(chatMessages.tenderId, tender.id), eq(chatMessages.userId, user.id)))
        .orderBy(asc(chatMessages.createdAt), asc(chatMessages.id));
      const access = await llmAccess({ db, llm: configured }, tender.companyId);
      return { messages: rows.map(toMessage), mode: access.llm ? ('llm' as const) : ('extractive' as const), ...(access.notInPlan ? { llmNotInPlan: true } : {}) };
    },

    async clearTenderChat(request) {
      const { user } = sessionOf(request);
      const tender = await reachableTender(db, user, request.params.id);
      await db.delete(chatMessages).where(and(eq(chatMessages.tenderId, tender.id), eq(chatMessages.userId, user.id)));
      return { msg: t(request, 'chat-cleared') };
    },
  };
}
