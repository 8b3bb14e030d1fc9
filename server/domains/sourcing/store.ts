// Notice import, storage layer: ImportedNotices become tender calls, their links, history and
// awards; refusals are kept with their reason. Rules in docs/sourcing.md ("Storing notices").
import { createHash, randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { basename } from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { and, asc, eq, getTableColumns, inArray, ne, or, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import { awards, importRuns, refusedNotices, sourceNotices, tenderCallChanges, tenderCallLots, tenderCalls, tenders } from '../../db/schema';
import { refreshMatches } from '../tenders/refresh';
import { matchCalls } from './matching';
import { importNotices } from './index';
import type { ImportedNotice, ImportResult, Procedure, Refusal } from './notice';
import { wallClock } from './normalise';
import { webLink } from '../../../rules/links';

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

/**
 * Notices written per transaction: a crash loses at most one batch, which a re-import redoes.
 * 1,000 rather than 250: each batch's lookups and statements cost about the same whatever its size
 * (measured 10–25 % faster on PGlite, the same peak RSS).
 */
export const BATCH_SIZE = 1000;

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
    noticeUrl: webLink(notice.url) ?? '',
  };
}
type CallFields = ReturnType<typeof callFields>;
type CallRow = Omit<typeof tenderCalls.$inferSelect, 'searchVector'>;

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

// ── Identity ───────────────────────────────────────────────────────────────────────────────────

const keyOf = (r: { source: string; sourceId: string }) => `${r.source}:${r.sourceId}`;
const byNumber = (lots: LotValues[]) => [...lots].sort((a, b) => a.number - b.number);

/** Rows inserted at the end of the batch (or before any write that could touch them). */
type Pending = {
  calls: (typeof tenderCalls.$inferInsert)[];
  lots: (typeof tenderCallLots.$inferInsert)[];
  notices: (typeof sourceNotices.$inferInsert)[];
  awards: (typeof awards.$inferInsert)[];
  changes: (typeof tenderCallChanges.$inferInsert)[];
};
const nothingPending = (): Pending => ({ calls: [], lots: [], notices: [], awards: [], changes: [] });

/**
 * What a batch knows, read in a few queries when it starts and kept current as its notices are
 * stored, so that storing a new notice takes no round trip of its own.
 */
type BatchState = {
  /** Stored notices (before the batch or earlier in it) by "source:id": the batch's own and those they name. */
  seen: Map<string, { id: string; hash: string; callId: string | null }>;
  /** "source:id" → the call of a stored notice that names it. */
  naming: Map<string, string>;
  /** "source:id" → a call whose reference is that id (typed by an admin, or imported). */
  typed: Map<string, string>;
  /** Calls the batch may change (locked), and those it created, as they are now. */
  calls: Map<string, CallRow>;
  /** A call's lots as they are now, by number, once read. */
  lots: Map<string, LotValues[]>;
  /** Each notice's content hash, computed once. */
  hashes: Map<ImportedNotice, string>;
  pending: Pending;
};

/**
 * Inserts rows as one JSON parameter read by json_populate_recordset: one statement whatever the
 * count, serialised by JSON.stringify and parsed by PostgreSQL, where a VALUES list of 250 calls
 * binds 7,500 parameters one by one (the driver's and the query builder's time, measured as most of
 * the batch's). Columns a row does not give keep their default.
 */
async function insertRows<T extends PgTable>(tx: Executor, table: T, rows: T['$inferInsert'][]) {
  if (rows.length === 0) return;
  const columns = getTableColumns(table) as Record<string, { name: string }>;
  const keys = [...new Set(rows.flatMap((row) => Object.keys(row as object)))].filter((key) => columns[key]);
  const names = keys.map((key) => `"${columns[key]!.name}"`).join(', ');
  const json = JSON.stringify(rows.map((row) => Object.fromEntries(keys.map((key) => [columns[key]!.name, (row as Record<string, unknown>)[key] ?? null]))));
  await tx.execute(sql`insert into ${table} (${sql.raw(names)}) select ${sql.raw(names)} from json_populate_recordset(null::${table}, ${json}::json)`);
}

/** Sends the pending inserts, calls first (the other rows point at them): five statements at most for a whole batch. */
async function flushPending(tx: Executor, state: BatchState) {
  const p = state.pending;
  state.pending = nothingPending();
  await insertRows(tx, tenderCalls, p.calls);
  await insertRows(tx, tenderCallLots, p.lots);
  await insertRows(tx, sourceNotices, p.notices);
  await insertRows(tx, awards, p.awards);
  await insertRows(tx, tenderCallChanges, p.changes);
}

/** A list as one JSON parameter (a few hundred ids bound one by one cost the query builder and the driver more than the query). */
const jsonParam = (value: unknown) => sql`${JSON.stringify(value)}::json`;

/** The columns of a call the import reads: all but the search vector (kilobytes a row, never read here). */
const { searchVector: _searchVector, ...callColumns } = getTableColumns(tenderCalls);

async function loadBatch(tx: Executor, notices: ImportedNotice[]): Promise<BatchState> {
  const state: BatchState = { seen: new Map(), naming: new Map(), typed: new Map(), calls: new Map(), lots: new Map(), hashes: new Map(), pending: nothingPending() };
  if (notices.length === 0) return state;
  for (const notice of notices) state.hashes.set(notice, hashOf(notice));
  const everyNotice = [...notices, ...notices.flatMap((n) => n.related)];
  const pairs = [...new Map(everyNotice.map((n) => [keyOf(n), { source: n.source, source_id: n.sourceId }])).values()];
  const seen = await tx
    .select({ id: sourceNotices.id, source: sourceNotices.source, sourceId: sourceNotices.sourceId, hash: sourceNotices.hash, callId: sourceNotices.tenderCallId })
    .from(sourceNotices)
    .where(sql`(${sourceNotices.source}, ${sourceNotices.sourceId}) in (select k.source, k.source_id from json_to_recordset(${jsonParam(pairs)}) as k(source text, source_id text))`);
  for (const row of seen) state.seen.set(keyOf(row), { id: row.id, hash: row.hash, callId: row.callId });

  // A notice stored with the same content is unchanged (a re-import): nothing else to look up for it.
  const live = notices.filter((n) => state.seen.get(keyOf(n))?.hash !== state.hashes.get(n));
  if (live.length === 0) return state;
  const own = [...new Set(live.map(keyOf))];
  const naming = await tx
    .select({ callId: sourceNotices.tenderCallId, related: sourceNotices.related })
    .from(sourceNotices)
    .where(and(sql`${sourceNotices.related} && array(select json_array_elements_text(${jsonParam(own)}))`, sql`${sourceNotices.tenderCallId} is not null`));
  const ownKeys = new Set(own);
  for (const row of naming) for (const key of row.related) if (ownKeys.has(key) && !state.naming.has(key)) state.naming.set(key, row.callId!);
  const typedPairs = [...new Map(live.filter((n) => n.source === 'boamp' || n.source === 'ted').map((n) => [keyOf(n), { source: n.source, reference: n.sourceId }])).values()];
  if (typedPairs.length) {
    const typed = await tx
      .select({ id: tenderCalls.id, source: tenderCalls.source, reference: tenderCalls.reference })
      .from(tenderCalls)
      .where(sql`(${tenderCalls.source}, ${tenderCalls.reference}) in (select k.source::tender_source, k.reference from json_to_recordset(${jsonParam(typedPairs)}) as k(source text, reference text))`);
    for (const row of typed) state.typed.set(`${row.source}:${row.reference}`, row.id);
  }

  // The calls those notices lead to, and every call that could be a twin from another source (same
  // buyer reference and deadline), locked as one statement.
  const ids = new Set([...[...state.seen.values()].flatMap((s) => (s.callId ? [s.callId] : [])), ...state.naming.values(), ...state.typed.values()]);
  const twins = live.flatMap((n) => {
    const deadline = n.reference ? deadlineOf(n) : null;
    return deadline ? [{ reference: text(n.reference), deadline: deadline.at.toISOString(), source: n.source }] : [];
  });
  const which = [
    ...(ids.size ? [sql`${tenderCalls.id} in (select json_array_elements_text(${jsonParam([...ids])})::uuid)`] : []),
    ...(twins.length
      ? [
          sql`${tenderCalls.id} in (select c.id from json_to_recordset(${jsonParam(twins)}) as twin(reference text, deadline timestamptz, source text) join ${tenderCalls} c on c.buyer_reference = twin.reference and c.submission_deadline = twin.deadline and c.source::text <> twin.source)`,
        ]
      : []),
  ];
  if (which.length) for (const row of await tx.select(callColumns).from(tenderCalls).where(or(...which)).for('update')) state.calls.set(row.id, row);
  return state;
}

/**
 * The call a notice belongs to, in this order: the notice itself seen before; a notice it names
 * (corrected, cancelled, awarded, its TED twin); a notice naming it; a call with its id as
 * reference (typed by an admin); a call of another source with the same buyer reference, buyer and
 * deadline instant.
 */
function findCall(notice: ImportedNotice, fields: CallFields, known: string | null, state: BatchState): string | null {
  if (known) return known;
  for (const related of notice.related) {
    const callId = state.seen.get(keyOf(related))?.callId;
    if (callId) return callId;
  }
  const named = state.naming.get(keyOf(notice)) ?? state.typed.get(keyOf(notice));
  if (named) return named;
  if (fields.buyerReference && fields.submissionDeadline && (fields.buyerSiret || fields.buyer)) {
    const at = fields.submissionDeadline.getTime();
    const buyer = fields.buyer.toLowerCase();
    for (const call of state.calls.values()) {
      if (call.buyerReference !== fields.buyerReference || call.source === notice.source || call.submissionDeadline.getTime() !== at) continue;
      const sameName = call.buyer.toLowerCase() === buyer;
      if (fields.buyerSiret ? call.buyerSiret === fields.buyerSiret || (call.buyerSiret === null && sameName) : sameName) return call.id;
    }
  }
  return null;
}

async function callRow(tx: Executor, state: BatchState, id: string): Promise<CallRow | undefined> {
  const known = state.calls.get(id);
  if (known) return known;
  const [row] = await tx.select(callColumns).from(tenderCalls).where(eq(tenderCalls.id, id)).for('update');
  if (row) state.calls.set(id, row);
  return row;
}

async function lotsOfCall(tx: Executor, state: BatchState, callId: string): Promise<LotValues[]> {
  const known = state.lots.get(callId);
  if (known) return known;
  const lots = await tx
    .select({ number: tenderCallLots.number, title: tenderCallLots.title, estimatedAmount: tenderCallLots.estimatedAmount, publishedNumber: tenderCallLots.publishedNumber, cpvCodes: tenderCallLots.cpvCodes })
    .from(tenderCallLots)
    .where(eq(tenderCallLots.tenderCallId, callId))
    .orderBy(asc(tenderCallLots.number));
  state.lots.set(callId, lots);
  return lots;
}

async function writeLots(tx: Executor, state: BatchState, callId: string, lots: LotValues[]) {
  await flushPending(tx, state);
  await tx.delete(tenderCallLots).where(eq(tenderCallLots.tenderCallId, callId));
  if (lots.length) await tx.insert(tenderCallLots).values(lots.map((lot) => ({ tenderCallId: callId, ...lot })));
  state.lots.set(callId, byNumber(lots));
  // Companies keep answering only the lots that still exist (as updateTenderCall does).
  const numbers = lots.map((l) => l.number);
  await tx
    .update(tenders)
    .set({ answeredLots: sql`array(select n from unnest(${tenders.answeredLots}) as n where n = any(${sql.raw(`'{${numbers.join(',')}}'::integer[]`)}) order by n)` })
    .where(eq(tenders.tenderCallId, callId));
}

// ── One notice ─────────────────────────────────────────────────────────────────────────────────

const hashOf = (notice: ImportedNotice) => createHash('sha256').update(JSON.stringify(notice)).digest('hex');

/**
 * Stores one notice. New rows wait in the batch's pending inserts; a write to rows already stored
 * sends them first. A refusal (Refuse) is thrown before anything is written or remembered, so
 * that a batch without savepoints can go on after it.
 */
async function storeNotice(tx: Executor, notice: ImportedNotice, runId: string, state: BatchState): Promise<Outcome> {
  const hash = state.hashes.get(notice) ?? hashOf(notice);
  const seen = state.seen.get(keyOf(notice));
  if (seen?.hash === hash) return { result: 'unchanged', callId: seen.callId ?? undefined };

  const fields = callFields(notice);
  const callId = findCall(notice, fields, seen?.callId ?? null, state);
  const call = callId ? await callRow(tx, state, callId) : undefined;
  const change = (kind: string, changes: { field: string; from: unknown; to: unknown }[], deadlineMoved = false) =>
    state.pending.changes.push({ tenderCallId: call!.id, kind, source: notice.source, sourceId: notice.sourceId, changes, deadlineMoved, importRunId: runId });
  const updateCall = async (set: Partial<typeof tenderCalls.$inferInsert>) => {
    await flushPending(tx, state);
    const updatedAt = new Date();
    await tx.update(tenderCalls).set({ ...set, updatedAt }).where(eq(tenderCalls.id, call!.id));
    state.calls.set(call!.id, { ...call!, ...(set as Partial<CallRow>), updatedAt });
  };
  let outcome: Outcome;

  if (notice.kind === 'call' || notice.kind === 'correction') {
    const lots = lotsOf(notice);
    if (call) {
      // A correction, or the same notice published again, changes what it says; a twin from
      // another source (or a re-publication under another id) only fills what the call lacks.
      const overwrite = notice.kind === 'correction' ? CORRECTABLE : seen ? REPUBLISHED : [];
      const { set, changes } = diffCall(call, fields, overwrite);
      if (lots.length) {
        const current = await lotsOfCall(tx, state, call.id);
        if ((overwrite.length || current.length === 0) && !same(current, byNumber(lots))) {
          await writeLots(tx, state, call.id, lots);
          changes.push({ field: 'lots', from: current.length, to: lots.length });
        }
      }
      let moved: DeadlineMove | undefined;
      if (changes.length) {
        await updateCall(set);
        if (set.submissionDeadline) {
          await tx.update(tenders).set({ submissionDeadline: set.submissionDeadline }).where(eq(tenders.tenderCallId, call.id));
          moved = { tenderCallId: call.id, from: call.submissionDeadline.toISOString(), to: set.submissionDeadline.toISOString(), source: notice.source, sourceId: notice.sourceId };
        }
        change(notice.kind === 'correction' ? 'correction' : seen ? 'republished' : 'merged', changes, moved !== undefined);
      }
      // A new link (the BOAMP twin of a TED call) is an update even when it brings no field.
      outcome = { result: changes.length || !seen ? 'updated' : 'unchanged', callId: call.id, moved };
    } else {
      if (notice.source === 'decp') throw new Refuse('sourcing-invalid-notice', 'a DECP record is an award, not a call');
      if (!fields.submissionDeadline) throw new Refuse(notice.kind === 'correction' ? 'sourcing-unknown-call' : 'sourcing-missing-deadline', notice.kind === 'correction' ? `corrects ${notice.related.map(keyOf).join(', ') || 'an unknown notice'}` : 'no submission deadline');
      const row = {
        ...fields,
        id: randomUUID(),
        procedure: fields.procedure ?? 'other',
        submissionDeadline: fields.submissionDeadline,
        reference: notice.sourceId,
        source: notice.source,
        sourceId: notice.sourceId,
      };
      state.pending.calls.push(row);
      // Ids from here: gen_random_uuid() costs ~25 µs a row inside PGlite.
      for (const lot of lots) state.pending.lots.push({ id: randomUUID(), tenderCallId: row.id, ...lot });
      // As a later notice of the batch would read it back (a correction of it, its twin).
      state.calls.set(row.id, { ...row, status: 'open' } as CallRow);
      state.lots.set(row.id, byNumber(lots));
      outcome = { result: 'new', callId: row.id };
    }
  } else if (notice.kind === 'cancellation') {
    if (!call) throw new Refuse('sourcing-unknown-call', `cancels ${notice.related.map(keyOf).join(', ') || 'an unknown notice'}`);
    if (call.status === 'cancelled') outcome = { result: 'unchanged', callId: call.id };
    else {
      await updateCall({ status: 'cancelled' });
      change('cancellation', [{ field: 'status', from: call.status, to: 'cancelled' }]);
      outcome = { result: 'cancelled', callId: call.id, cancelled: { tenderCallId: call.id, source: notice.source, sourceId: notice.sourceId } };
    }
  } else {
    // An award: its contracts replace those an earlier version of the notice gave.
    if (seen) {
      await flushPending(tx, state);
      await tx.delete(awards).where(and(eq(awards.source, notice.source), eq(awards.sourceId, notice.sourceId)));
    }
    for (const [position, award] of notice.awards.entries()) {
      state.pending.awards.push({
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
      });
    }
    if (call) {
      const changes: { field: string; from: unknown; to: unknown }[] = [{ field: 'awards', from: null, to: notice.awards.length }];
      if (call.status === 'open') {
        await updateCall({ status: 'awarded' });
        changes.unshift({ field: 'status', from: call.status, to: 'awarded' });
      }
      change('award', changes);
    }
    outcome = { result: 'awarded', callId: call?.id };
  }

  const values = {
    tenderCallId: 'callId' in outcome && outcome.callId ? outcome.callId : null,
    kind: notice.kind,
    shape: notice.shape,
    url: webLink(notice.url),
    publishedAt: notice.publishedAt,
    related: notice.related.map(keyOf),
    hash,
    importRunId: runId,
  };
  let id = seen?.id;
  if (id) {
    await flushPending(tx, state);
    await tx.update(sourceNotices).set({ ...values, updatedAt: new Date() }).where(eq(sourceNotices.id, id));
  } else {
    id = randomUUID();
    state.pending.notices.push({ id, source: notice.source, sourceId: notice.sourceId, ...values });
  }
  // A later notice of the batch with the same id (a file holding two versions) sees this one.
  state.seen.set(keyOf(notice), { id, hash, callId: values.tenderCallId });
  if (values.tenderCallId) for (const key of values.related) if (!state.naming.has(key)) state.naming.set(key, values.tenderCallId);
  return outcome;
}

// ── Batches and runs ───────────────────────────────────────────────────────────────────────────

/** callIds: the calls created or changed (to match again); changedIds: those that existed before (companies may work them). */
type BatchResult = { counts: ImportCounts; callIds: Set<string>; changedIds: Set<string>; moves: DeadlineMove[]; cancellations: CallCancelled[] };

/** A database error inside a batch without savepoints: the batch is done again with them. */
class RetryWithSavepoints extends Error {}

/**
 * Writes some notices in one transaction. First without savepoints, new rows in multi-row
 * inserts: a notice refused by the rules writes nothing and the others go on. Should the database
 * refuse a row, the transaction is rolled back and the batch written again with a savepoint per
 * notice (its rows sent inside it), so that only that notice is refused (sourcing-store-failed)
 * and the others land.
 */
export async function storeBatch(db: Database, runId: string, fileName: string, results: ImportResult[], firstPosition = 1): Promise<BatchResult> {
  try {
    return await writeBatch(db, runId, fileName, results, firstPosition, false);
  } catch (error) {
    if (error instanceof RetryWithSavepoints) return writeBatch(db, runId, fileName, results, firstPosition, true);
    throw error;
  }
}

/** A copy of what the batch knows, to go back to when a notice's savepoint is rolled back. */
const snapshotOf = (state: BatchState): BatchState => ({
  seen: new Map(state.seen),
  naming: new Map(state.naming),
  typed: new Map(state.typed),
  calls: new Map(state.calls),
  lots: new Map(state.lots),
  hashes: state.hashes,
  pending: nothingPending(),
});

async function writeBatch(db: Database, runId: string, fileName: string, results: ImportResult[], firstPosition: number, savepoints: boolean): Promise<BatchResult> {
  const out: BatchResult = { counts: emptyCounts(), callIds: new Set(), changedIds: new Set(), moves: [], cancellations: [] };
  await db.transaction(async (tx) => {
    const refused: (typeof refusedNotices.$inferInsert)[] = [];
    let state = await loadBatch(tx, results.flatMap((r) => ('notice' in r ? [r.notice] : [])));
    for (const [i, result] of results.entries()) {
      out.counts.notices++;
      let outcome: Outcome;
      if ('refused' in result) outcome = result;
      else {
        const notice = result.notice;
        const before = savepoints ? snapshotOf(state) : state;
        try {
          outcome = savepoints
            ? await tx.transaction(async (sp) => {
                const stored = await storeNotice(sp, notice, runId, state);
                await flushPending(sp, state);
                return stored;
              })
            : await storeNotice(tx, notice, runId, state);
        } catch (error) {
          if (!savepoints && !(error instanceof Refuse)) throw new RetryWithSavepoints();
          if (savepoints) state = before;
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
      if (outcome.callId && outcome.result !== 'unchanged' && outcome.result !== 'new') out.changedIds.add(outcome.callId);
      if (outcome.moved) out.moves.push(outcome.moved);
      if (outcome.cancelled) out.cancellations.push(outcome.cancelled);
    }
    try {
      await flushPending(tx, state);
    } catch {
      if (!savepoints) throw new RetryWithSavepoints();
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

/** How a file came to be imported: an admin's upload, the CLI, or the scheduled fetch (its URL is the file name). */
export type ImportOrigin = 'upload' | 'cli' | 'fetch';

export async function createImportRun(
  db: Pick<Database, 'insert'>,
  values: { fileName: string; size: number; createdBy?: string | null; storageKey?: string | null; jobId?: string | null; status?: 'queued' | 'running'; origin?: ImportOrigin },
) {
  const [row] = await db
    .insert(importRuns)
    .values({ fileName: values.fileName, size: values.size, createdBy: values.createdBy ?? null, storageKey: values.storageKey ?? null, jobId: values.jobId ?? null, status: values.status ?? 'queued', origin: values.origin ?? 'upload' })
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

  const flush = async (results: ImportResult[]) => {
    if (results.length === 0) return;
    const done = await storeBatch(db, runId, fileName, results, total.notices + 1);
    add(total, done.counts);
    // Scores of the companies already working a changed call follow it (the call's copy of the deadline
    // too); a call new in this batch has no tender yet.
    if (done.changedIds.size) await refreshMatches(db, inArray(tenders.tenderCallId, [...done.changedIds]));
    if (done.callIds.size) await matchCalls(db, [...done.callIds]);
    const percent = size ? Math.min(99, Math.floor((read / size) * 100)) : 0;
    await db.update(importRuns).set({ ...countColumns(total), progress: percent, updatedAt: new Date() }).where(eq(importRuns.id, runId));
    await options.progress?.(percent);
    for (const move of done.moves) await hooks?.deadlineMoved?.(move);
    for (const event of done.cancellations) await hooks?.cancelled?.(event);
  };

  // The next batch is read and mapped while the previous one is written (against PostgreSQL the two
  // run at once): one batch at most is being written, batches in file order.
  let writing: Promise<void> | null = null;
  const handOver = async () => {
    if (writing) await writing;
    const results = batch;
    batch = [];
    writing = flush(results);
    // Awaited before the next batch or at the end; a failure is thrown there, not left unhandled.
    writing.catch(() => {});
  };

  try {
    for await (const result of importNotices(counter, fileName)) {
      options.signal?.throwIfAborted();
      batch.push(result);
      if (batch.length >= batchSize) await handOver();
    }
    await handOver();
    await writing;
  } finally {
    source.destroy();
    // A failed read leaves the batch being written to finish before the caller goes on.
    await (writing as Promise<void> | null)?.catch(() => {});
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
