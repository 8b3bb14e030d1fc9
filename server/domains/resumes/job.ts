// The job that reads an uploaded CV: its text (mammoth or the extraction pool), the rules, then
// the language model for what they missed when one is configured, and writes only into the fields
// that are still empty when it finishes (what a person typed meanwhile is kept). It never fails
// the queue: an unreadable CV is `failed` with its reason key, a failing model leaves the rules'.
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { resumes } from '../../db/schema';
import type { Storage } from '../../storage/storage';
import type { JobHandler, JobQueue } from '../../jobs/queue';
import type { Llm } from '../../llm/client';
import { llmFor } from '../../llm/for-company';
import { CvTextError, cvText } from './text';
import { fillWithLlm } from './llm';
import { PARSED_FIELDS, parseResumeText, type ParsedField, type ParsedResume } from './parse';
import { searchTextOf, type ResumeRow } from './view';

export const PARSE_RESUME = 'parse-resume';
type Payload = { resumeId: string; storageKey: string };
type Executor = Parameters<JobQueue['enqueue']>[0];

export const queueParse = (jobs: JobQueue, executor: Executor, payload: Payload) => jobs.enqueue(executor, PARSE_RESUME, payload);

const isEmpty = (value: unknown) => value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0);

/** "CV_Jean-Marc_Dupuis (2).docx" → "Jean-Marc Dupuis": the name of last resort. */
export const nameFromFile = (fileName: string) =>
  fileName
    .replace(/\.[^.]+$/, '')
    .replace(/[_.]+/g, ' ')
    .replace(/\(\d+\)/g, ' ')
    .replace(/\b(cv|resume|curriculum vitae)\b/gi, ' ')
    .replace(/[\s-]+$|^[\s-]+/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 120);

async function readAll(storage: Storage, key: string): Promise<Buffer | undefined> {
  const file = await storage.get(key);
  if (!file) return undefined;
  const chunks: Buffer[] = [];
  for await (const chunk of file.stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

type Log = { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };

export function resumeParseHandler(db: Database, storage: Storage, configured: Llm | null, log?: Log): JobHandler {
  const finish = async (payload: Payload, write: (row: ResumeRow) => Partial<typeof resumes.$inferInsert>) =>
    db.transaction(async (tx) => {
      const [row] = await tx.select().from(resumes).where(eq(resumes.id, payload.resumeId)).for('update');
      // Deleted, or its file replaced since: the newer job writes.
      if (!row || row.storageKey !== payload.storageKey) return;
      await tx
        .update(resumes)
        .set({ ...write(row), version: row.version + 1, updatedAt: new Date() })
        .where(and(eq(resumes.id, row.id), eq(resumes.storageKey, payload.storageKey)));
    });
  const failed = (payload: Payload, key: string) =>
    finish(payload, (row) => ({ parseStatus: 'failed', parseError: key, ...(row.fullName ? {} : { fullName: nameFromFile(row.fileName ?? ''), searchText: searchTextOf({ ...row, fullName: nameFromFile(row.fileName ?? '') }) }) }));

  return async (job, { progress, signal }) => {
    const payload = job.payload as Payload;
    const [start] = await db.select().from(resumes).where(eq(resumes.id, payload.resumeId));
    if (!start || start.storageKey !== payload.storageKey || !start.mime) return;
    try {
      const data = await readAll(storage, payload.storageKey);
      if (!data) return;
      const text = await cvText(data, start.mime, { signal });
      await progress(40);
      const parsed: Partial<ParsedResume> = parseResumeText(text);
      const origin: Partial<Record<ParsedField, 'rules' | 'llm'>> = {};
      for (const field of PARSED_FIELDS) if (!isEmpty(parsed[field])) origin[field] = 'rules';
      // The model only for a company whose plan includes it, asked as the job runs.
      const llm = await llmFor({ db, llm: configured }, start.companyId);
      if (llm) {
        // Asked: what nobody typed and the rules did not find (read again: a person may be typing).
        const [now] = await db.select().from(resumes).where(eq(resumes.id, payload.resumeId));
        const missing = PARSED_FIELDS.filter((field) => isEmpty(parsed[field]) && now && isEmpty(now[field]));
        try {
          const filled = await fillWithLlm(llm, text, missing, { signal });
          for (const field of missing) {
            if (!isEmpty(filled[field])) {
              Object.assign(parsed, { [field]: filled[field] });
              origin[field] = 'llm';
            }
          }
        } catch (error) {
          if (signal.aborted) throw error;
          log?.warn({ err: error, resumeId: payload.resumeId }, 'the language model could not read the CV; the rules alone fill it');
        }
      }
      await progress(80);
      await finish(payload, (row) => {
        const changes: Record<string, unknown> = {};
        const filledFrom = { ...row.filledFrom };
        for (const field of PARSED_FIELDS) {
          // Only the fields still empty: what a person typed, before or while this ran, stays.
          if (isEmpty(row[field]) && !isEmpty(parsed[field])) {
            changes[field] = parsed[field];
            filledFrom[field] = origin[field]!;
          }
        }
        const next = { ...row, ...changes } as ResumeRow;
        if (!next.fullName) next.fullName = nameFromFile(row.fileName ?? '');
        return { ...changes, fullName: next.fullName, filledFrom, parseStatus: 'parsed', parseError: null, searchText: searchTextOf(next) };
      });
    } catch (error) {
      if (signal.aborted) throw error;
      if (!(error instanceof CvTextError)) log?.error({ err: error, resumeId: payload.resumeId }, 'reading a CV failed');
      await failed(payload, error instanceof CvTextError ? error.key : 'resume-parse_failed');
    }
  };
}
