import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Deps } from '../../deps';
import type { Handlers } from '../../openapi/handlers';
import type { components } from '../../../openapi/schema';
import { AppError, notFound } from '../../errors';
import { isUniqueViolation, type Database } from '../../db/client';
import { callFeedback, companies, dceTemplates, memories, memoryImages, tenderCallLots, tenderCalls, tenderDocuments, tenderStatusChanges, tenderStatusEnum, tenders, users } from '../../db/schema';
import { sessionOf } from '../../auth/session';
import { ValidationFailure, type FieldIssue } from '../../http/error-handler';
import { t } from '../../i18n';
import { pageOf, totalPages } from '../admin/lists';
import type { Caller } from '../companies/scope';
import { tenderKeyFacts } from '../dce-analyses/key-facts';
import { reachableTender } from './access';
import { canMove, REOPEN_STEP, TENDER_REOPENINGS } from '../../../rules/tender-lifecycle';
import { matchCall } from './match';
import { goNoGoFilter } from './go-no-go';
import { callById, callExtrasOf, callColumns, lotsOf, tenderById, tenderFilters, tenderPage, tenderRows, tenderSearch, toTenderCall } from './queries';
import { refreshMatches, matchProfileOf, matchedCallOf } from './refresh';
import { matchCalls, rematchCompany } from '../sourcing/matching';
import { noMatch, potential, staffPotentialPage } from './potential';
import { enforceLimit } from '../billing/store';
import { savedSearchFilter } from '../saved-searches/condition';

type TenderCallInput = components['schemas']['TenderCallInput'];
type TenderCallPatch = components['schemas']['TenderCallPatch'];


/** The columns of a call from its input; lots are written apart. */
function callValues(input: TenderCallPatch): Partial<typeof tenderCalls.$inferInsert> {
  const values: Partial<typeof tenderCalls.$inferInsert> = {};
  for (const key of ['reference', 'title', 'buyer', 'noticeUrl', 'description'] as const) {
    if (input[key] !== undefined) values[key] = input[key].trim();
  }
  if (input.procedure !== undefined) values.procedure = input.procedure;
  if (input.cpvCodes !== undefined) values.cpvCodes = [...new Set(input.cpvCodes)];
  if (input.department !== undefined) values.department = input.department;
  if (input.region !== undefined) values.region = input.region?.trim() || null;
  if (input.estimatedAmount !== undefined) values.estimatedAmount = input.estimatedAmount;
  if (input.publicationDate !== undefined) values.publicationDate = input.publicationDate;
  if (input.submissionDeadline !== undefined) values.submissionDeadline = new Date(input.submissionDeadline);
  if (input.questionsDeadline !== undefined) values.questionsDeadline = input.questionsDeadline ? new Date(input.questionsDeadline) : null;
  if (input.siteVisit !== undefined) {
    values.siteVisitDate = input.siteVisit ? new Date(input.siteVisit.date) : null;
    values.siteVisitMandatory = input.siteVisit?.mandatory ?? false;
  }
  if (input.dceTemplateId !== undefined) values.dceTemplateId = input.dceTemplateId;
  return values;
}

/** Rules the schema cannot say: lot numbers unique, dates in order, the template exists. */
async function checkCall(db: Database, call: { submissionDeadline: Date; questionsDeadline?: Date | null; siteVisitDate?: Date | null; publicationDate?: string | null }, input: TenderCallPatch) {
  const issues: FieldIssue[] = [];
  const numbers = input.lots?.map((l) => l.number) ?? [];
  if (new Set(numbers).size !== numbers.length) issues.push({ field: 'lots', key: 'tender_call-duplicate_lot', vars: {} });
  if (call.questionsDeadline && call.questionsDeadline > call.submissionDeadline) issues.push({ field: 'questionsDeadline', key: 'tender_call-questions_after_deadline', vars: {} });
  if (call.siteVisitDate && call.siteVisitDate > call.submissionDeadline) issues.push({ field: 'siteVisit.date', key: 'tender_call-visit_after_deadline', vars: {} });
  if (call.publicationDate && new Date(`${call.publicationDate}T00:00:00Z`) > call.submissionDeadline) issues.push({ field: 'publicationDate', key: 'tender_call-published_after_deadline', vars: {} });
  if (input.dceTemplateId) {
    const [template] = await db.select({ id: dceTemplates.id }).from(dceTemplates).where(eq(dceTemplates.id, input.dceTemplateId)).limit(1);
    if (!template) issues.push({ field: 'dceTemplateId', key: 'tender_call-unknown_template', vars: {} });
  }
  if (issues.length) throw new ValidationFailure(issues);
}

const referenceTaken = () => new AppError(409, 'tender_call-reference_taken');


/** The caller's company, for operations that act on "my company". */
function ownCompany(caller: Caller): string {
  if (!caller.companyId) throw notFound();
  return caller.companyId;
}

export function tendersHandlers({ db, storage, alertHooks }: Deps): Handlers<
  | 'listTenders'
  | 'createTender'
  | 'listMyCompanyTenders'
  | 'getMyCompanyBoard'
  | 'listPotentialTenders'
  | 'getTender'
  | 'updateTender'
  | 'deleteTender'
  | 'getTenderStatusHistory'
  | 'reopenTender'
  | 'getTenderLots'
  | 'createTenderCall'
  | 'getTenderCall'
  | 'updateTenderCall'
  | 'deleteTenderCall'
  | 'setTenderCallFeedback'
  | 'deleteTenderCallFeedback'
> {
  /** The tender with its key facts from its latest DCE analysis, as the caller may see them. */
  const loadTender = async (id: string, caller: { role: string }) => {
    const tender = await tenderById(db, id);
    if (!tender) throw notFound();
    return { ...tender, keyFacts: await tenderKeyFacts(db, id, tender.tenderCall, caller.role === 'employee') };
  };
  const loadCall = async (id: string) => {
    const call = await callById(db, id);
    if (!call) throw notFound();
    return call;
  };

  return {
    async listTenders(request) {
      const { companyId } = request.query;
      return tenderPage(db, and(tenderFilters(request.query), goNoGoFilter(request.query.goNoGo), companyId ? eq(tenders.companyId, companyId) : undefined), request.query);
    },

    async listMyCompanyTenders(request) {
      const companyId = ownCompany(sessionOf(request).user);
      return tenderPage(db, and(eq(tenders.companyId, companyId), tenderFilters(request.query), goNoGoFilter(request.query.goNoGo)), request.query);
    },

    // Each column is the list filtered by its status (the active pipeline, as the list without
    // its no-go filter), read from the (company, status, deadline) index: the board's cost does
    // not grow with the company's tenders.
    async getMyCompanyBoard(request) {
      const companyId = ownCompany(sessionOf(request).user);
      const { perColumn = 20, status, skip = 0 } = request.query;
      const statuses = status ? [status] : tenderStatusEnum.enumValues;
      const columns = await Promise.all(
        statuses.map(async (s) => {
          const { count, items } = await tenderRows(db, and(eq(tenders.companyId, companyId), eq(tenders.status, s), goNoGoFilter(undefined)), { limit: perColumn, offset: status ? skip : 0 });
          return { status: s, count, tenders: items };
        }),
      );
      return { columns };
    },

    async createTender(request, reply) {
      const { user } = sessionOf(request);
      const { tenderCallId } = request.body;
      let companyId: string;
      if (user.role === 'admin') {
        if (!request.body.companyId) throw new ValidationFailure([{ field: 'companyId', key: 'validation-required', vars: {} }]);
        companyId = request.body.companyId;
      } else {
        companyId = ownCompany(user);
        // Staff add to their own company only; naming another answers like an unknown company.
        if (request.body.companyId && request.body.companyId !== companyId) throw notFound();
      }
      const [company] = await db.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId)).limit(1);
      if (!company) throw notFound();
      const call = await loadCall(tenderCallId);
      const match = matchCall(matchedCallOf(call), await matchProfileOf(db, companyId));
      let id: string;
      try {
        id = await db.transaction(async (tx) => {
          // Counted and inserted under the company's lock: 402 past the plan, even for requests at once.
          await enforceLimit(tx, request, companyId, 'activeTenders');
          const [row] = await tx
            .insert(tenders)
            .values({ tenderCallId, companyId, submissionDeadline: new Date(call.submissionDeadline), matchScore: match.score, matchStatus: match.status, matchReasons: match.reasons })
            .returning({ id: tenders.id });
          await tx.insert(tenderStatusChanges).values({ tenderId: row!.id, fromStatus: null, toStatus: 'not_started', changedBy: user.id });
          return row!.id;
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw new AppError(409, 'tender-already_in_pipeline');
        throw error;
      }
      reply.code(201);
      return { msg: t(request, 'tender-created'), details: await loadTender(id, sessionOf(request).user) };
    },

    async listPotentialTenders(request) {
      const { user } = sessionOf(request);
      const { matchStatus, filterBy, search } = request.query;
      // A saved search (issue 24) narrows the list in SQL, like the search and the procedure.
      const saved = await savedSearchFilter(db, user, request.query.savedSearch);
      const where = and(filterBy ? eq(tenderCalls.procedure, filterBy) : undefined, tenderSearch(search), saved);
      const { limit, offset, perPage } = pageOf(request.query);

      if (user.role === 'admin') {
        // Admins have no profile to match: every call, newest first, with how many companies work it.
        if (matchStatus && matchStatus !== 'none') return { count: 0, totalPages: 0, tenders: [] };
        const [{ n }] = (await db.select({ n: sql<number>`count(*)::int` }).from(tenderCalls).where(where)) as [{ n: number }];
        let page = db
          .select({ ...callColumns, companiesCount: sql<number>`(select count(*)::int from "tenders" as "t" where "t"."tender_call_id" = "tender_calls"."id")` })
          .from(tenderCalls)
          .leftJoin(dceTemplates, eq(dceTemplates.id, tenderCalls.dceTemplateId))
          .where(where)
          .orderBy(desc(tenderCalls.createdAt), asc(tenderCalls.id))
          .offset(offset)
          .$dynamic();
        if (limit !== undefined) page = page.limit(limit);
        const rows = n > offset ? await page : [];
        const extras = await callExtrasOf(db, rows.map((r) => r.callId));
        return {
          count: n,
          totalPages: totalPages(n, perPage),
          tenders: rows.map((r) => potential(toTenderCall(r, extras.lots(r.callId), extras.links(r.callId)), noMatch, { companiesCount: Number(r.companiesCount) })),
        };
      }

      return staffPotentialPage(db, ownCompany(user), { where, matchStatus, hidden: request.query.hidden, withUnmatched: Boolean(saved), limit, offset, perPage });
    },

    async getTender(request) {
      const { id } = await reachableTender(db, sessionOf(request).user, request.params.id);
      return loadTender(id, sessionOf(request).user);
    },

    async updateTender(request) {
      const { user } = sessionOf(request);
      const { id, tenderCallId, companyId, status: previous } = await reachableTender(db, user, request.params.id);
      const { status, answeredLots, responseStep } = request.body;
      if (answeredLots) {
        const known = new Set((await lotsOf(db, [tenderCallId])).get(tenderCallId)?.map((l) => l.number));
        const unknown = answeredLots.filter((n) => !known.has(n));
        if (unknown.length) throw new ValidationFailure([{ field: 'answeredLots', key: 'tender-unknown_lot', vars: { lots: unknown.join(', ') } }]);
      }
      await db.transaction(async (tx) => {
        // The row is locked so that two people changing the status at once cannot both pass the check.
        const [current] = await tx.select({ status: tenders.status }).from(tenders).where(eq(tenders.id, id)).for('update');
        const values: Partial<typeof tenders.$inferInsert> = { updatedAt: new Date() };
        if (answeredLots) values.answeredLots = [...answeredLots].sort((a, b) => a - b);
        if (responseStep !== undefined) values.responseStep = responseStep;
        if (status !== undefined) {
          const from = current!.status;
          if (!canMove(from, status)) {
            throw new AppError(409, 'tender-invalid_transition', { from: t(request, `tender-status_${from}`), to: t(request, `tender-status_${status}`) });
          }
          values.status = status;
          values.statusChangedAt = new Date();
          await tx.insert(tenderStatusChanges).values({ tenderId: id, fromStatus: from, toStatus: status, changedBy: user.id });
        }
        await tx.update(tenders).set(values).where(eq(tenders.id, id));
      });
      // A won call raises similar calls (issue 13): the company is matched again when one is won or no longer is.
      if (status !== undefined && status !== previous && (status === 'won' || previous === 'won')) await rematchCompany(db, companyId);
      return { msg: t(request, status !== undefined ? 'tender-status_changed' : 'tender-updated'), details: await loadTender(id, sessionOf(request).user) };
    },

    // A submitted tender back in progress: the role is checked by x-roles (admin, manager), the
    // company by reachableTender; the reason goes into the history with who reopened it.
    async reopenTender(request) {
      const { user } = sessionOf(request);
      const { id } = await reachableTender(db, user, request.params.id);
      const reason = request.body.reason.trim();
      if (!reason) throw new ValidationFailure([{ field: 'reason', key: 'tender-reopen_reason_required', vars: {} }]);
      await db.transaction(async (tx) => {
        // Locked like a status change: a decision recorded meanwhile is not silently undone.
        const [current] = await tx.select({ status: tenders.status, responseStep: tenders.responseStep }).from(tenders).where(eq(tenders.id, id)).for('update');
        const from = current!.status;
        const to = TENDER_REOPENINGS[from];
        if (!to) throw new AppError(409, 'tender-reopen_not_submitted', { status: t(request, `tender-status_${from}`) });
        const now = new Date();
        // Every step done before submission: the stepper shows the submission step to do again.
        const responseStep = Math.min(current!.responseStep, REOPEN_STEP);
        await tx.update(tenders).set({ status: to, responseStep, statusChangedAt: now, updatedAt: now }).where(eq(tenders.id, id));
        await tx.insert(tenderStatusChanges).values({ tenderId: id, fromStatus: from, toStatus: to, changedBy: user.id, reason });
      });
      return { msg: t(request, 'tender-reopened'), details: await loadTender(id, sessionOf(request).user) };
    },

    async deleteTender(request) {
      const { id } = await reachableTender(db, sessionOf(request).user, request.params.id);
      const keys = await db.transaction(async (tx) => {
        const docs = await tx.select({ key: tenderDocuments.storageKey }).from(tenderDocuments).where(eq(tenderDocuments.tenderId, id));
        // The images of its memories go too (their rows cascade with the memories).
        const images = await tx.select({ key: memoryImages.storageKey }).from(memoryImages).innerJoin(memories, eq(memories.id, memoryImages.memoryId)).where(eq(memories.tenderId, id));
        await tx.delete(tenders).where(eq(tenders.id, id));
        return [...docs.map((d) => d.key), ...images.map((i) => i.key)];
      });
      // Files go once the rows are gone: a failed transaction leaves every file in place.
      await Promise.all(keys.map((key) => storage.delete(key).catch(() => undefined)));
      return { msg: t(request, 'tender-deleted') };
    },

    async getTenderStatusHistory(request) {
      const { id } = await reachableTender(db, sessionOf(request).user, request.params.id);
      const rows = await db
        .select({ id: tenderStatusChanges.id, from: tenderStatusChanges.fromStatus, to: tenderStatusChanges.toStatus, at: tenderStatusChanges.changedAt, reason: tenderStatusChanges.reason, userId: users.id, username: users.username })
        .from(tenderStatusChanges)
        .leftJoin(users, eq(users.id, tenderStatusChanges.changedBy))
        .where(eq(tenderStatusChanges.tenderId, id))
        .orderBy(asc(tenderStatusChanges.changedAt), asc(tenderStatusChanges.id));
      return {
        history: rows.map((r) => ({
          _id: r.id,
          from: r.from,
          to: r.to,
          changedAt: r.at.toISOString(),
          changedBy: r.userId && r.username !== null ? { _id: r.userId, username: r.username } : null,
          reason: r.reason,
        })),
      };
    },

    async getTenderLots(request) {
      const { id } = await reachableTender(db, sessionOf(request).user, request.params.id);
      const tender = await tenderById(db, id);
      if (!tender) throw notFound();
      const answered = new Set(tender.answeredLots);
      const { tenderCall: call, company } = tender;
      return { lots: call.lots.map((lot) => ({ ...lot, answered: answered.has(lot.number) })), tenderCall: { _id: call._id, reference: call.reference, title: call.title }, company };
    },

    async createTenderCall(request, reply) {
      const input: TenderCallInput = request.body;
      const values = callValues(input);
      await checkCall(db, { submissionDeadline: values.submissionDeadline!, questionsDeadline: values.questionsDeadline, siteVisitDate: values.siteVisitDate, publicationDate: values.publicationDate }, input);
      let id: string;
      try {
        id = await db.transaction(async (tx) => {
          const [row] = await tx
            .insert(tenderCalls)
            .values({ ...(values as typeof tenderCalls.$inferInsert), source: 'manual', createdBy: sessionOf(request).user.id })
            .returning({ id: tenderCalls.id });
          if (input.lots?.length) await tx.insert(tenderCallLots).values(input.lots.map((lot) => ({ tenderCallId: row!.id, number: lot.number, title: lot.title.trim(), estimatedAmount: lot.estimatedAmount ?? null })));
          return row!.id;
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw referenceTaken();
        throw error;
      }
      await matchCalls(db, [id]);
      reply.code(201);
      return { msg: t(request, 'tender_call-created'), details: await loadCall(id) };
    },

    async getTenderCall(request) {
      const { user } = sessionOf(request);
      const call = await loadCall(request.params.id);
      if (user.role === 'admin') {
        const [{ n }] = (await db.select({ n: sql<number>`count(*)::int` }).from(tenders).where(eq(tenders.tenderCallId, call._id))) as [{ n: number }];
        return potential(call, noMatch, { companiesCount: n });
      }
      const companyId = ownCompany(user);
      const [mine] = await db.select({ id: tenders.id }).from(tenders).where(and(eq(tenders.tenderCallId, call._id), eq(tenders.companyId, companyId))).limit(1);
      const [verdict] = await db.select({ verdict: callFeedback.verdict, reason: callFeedback.reason }).from(callFeedback).where(and(eq(callFeedback.companyId, companyId), eq(callFeedback.tenderCallId, call._id))).limit(1);
      return { ...potential(call, matchCall(matchedCallOf(call), await matchProfileOf(db, companyId)), { tenderId: mine?.id ?? null }), feedback: verdict ?? null };
    },

    async updateTenderCall(request) {
      const { id } = request.params;
      const current = await loadCall(id);
      const input: TenderCallPatch = request.body;
      const values = callValues(input);
      const merged = {
        submissionDeadline: values.submissionDeadline ?? new Date(current.submissionDeadline),
        questionsDeadline: values.questionsDeadline !== undefined ? values.questionsDeadline : current.questionsDeadline ? new Date(current.questionsDeadline) : null,
        siteVisitDate: values.siteVisitDate !== undefined ? values.siteVisitDate : current.siteVisit ? new Date(current.siteVisit.date) : null,
        publicationDate: values.publicationDate !== undefined ? values.publicationDate : current.publicationDate,
      };
      await checkCall(db, merged, input);
      try {
        await db.transaction(async (tx) => {
          await tx.update(tenderCalls).set({ ...values, updatedAt: new Date() }).where(eq(tenderCalls.id, id));
          // The tenders' copy of the deadline (their lists sort on it) changes with the call.
          if (values.submissionDeadline) await tx.update(tenders).set({ submissionDeadline: values.submissionDeadline }).where(eq(tenders.tenderCallId, id));
          if (input.lots) {
            await tx.delete(tenderCallLots).where(eq(tenderCallLots.tenderCallId, id));
            if (input.lots.length) await tx.insert(tenderCallLots).values(input.lots.map((lot) => ({ tenderCallId: id, number: lot.number, title: lot.title.trim(), estimatedAmount: lot.estimatedAmount ?? null })));
            // Companies keep answering only the lots that still exist.
            const numbers = input.lots.map((l) => l.number);
            await tx
              .update(tenders)
              .set({ answeredLots: sql`array(select n from unnest(${tenders.answeredLots}) as n where n = any(${sql.raw(`'{${numbers.join(',')}}'::integer[]`)}) order by n)` })
              .where(eq(tenders.tenderCallId, id));
          }
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw referenceTaken();
        throw error;
      }
      await refreshMatches(db, eq(tenders.tenderCallId, id));
      await matchCalls(db, [id]);
      // A deadline changed by hand is told to the companies working the call, like a correction.
      if (values.submissionDeadline && values.submissionDeadline.getTime() !== new Date(current.submissionDeadline).getTime()) {
        await alertHooks.deadlineMoved?.({ tenderCallId: id, from: new Date(current.submissionDeadline).toISOString(), to: values.submissionDeadline.toISOString(), source: 'manual', sourceId: id });
      }
      return { msg: t(request, 'tender_call-updated'), details: await loadCall(id) };
    },

    // A company's verdict on a call (issue 13): the call is hidden (not relevant) and similar
    // calls lowered or raised once the company is matched again.
    async setTenderCallFeedback(request) {
      const { user } = sessionOf(request);
      const companyId = ownCompany(user);
      const call = await loadCall(request.params.id);
      const { verdict } = request.body;
      const reason = (request.body.reason ?? '').trim();
      if (verdict === 'not_relevant' && !reason) throw new ValidationFailure([{ field: 'reason', key: 'tender_call-feedback_reason_required', vars: {} }]);
      await db
        .insert(callFeedback)
        .values({ companyId, tenderCallId: call._id, verdict, reason, userId: user.id })
        .onConflictDoUpdate({ target: [callFeedback.companyId, callFeedback.tenderCallId], set: { verdict, reason, userId: user.id, updatedAt: new Date() } });
      await rematchCompany(db, companyId);
      return { msg: t(request, verdict === 'relevant' ? 'tender_call-marked_relevant' : 'tender_call-marked_not_relevant') };
    },

    async deleteTenderCallFeedback(request) {
      const companyId = ownCompany(sessionOf(request).user);
      const call = await loadCall(request.params.id);
      const removed = await db
        .delete(callFeedback)
        .where(and(eq(callFeedback.companyId, companyId), eq(callFeedback.tenderCallId, call._id)))
        .returning({ id: callFeedback.tenderCallId });
      if (removed.length) await rematchCompany(db, companyId);
      return { msg: t(request, 'tender_call-feedback_removed') };
    },

    async deleteTenderCall(request) {
      const { id } = request.params;
      await loadCall(id);
      const [used] = await db.select({ id: tenders.id }).from(tenders).where(eq(tenders.tenderCallId, id)).limit(1);
      if (used) throw new AppError(409, 'tender_call-in_use');
      await db.delete(tenderCalls).where(eq(tenderCalls.id, id));
      return { msg: t(request, 'tender_call-deleted') };
    },
  };
}
