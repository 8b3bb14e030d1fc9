// Notice import, storage layer: ImportedNotices become tender calls, their links, history and
// awards; refusals are kept with their reason. Rules in docs/sourcing.md ("Storing notices").
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { basename } from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { and, asc, eq, inArray, ne, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { awards, importRuns, refusedNotices, sourceNotices, tenderCallChanges, tenderCallLots, tenderCalls, tenders } from '../../db/schema';
import { refreshMatches } from '../tenders/refresh';
import { importNotices } from './index';
import type { ImportedNotice, ImportResult, Procedure, Refusal } from './notice';
import { wallClock } from './normalise';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
type Executor = Database | Tx;

export type ImportCounts = { notices: number; new: number; updated: number; cancelled: number; awarded: number; refused: number; unchanged: number };
export const emptyCounts = (): ImportCounts => ({ notices: 0, new: 0, updated: 0, cancelled: 0, awarded: 0, refused: 0, unchanged: 0 });

/** A call's deadline moved by a correction: the companies working it are to be told. */
export type DeadlineMove = { tenderCallId: string; from: string; to: string; source: string; sourceId: string };
export type CallCancelled = { tenderCallId: string; source: string; sourceId: string };

/**
 * What happens after a batch commits. The notification centre and reminders (issue 13, "Alerts")
 * plug in here; without hooks the moves are only recorded (tender_call_changes.deadline_moved).
 */
export type ImportHooks = {
  deadlineMoved?(move: DeadlineMove): void | Promise<void>;
  cancelled?(event: CallCancelled): void | Promise<void>;
};

/** Notices written per transaction: a crash loses at most one batch, which a re-import redoes. */
export const BATCH_SIZE = 250;

type Outcome = { result: 'new' | 'updated' | 'cancelled' | 'awarded' | 'unchanged'; callId?: string; moved?: DeadlineMove; cancelled?: CallCancelled } | { refused: Refusal };

class Refuse extends Error {
  constructor(
    readonly reason: string,
    detail: string,
  ) {
    super(detail);
  }
}

// ── From a notice to a call's columns ──────────────────────────────────────────────────────────

const PROCEDURES: Record<Procedure, typeof tenderCalls.$inferInsert.procedure> = {
  open: 'open',
  restricted: 'restricted',
  adapted: 'adapted',
  negotiated: 'negotiated',
  'competitive-dialogue': 'competitive_dialogue',
  'design-contest': 'other',
  'innovation-partnership': 'other',
  other: 'other',
};

/** PostgreSQL text refuses NUL characters; sources sometimes carry them. */
// eslint-disable-next-line no-control-regex -- the NUL character is what is removed
const text = (value: string | null | undefined) => (value == null ? null : value.replace(/\u0000/g, ''));
const euros = (value: number | null) => (value == null ? null : Math.round(value));

/** The deadline as an instant; a day alone is that day's midnight in its zone (the earliest it can mean). */
function deadlineOf(notice: ImportedNotice): { at: Date; dayOnly: boolean } | null {
  if (notice.deadline) return { at: new Date(notice.deadline), dayOnly: false };
  if (notice.deadlineDate) {
    const midnight = wallClock(notice.deadlineDate, '00:00', notice.deadlineZone ?? 'Europe/Paris').deadline;
    if (midnight) return { at: new Date(midnight), dayOnly: true };
  }
  return null;
}

type LotValues = { number: number; title: string; estimatedAmount: number | null; publishedNumber: string | null; cpvCodes: string[] };

/** Lots numbered as published when the number is an integer, else by position (FNSimple, "2016-52"). */
function lotsOf(notice: ImportedNotice): LotValues[] {
  const used = new Set<number>();
  const lots = notice.lots.map((lot, i) => {
    const plain = lot.number && /^\d{1,6}$/.test(lot.number) ? Number(lot.number) : null;
    return { plain, lot, position: i + 1 };
  });
  const allPlain = lots.every((l) => l.plain !== null) && new Set(lots.map((l) => l.plain)).size === lots.length;
  return lots.map(({ plain, lot, position }) => {
    let number = allPlain ? plain! : position;
    while (used.has(number)) number++;
    used.add(number);
    return {
      number,
      title: text(lot.title)?.trim() || `Lot ${lot.number ?? position}`,
      estimatedAmount: euros(lot.amount),
      publishedNumber: lot.number && !(allPlain && plain !== null) ? text(lot.number) : null,
      cpvCodes: lot.cpv,
    };
  });
}

/** The call's columns a notice gives (nulls and empty lists are "not said"). */
function callFields(notice: ImportedNotice) {
  const deadline = deadlineOf(notice);
  return {
    title: text(notice.title)!.trim(),
    description: text(notice.description) ?? '',
    buyer: text(notice.buyer.name) ?? '',
    buyerSiret: notice.buyer.siret,
    buyerReference: text(notice.reference),
    procedure: notice.procedure ? PROCEDURES[notice.procedure] : null,
    procedureRaw: text(notice.procedureRaw),
    cpvCodes: notice.cpv,
    departements: notice.place.departements,
    department: notice.place.departements[0] ?? null,
    region: notice.place.region,
    nuts: notice.place.nuts,
    estimatedAmount: euros(notice.estimatedAmount),
    publicationDate: notice.publishedAt,
    submissionDeadline: deadline?.at ?? null,
    deadlineDayOnly: deadline?.dayOnly ?? false,
    deadlineZone: notice.deadlineZone,
    noticeUrl: text(notice.url) ?? '',
  };
}
type CallFields = ReturnType<typeof callFields>;
type CallRow = typeof tenderCalls.$inferSelect;

/** Fields a correction may change: its title and text describe the correction, not the call. */
const CORRECTABLE: (keyof CallFields)[] = ['buyerSiret', 'buyerReference', 'procedure', 'procedureRaw', 'cpvCodes', 'departements', 'department', 'region', 'nuts', 'estimatedAmount', 'submissionDeadline', 'deadlineDayOnly', 'deadlineZone'];
/** Fields the same notice published again (or a new version of it) may change. */
const REPUBLISHED: (keyof CallFields)[] = ['title', 'description', 'buyer', 'publicationDate', 'noticeUrl', ...CORRECTABLE];

const isEmpty = (value: unknown) => value == null || value === '' || (Array.isArray(value) && value.length === 0);
const comparable = (value: unknown) => (value instanceof Date ? value.toISOString() : value);
const same = (a: unknown, b: unknown) => JSON.stringify(comparable(a)) === JSON.stringify(comparable(b));

/**
 * What a notice changes on a call: `overwrite` fields take the notice's value when it says one;
 * every other field is only filled when the call has none (another source's twin of the call).
 */
function diffCall(call: CallRow, fields: CallFields, overwrite: (keyof CallFields)[]) {
  const set: Partial<typeof tenderCalls.$inferInsert> = {};
  const changes: { field: string; from: unknown; to: unknown }[] = [];
  for (const key of Object.keys(fields) as (keyof CallFields)[]) {
    const to = fields[key];
    if (key === 'deadlineDayOnly') continue; // follows the deadline
    if (isEmpty(to)) continue;
    const from = call[key as keyof CallRow];
    if (!overwrite.includes(key) && !isEmpty(from)) continue;
    if (same(from, to)) continue;
    (set as Record<string, unknown>)[key] = to;
    changes.push({ field: key, from: comparable(from) ?? null, to: comparable(to) });
    if (key === 'submissionDeadline') set.deadlineDayOnly = fields.deadlineDayOnly;
  }
  return { set, changes };
}

async function lotsChanged(tx: Executor, callId: string, lots: LotValues[]) {
  const current = await tx
    .select({ number: tenderCallLots.number, title: tenderCallLots.title, estimatedAmount: tenderCallLots.estimatedAmount, publishedNumber: tenderCallLots.publishedNumber, cpvCodes: tenderCallLots.cpvCodes })
    .from(tenderCallLots)
    .where(eq(tenderCallLots.tenderCallId, callId))
    .orderBy(asc(tenderCallLots.number));
  return same(current, lots) ? null : current;
}

async function writeLots(tx: Executor, callId: string, lots: LotValues[]) {
  await tx.delete(tenderCallLots).where(eq(tenderCallLots.tenderCallId, callId));
  if (lots.length) await tx.insert(tenderCallLots).values(lots.map((lot) => ({ tenderCallId: callId, ...lot })));
  // Companies keep answering only the lots that still exist (as updateTenderCall does).
  const numbers = lots.map((l) => l.number);
  await tx
    .update(tenders)
    .set({ answeredLots: sql`array(select n from unnest(${tenders.answeredLots}) as n where n = any(${sql.raw(`'{${numbers.join(',')}}'::integer[]`)}) order by n)` })
    .where(eq(tenders.tenderCallId, callId));
}

// ── Identity ───────────────────────────────────────────────────────────────────────────────────

const keyOf = (r: { source: string; sourceId: string }) => `${r.source}:${r.sourceId}`;

/** Lookups done once per batch, kept current as the batch's notices are stored. */
type Lookups = {
  /** Notices already stored, by "source:id". */
  seen: Map<string, { id: string; hash: string; callId: string | null }>;
  /** "source:id" → the call of a stored notice that names it. */
  naming: Map<string, string>;
  /** "source:id" → a call whose reference is that id (typed by an admin, or imported). */
  typed: Map<string, string>;
};

async function lookupsOf(tx: Executor, notices: ImportedNotice[]): Promise<Lookups> {
  const lookups: Lookups = { seen: new Map(), naming: new Map(), typed: new Map() };
  if (notices.length === 0) return lookups;
  const keys = [...new Set(notices.map(keyOf))];
  const ids = [...new Set(notices.map((n) => n.sourceId))];
  const seen = await tx
    .select({ id: sourceNotices.id, source: sourceNotices.source, sourceId: sourceNotices.sourceId, hash: sourceNotices.hash, callId: sourceNotices.tenderCallId })
    .from(sourceNotices)
    .where(and(inArray(sourceNotices.source, [...new Set(notices.map((n) => n.source))]), inArray(sourceNotices.sourceId, ids)));
  for (const row of seen) lookups.seen.set(keyOf(row), { id: row.id, hash: row.hash, callId: row.callId });
  const naming = await tx
    .select({ callId: sourceNotices.tenderCallId, related: sourceNotices.related })
    .from(sourceNotices)
    .where(and(sql`${sourceNotices.related} && array[${sql.join(keys.map((k) => sql`${k}`), sql`, `)}]::text[]`, sql`${sourceNotices.tenderCallId} is not null`));
  const wanted = new Set(keys);
  for (const row of naming) for (const key of row.related) if (wanted.has(key) && !lookups.naming.has(key)) lookups.naming.set(key, row.callId!);
  const typed = await tx
    .select({ id: tenderCalls.id, source: tenderCalls.source, reference: tenderCalls.reference })
    .from(tenderCalls)
    .where(and(inArray(tenderCalls.source, ['boamp', 'ted']), inArray(tenderCalls.reference, ids)));
  for (const row of typed) lookups.typed.set(`${row.source}:${row.reference}`, row.id);
  return lookups;
}

/**
 * The call a notice belongs to, in this order: the notice itself seen before; a notice it names
 * (corrected, cancelled, awarded, its TED twin); a notice naming it; a call with its id as
 * reference (typed by an admin); a call of another source with the same buyer reference, buyer and
 * deadline instant.
 */
async function findCall(tx: Executor, notice: ImportedNotice, fields: CallFields, known: string | null, lookups: Lookups): Promise<string | null> {
  if (known) return known;
  if (notice.related.length) {
    const [row] = await tx
      .select({ id: sourceNotices.tenderCallId })
      .from(sourceNotices)
      .where(and(or(...notice.related.map((r) => and(eq(sourceNotices.source, r.source), eq(sourceNotices.sourceId, r.sourceId)))), sql`${sourceNotices.tenderCallId} is not null`))
      .limit(1);
    if (row?.id) return row.id;
  }
  const named = lookups.naming.get(keyOf(notice)) ?? lookups.typed.get(keyOf(notice));
  if (named) return named;
  if (fields.buyerReference && fields.submissionDeadline && (fields.buyerSiret || fields.buyer)) {
    const [twin] = await tx
      .select({ id: tenderCalls.id })
      .from(tenderCalls)
      .where(
        and(
          eq(tenderCalls.buyerReference, fields.buyerReference),
          sql`${tenderCalls.source}::text <> ${notice.source}`,
          eq(tenderCalls.submissionDeadline, fields.submissionDeadline),
          fields.buyerSiret
            ? sql`(${tenderCalls.buyerSiret} = ${fields.buyerSiret} or (${tenderCalls.buyerSiret} is null and lower(${tenderCalls.buyer}) = lower(${fields.buyer})))`
            : sql`lower(${tenderCalls.buyer}) = lower(${fields.buyer})`,
        ),
      )
      .limit(1);
    if (twin) return twin.id;
  }
  return null;
}

// ── One notice ─────────────────────────────────────────────────────────────────────────────────

const hashOf = (notice: ImportedNotice) => createHash('sha256').update(JSON.stringify(notice)).digest('hex');

/**
 * Stores one notice. A refusal (Refuse) is thrown before anything is written, so that a batch
 * without savepoints can go on after it.
 */
async function storeNotice(tx: Executor, notice: ImportedNotice, runId: string, lookups: Lookups): Promise<Outcome> {
  const hash = hashOf(notice);
  const seen = lookups.seen.get(keyOf(notice));
  if (seen?.hash === hash) return { result: 'unchanged', callId: seen.callId ?? undefined };

  const fields = callFields(notice);
  const callId = await findCall(tx, notice, fields, seen?.callId ?? null, lookups);
  const [call] = callId ? await tx.select().from(tenderCalls).where(eq(tenderCalls.id, callId)).for('update') : [];
  const change = (kind: string, changes: { field: string; from: unknown; to: unknown }[], deadlineMoved = false) =>
    tx.insert(tenderCallChanges).values({ tenderCallId: call!.id, kind, source: notice.source, sourceId: notice.sourceId, changes, deadlineMoved, importRunId: runId });
  let outcome: Outcome;

  if (notice.kind === 'call' || notice.kind === 'correction') {
    const lots = lotsOf(notice);
    if (call) {
      // A correction, or the same notice published again, changes what it says; a twin from
      // another source (or a re-publication under another id) only fills what the call lacks.
      const overwrite = notice.kind === 'correction' ? CORRECTABLE : seen ? REPUBLISHED : [];
      const { set, changes } = diffCall(call, fields, overwrite);
      const oldLots = lots.length && (overwrite.length || !(await lotsChanged(tx, call.id, []))) ? await lotsChanged(tx, call.id, lots) : null;
      if (oldLots) {
        await writeLots(tx, call.id, lots);
        changes.push({ field: 'lots', from: oldLots.length, to: lots.length });
      }
      let moved: DeadlineMove | undefined;
      if (changes.length) {
        await tx.update(tenderCalls).set({ ...set, updatedAt: new Date() }).where(eq(tenderCalls.id, call.id));
        if (set.submissionDeadline) {
          await tx.update(tenders).set({ submissionDeadline: set.submissionDeadline }).where(eq(tenders.tenderCallId, call.id));
          moved = { tenderCallId: call.id, from: call.submissionDeadline.toISOString(), to: set.submissionDeadline.toISOString(), source: notice.source, sourceId: notice.sourceId };
        }
        await change(notice.kind === 'correction' ? 'correction' : seen ? 'republished' : 'merged', changes, moved !== undefined);
      }
      // A new link (the BOAMP twin of a TED call) is an update even when it brings no field.
      outcome = { result: changes.length || !seen ? 'updated' : 'unchanged', callId: call.id, moved };
    } else {
      if (notice.source === 'decp') throw new Refuse('sourcing-invalid-notice', 'a DECP record is an award, not a call');
      if (!fields.submissionDeadline) throw new Refuse(notice.kind === 'correction' ? 'sourcing-unknown-call' : 'sourcing-missing-deadline', notice.kind === 'correction' ? `corrects ${notice.related.map(keyOf).join(', ') || 'an unknown notice'}` : 'no submission deadline');
      const [row] = await tx
        .insert(tenderCalls)
        .values({
          ...fields,
          procedure: fields.procedure ?? 'other',
          submissionDeadline: fields.submissionDeadline,
          reference: notice.sourceId,
          source: notice.source,
          sourceId: notice.sourceId,
        })
        .returning({ id: tenderCalls.id });
      if (lots.length) await tx.insert(tenderCallLots).values(lots.map((lot) => ({ tenderCallId: row!.id, ...lot })));
      outcome = { result: 'new', callId: row!.id };
    }
  } else if (notice.kind === 'cancellation') {
    if (!call) throw new Refuse('sourcing-unknown-call', `cancels ${notice.related.map(keyOf).join(', ') || 'an unknown notice'}`);
    if (call.status === 'cancelled') outcome = { result: 'unchanged', callId: call.id };
    else {
      await tx.update(tenderCalls).set({ status: 'cancelled', updatedAt: new Date() }).where(eq(tenderCalls.id, call.id));
      await change('cancellation', [{ field: 'status', from: call.status, to: 'cancelled' }]);
      outcome = { result: 'cancelled', callId: call.id, cancelled: { tenderCallId: call.id, source: notice.source, sourceId: notice.sourceId } };
    }
  } else {
    // An award: its contracts replace those an earlier version of the notice gave.
    await tx.delete(awards).where(and(eq(awards.source, notice.source), eq(awards.sourceId, notice.sourceId)));
    if (notice.awards.length) {
      await tx.insert(awards).values(
        notice.awards.map((award, position) => ({
          tenderCallId: call?.id ?? null,
          source: notice.source,
          sourceId: notice.sourceId,
          position,
          lot: text(award.lot),
          winners: award.winners.map((w) => ({ name: text(w.name), siret: w.siret })),
          amount: euros(award.amount),
          awardDate: award.date,
          offers: award.offers,
          title: fields.title,
          buyer: fields.buyer || null,
          buyerSiret: fields.buyerSiret,
          cpvCodes: fields.cpvCodes,
        })),
      );
    }
    if (call) {
      const changes: { field: string; from: unknown; to: unknown }[] = [{ field: 'awards', from: null, to: notice.awards.length }];
      if (call.status === 'open') {
        await tx.update(tenderCalls).set({ status: 'awarded', updatedAt: new Date() }).where(eq(tenderCalls.id, call.id));
        changes.unshift({ field: 'status', from: call.status, to: 'awarded' });
      }
      await change('award', changes);
    }
    outcome = { result: 'awarded', callId: call?.id };
  }

  const values = {
    tenderCallId: 'callId' in outcome && outcome.callId ? outcome.callId : null,
    kind: notice.kind,
    shape: notice.shape,
    url: text(notice.url),
    publishedAt: notice.publishedAt,
    related: notice.related.map(keyOf),
    hash,
    importRunId: runId,
  };
  let id = seen?.id;
  if (id) await tx.update(sourceNotices).set({ ...values, updatedAt: new Date() }).where(eq(sourceNotices.id, id));
  else [{ id }] = (await tx.insert(sourceNotices).values({ source: notice.source, sourceId: notice.sourceId, ...values }).returning({ id: sourceNotices.id })) as [{ id: string }];
  // A later notice of the batch with the same id (a file holding two versions) sees this one.
  lookups.seen.set(keyOf(notice), { id: id!, hash, callId: values.tenderCallId });
  if (values.tenderCallId) for (const key of values.related) if (!lookups.naming.has(key)) lookups.naming.set(key, values.tenderCallId);
  return outcome;
}

// ── Batches and runs ───────────────────────────────────────────────────────────────────────────

type BatchResult = { counts: ImportCounts; callIds: Set<string>; moves: DeadlineMove[]; cancellations: CallCancelled[] };

/** A database error inside a batch without savepoints: the batch is done again with them. */
class RetryWithSavepoints extends Error {}

/**
 * Writes some notices in one transaction. First without savepoints (each costs two round trips):
 * a notice refused by the rules writes nothing and the others go on. Should the database refuse
 * one, the transaction is rolled back and the batch written again with a savepoint per notice, so
 * that only that notice is refused (sourcing-store-failed) and the others land.
 */
export async function storeBatch(db: Database, runId: string, fileName: string, results: ImportResult[], firstPosition = 1): Promise<BatchResult> {
  try {
    return await writeBatch(db, runId, fileName, results, firstPosition, false);
  } catch (error) {
    if (error instanceof RetryWithSavepoints) return writeBatch(db, runId, fileName, results, firstPosition, true);
    throw error;
  }
}

async function writeBatch(db: Database, runId: string, fileName: string, results: ImportResult[], firstPosition: number, savepoints: boolean): Promise<BatchResult> {
  const out: BatchResult = { counts: emptyCounts(), callIds: new Set(), moves: [], cancellations: [] };
  await db.transaction(async (tx) => {
    const refused: (typeof refusedNotices.$inferInsert)[] = [];
    const lookups = await lookupsOf(tx, results.flatMap((r) => ('notice' in r ? [r.notice] : [])));
    for (const [i, result] of results.entries()) {
      out.counts.notices++;
      let outcome: Outcome;
      if ('refused' in result) outcome = result;
      else {
        const notice = result.notice;
        try {
          outcome = savepoints ? await tx.transaction((sp) => storeNotice(sp, notice, runId, lookups)) : await storeNotice(tx, notice, runId, lookups);
        } catch (error) {
          if (!savepoints && !(error instanceof Refuse)) throw new RetryWithSavepoints();
          const reason = error instanceof Refuse ? error.reason : 'sourcing-store-failed';
          outcome = { refused: { reason: reason as Refusal['reason'], detail: (error as Error).message.slice(0, 500), sourceId: notice.sourceId } };
          (outcome.refused as Refusal & { source?: string }).source = notice.source;
        }
      }
      if ('refused' in outcome) {
        out.counts.refused++;
        const r = outcome.refused as Refusal & { source?: string };
        refused.push({ importRunId: runId, source: r.source ?? null, sourceId: text(r.sourceId ?? null), reason: r.reason, detail: text(r.detail) ?? '', fileName, origin: text(r.origin ?? null), position: firstPosition + i });
        continue;
      }
      out.counts[outcome.result]++;
      if (outcome.callId && outcome.result !== 'unchanged') out.callIds.add(outcome.callId);
      if (outcome.moved) out.moves.push(outcome.moved);
      if (outcome.cancelled) out.cancellations.push(outcome.cancelled);
    }
    if (refused.length) await tx.insert(refusedNotices).values(refused);
  });
  return out;
}

const add = (into: ImportCounts, from: ImportCounts) => {
  for (const key of Object.keys(into) as (keyof ImportCounts)[]) into[key] += from[key];
};

const countColumns = (c: ImportCounts) => ({
  notices: c.notices,
  newCount: c.new,
  updatedCount: c.updated,
  cancelledCount: c.cancelled,
  awardedCount: c.awarded,
  refusedCount: c.refused,
  unchangedCount: c.unchanged,
});

export async function createImportRun(db: Pick<Database, 'insert'>, values: { fileName: string; size: number; createdBy?: string | null; storageKey?: string | null; jobId?: string | null; status?: 'queued' | 'running' }) {
  const [row] = await db
    .insert(importRuns)
    .values({ fileName: values.fileName, size: values.size, createdBy: values.createdBy ?? null, storageKey: values.storageKey ?? null, jobId: values.jobId ?? null, status: values.status ?? 'queued' })
    .returning({ id: importRuns.id });
  return row!.id;
}

export type RunOptions = {
  db: Database;
  runId: string;
  /** A file path, or a stream of `size` bytes (an upload in the storage). */
  input: string | Readable;
  fileName?: string;
  size?: number;
  batchSize?: number;
  hooks?: ImportHooks;
  /** Called after each batch with the share of the file read (0–100). */
  progress?: (percent: number) => Promise<void>;
  signal?: AbortSignal;
  /** Runs once every notice is stored, before the run says done (the job removes its upload). */
  beforeDone?: () => Promise<void>;
};

/**
 * Imports a whole file into a run, batch by batch, keeping the run's counts and progress current.
 * Run again (a restarted job), it starts its counts and refusals over; the notices an earlier
 * attempt stored count as unchanged.
 */
export async function runImport(options: RunOptions): Promise<ImportCounts> {
  const { db, runId, hooks } = options;
  const fileName = options.fileName ?? (typeof options.input === 'string' ? basename(options.input) : 'upload');
  const size = options.size ?? (typeof options.input === 'string' ? (await stat(options.input)).size : 0);
  const source = typeof options.input === 'string' ? createReadStream(options.input, { highWaterMark: 64 * 1024 }) : options.input;
  let read = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      read += chunk.length;
      done(null, chunk);
    },
  });
  source.on('error', (error: Error) => counter.destroy(error));
  source.pipe(counter);

  await db.delete(refusedNotices).where(eq(refusedNotices.importRunId, runId));
  await db.update(importRuns).set({ status: 'running', progress: 0, error: null, ...countColumns(emptyCounts()), updatedAt: new Date() }).where(eq(importRuns.id, runId));
  const total = emptyCounts();
  const batchSize = options.batchSize ?? BATCH_SIZE;
  let batch: ImportResult[] = [];

  const flush = async () => {
    if (batch.length === 0) return;
    const done = await storeBatch(db, runId, fileName, batch, total.notices + 1);
    batch = [];
    add(total, done.counts);
    // Scores of the companies already working a changed call follow it (the call's copy of the deadline too).
    if (done.callIds.size) await refreshMatches(db, inArray(tenders.tenderCallId, [...done.callIds]));
    const percent = size ? Math.min(99, Math.floor((read / size) * 100)) : 0;
    await db.update(importRuns).set({ ...countColumns(total), progress: percent, updatedAt: new Date() }).where(eq(importRuns.id, runId));
    await options.progress?.(percent);
    for (const move of done.moves) await hooks?.deadlineMoved?.(move);
    for (const event of done.cancellations) await hooks?.cancelled?.(event);
  };

  try {
    for await (const result of importNotices(counter, fileName)) {
      options.signal?.throwIfAborted();
      batch.push(result);
      if (batch.length >= batchSize) await flush();
    }
    await flush();
  } finally {
    source.destroy();
  }
  await options.beforeDone?.();
  await db
    .update(importRuns)
    .set({ ...countColumns(total), status: 'done', progress: 100, storageKey: null, finishedAt: new Date(), updatedAt: new Date() })
    .where(eq(importRuns.id, runId));
  return total;
}

/** Marks a run failed with a message key (its job gave up, or the CLI hit an error). */
export async function failImportRun(db: Database, runId: string, key: string) {
  await db.update(importRuns).set({ status: 'failed', error: key, finishedAt: new Date(), updatedAt: new Date() }).where(and(eq(importRuns.id, runId), ne(importRuns.status, 'done')));
}
