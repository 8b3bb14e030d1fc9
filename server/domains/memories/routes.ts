import { and, asc, desc, eq, gte, inArray, ne, sql } from 'drizzle-orm';
import type { components } from '../../../openapi/schema';
import type { FastifyBaseLogger } from 'fastify';
import type { Deps } from '../../deps';
import type { Handlers } from '../../openapi/handlers';
import type { Database } from '../../db/client';
import {
  cctpAnalyses,
  cctpRequirements,
  companies,
  memories,
  memoryImages,
  memorySections,
  memoryVersions,
  tenderCalls,
  tenders,
  users,
  type MemoryCriterion,
  type MemoryFrameItem,
  type MemoryFrameRef,
  type MemorySectionSnapshot,
  type StoredFact,
} from '../../db/schema';
import { frameDocx, readFrame } from '../../analysis/frame/read-frame';
import { fillFrame } from '../../analysis/frame/fill-frame';
import { frameOutline, frameRef, frameRefs, limitOverruns, tenderFileBytes } from './frame';
import { textMeasure } from '../../../rules/text-measure';
import { pdfLayout } from '../../extraction/pdf';
import { headingSpans, pageOverruns } from './page-spans';
import { AppError, notFound } from '../../errors';
import { sessionOf } from '../../auth/session';
import { t } from '../../i18n';
import { readScope, type Caller } from '../companies/scope';
import { reachableTender } from '../tenders/access';
import { uniqueName } from '../../../rules/names';
import { checkedContent, doc, para, plainText, wordCount, type TipTapDoc } from './tiptap';
import { buyerText, withoutWorkingNotes } from '../../../rules/working-notes';
import { criteriaOutline, latestDceAnalysis, latestRequirements, limitsOf, tenderPages, type Note, type OutlineSection } from './outline';
import { evidenceOf, loadResources, RESOURCE_SOURCES, RESOURCE_TITLES, resourceHashes, resourceSection, type ResourceSource, type Resources } from './resources';
import { rulesGrader, shinglesOf, type MemoryGrader, type Reason } from './analysis';
import { llmGrader } from './llm-grader';
import { llmAccess } from '../../llm/for-company';
import { DOCX_MIME } from './docx';
import { exportDocx } from './export';
import { contentDisposition } from '../../files/intake';
import { deleteMemoryImageFiles, memoryImageFiles } from './comments';

type Memory = components['schemas']['Memory'];
type MemorySection = components['schemas']['MemorySection'];
type MemorySummary = components['schemas']['MemorySummary'];
type MemoryVersion = components['schemas']['MemoryVersion'];
type Status = components['schemas']['MemoryStatus'];
type Translate = (key: string, vars?: Record<string, string | number>) => string;
type MemoryRow = typeof memories.$inferSelect;
type SectionRow = typeof memorySections.$inferSelect;
type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/** A save this long after the memory's last version makes a new one. */

/**
 * The award criteria the mémoire is graded on: the RC's one list, or, when it gives each group of
 * lots its own, the group of the lots the company answers (else the first group, and the note
 * says which lots it is for).
 */
function criteriaForLots(facts: StoredFact[], answered: number[]): { value: unknown; sources: StoredFact['sources']; lots?: number[] } | undefined {
  const flat = facts.find((f) => f.key === 'awardCriteria');
  if (flat) return flat;
  const byLots = facts.find((f) => f.key === 'awardCriteriaByLots');
  const groups = Array.isArray(byLots?.value) ? (byLots.value as { lots: number[]; criteria: unknown }[]) : [];
  const group = groups.find((g) => answered.length > 0 && answered.every((lot) => g.lots.includes(lot))) ?? groups[0];
  return group && byLots ? { value: group.criteria, sources: byLots.sources, lots: group.lots } : undefined;
}

export const AUTO_VERSION_MS = 10 * 60_000;
/** The earlier memories offered to start from: enough for years of a company's answers, one light query. */
const COMPANY_MEMORIES_LIMIT = 100;

const toSection = (row: SectionRow): MemorySection => ({
  _id: row.id,
  title: row.title,
  order: row.position,
  level: row.level === 2 ? 2 : 1,
  content: row.content as Record<string, never>,
  text: row.text,
  criterion: row.criterion ?? null,
  requirementIds: row.requirementIds,
  status: row.status as Status,
  assigneeId: row.assigneeId,
  version: row.version,
  source: (row.source ?? null) as MemorySection['source'],
  resourcesHash: row.resourcesHash,
  updatedAt: row.updatedAt.toISOString(),
  frameItem: row.frameItem ?? null,
});

const scoreOf = (row: MemoryRow) => {
  const total = (row.analysis as { total?: { score: number; max: number } } | null)?.total;
  return total ? { score: total.score, max: total.max } : null;
};

const snapshotOf = (row: SectionRow): MemorySectionSnapshot => ({
  id: row.id,
  position: row.position,
  title: row.title,
  level: row.level,
  content: row.content,
  text: row.text,
  criterion: row.criterion ?? null,
  requirementIds: row.requirementIds,
  status: row.status,
  assigneeId: row.assigneeId,
  source: row.source,
  resourcesHash: row.resourcesHash,
  frameItem: row.frameItem ?? null,
});

type NewSection = {
  title: string;
  level: number;
  content: TipTapDoc;
  criterion: MemoryCriterion | null;
  requirementIds: string[];
  source: string | null;
  resourcesHash: string | null;
  frameItem?: MemoryFrameItem | null;
};
const sectionValues = (memoryId: string, sections: NewSection[]) =>
  sections.map((s, position) => ({
    memoryId,
    position,
    title: s.title,
    level: s.level,
    content: s.content,
    text: plainText(s.content),
    criterion: s.criterion,
    requirementIds: s.requirementIds,
    source: s.source,
    resourcesHash: s.resourcesHash,
    frameItem: s.frameItem ?? null,
  }));

const resourceSections = (resources: Resources): NewSection[] =>
  RESOURCE_SOURCES.map((source) => {
    const { content, hash } = resourceSection(source, resources);
    return { title: RESOURCE_TITLES[source], level: 1, content, criterion: null, requirementIds: [], source, resourcesHash: hash };
  });

/**
 * Technical memories (issue 12): every member of the tender's company and admins, like the CCTP
 * matrix; another company's memory answers 404 like a missing one. Sections save one by one with
 * their own version (autosave); versions keep whole snapshots of the sections.
 */
export function memoriesHandlers({ db, storage, office, llm }: Deps, fixedGrader?: MemoryGrader): Handlers<
  | 'listMemories'
  | 'listCompanyMemories'
  | 'createMemory'
  | 'getMemory'
  | 'updateMemory'
  | 'deleteMemory'
  | 'addMemorySection'
  | 'updateMemorySection'
  | 'deleteMemorySection'
  | 'refreshMemorySection'
  | 'listMemoryVersions'
  | 'createMemoryVersion'
  | 'restoreMemoryVersion'
  | 'analyseMemory'
  | 'exportMemoryDocx'
  | 'exportMemoryPdf'
> {
  const translator =
    (request: Parameters<typeof t>[0]): Translate =>
    (key, vars) =>
      t(request, key, vars);

  const reachableMemory = async (caller: Caller, id: string) => {
    const [row] = await db.select().from(memories).where(eq(memories.id, id)).limit(1);
    if (!row) throw notFound();
    await reachableTender(db, caller, row.tenderId);
    return row;
  };
  /** The memory's Word document, dressed and with its table of contents' pages when LibreOffice is there. */
  const docxOf = async (row: typeof memories.$inferSelect, log: FastifyBaseLogger, options: { workingNotes: boolean; pdf?: boolean }) => {
    const [[about], sections] = await Promise.all([
      db
        .select({ company: companies.name, title: tenderCalls.title, reference: tenderCalls.reference, buyer: tenderCalls.buyer })
        .from(tenders)
        .innerJoin(tenderCalls, eq(tenderCalls.id, tenders.tenderCallId))
        .innerJoin(companies, eq(companies.id, tenders.companyId))
        .where(eq(tenders.id, row.tenderId)),
      sectionsOf(db, row.id),
    ]);
    if (!about) throw notFound();
    const numbered = sections.map((s) => (s.frameItem ? { ...s, number: s.frameItem.number } : s));
    return exportDocx({ db, office, log, storage }, row, { title: row.title, company: about.company, call: about, sections: numbered, images: await memoryImageFiles(db, storage, row.id) }, options);
  };
  /**
   * An export of a memory over its limits is refused until the writer confirms (the buyer may
   * reject the offer as irregular): sections over their frame item's characters or words, the
   * whole over the RC's word limit, both counted without the writers' notes. The RC's page limit
   * needs the laid-out document: not here.
   */
  const refuseOverLimits = async (row: typeof memories.$inferSelect) => {
    const sections = await sectionsOf(db, row.id);
    const over = limitOverruns(sections);
    const words = sections.reduce((sum, s) => sum + textMeasure(buyerText(s.content)).words, 0);
    const wholeOver = row.limits?.words && words > row.limits.words ? { max: row.limits.words, actual: words } : null;
    if (over.length || wholeOver) throw new AppError(409, 'memory-limits_exceeded', { count: over.length + (wholeOver ? 1 : 0) }, { sections: over, memory: wholeOver });
  };
  /** The buyer's own frame with each section's answer in its item's places (the writers' notes left out). */
  const intoFrame = async (row: typeof memories.$inferSelect, log: FastifyBaseLogger) => {
    if (!row.frame?.fillable) throw new AppError(409, 'memory-frame_not_fillable');
    const source = await tenderFileBytes(db, storage, row.tenderId, row.frame.documentId, row.frame.entry).catch((error: unknown) => {
      throw error instanceof AppError && error.status === 404 ? new AppError(409, 'memory-frame_gone', { fileName: row.frame!.fileName }) : error;
    });
    const docx = await frameDocx(source.bytes, source.fileName, office.odtToDocx);
    const frame = docx ? await readFrame(docx, source.fileName.replace(/\.odt$/i, '.docx')) : null;
    if (!docx || !frame?.fillable) throw new AppError(409, 'memory-frame_not_fillable');
    const sections = await sectionsOf(db, row.id);
    const answers = sections.filter((s) => s.frameItem && s.frameItem.index < frame.items.length).map((s) => ({ item: s.frameItem!.index, content: withoutWorkingNotes(s.content) as TipTapDoc }));
    const file = await fillFrame(docx, frame, answers);
    // A page limit (the RC's, or an item's "1 page maximum") is checked on the buyer's file as LibreOffice lays it out.
    const pageLimited = !!row.limits?.pages || sections.some((s) => s.frameItem?.limit?.pages);
    if (pageLimited && (await office.available())) {
      try {
        const headings = sections.filter((s) => s.frameItem && s.frameItem.index < frame.items.length).map((s) => ({ id: s.id, heading: frame.items[s.frameItem!.index]!.title }));
        await measureLayout(row.id, await office.pdf(file), 'frame', headings);
      } catch (err) {
        log.warn({ err }, 'memory frame export: LibreOffice could not lay the frame out to count its pages');
      }
    }
    return { file };
  };
  /** The pages of a laid-out export and of each section (found by its heading), kept with the memory for the folder's checks. */
  const measureLayout = async (memoryId: string, pdf: Buffer, layout: 'pdf' | 'frame', headings: { id: string; heading: string }[]) => {
    const laidOut = await pdfLayout(pdf);
    if (!laidOut) return null;
    const spans = headingSpans(laidOut, headings.map((h) => h.heading));
    const measured = { count: laidOut.length, countedAt: new Date().toISOString(), layout, sections: headings.flatMap((h, i) => (spans[i] === null ? [] : [{ sectionId: h.id, pages: spans[i]! }])) };
    await db.update(memories).set({ pdfPages: measured }).where(eq(memories.id, memoryId));
    return measured;
  };
  const sectionsOf = (executor: Database | Tx, memoryId: string) => executor.select().from(memorySections).where(eq(memorySections.memoryId, memoryId)).orderBy(asc(memorySections.position), asc(memorySections.createdAt));

  const memoryById = async (id: string, translate: Translate): Promise<Memory> => {
    const [row] = await db.select().from(memories).where(eq(memories.id, id)).limit(1);
    if (!row) throw notFound();
    const [sections, resources, access] = await Promise.all([sectionsOf(db, id), loadResources(db, row.companyId, row.tenderId), llmAccess({ db, llm }, row.companyId)]);
    const hashes = resourceHashes(resources);
    const linked = [...new Set(sections.flatMap((s) => s.requirementIds))];
    const requirements = linked.length
      ? await db
          .select({ _id: cctpRequirements.id, analysisId: cctpRequirements.analysisId, text: cctpRequirements.text, fileName: cctpRequirements.fileName, page: cctpRequirements.page, status: cctpRequirements.status })
          .from(cctpRequirements)
          .where(inArray(cctpRequirements.id, linked))
      : [];
    const stale = sections.filter((s) => s.source && s.source in hashes && s.resourcesHash !== hashes[s.source as ResourceSource]).map((s) => ({ sectionId: s.id, source: s.source as ResourceSource }));
    return {
      _id: row.id,
      tenderId: row.tenderId,
      companyId: row.companyId,
      title: row.title,
      status: row.status as Status,
      limits: row.limits ?? null,
      frame: row.frame ?? null,
      notes: row.notes.map((n) => translate(n.key, n.vars)),
      sections: sections.map(toSection),
      requirements: requirements.map((r) => ({ ...r, status: r.status as Memory['requirements'][number]['status'] })),
      version: row.version,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
      stale,
      score: scoreOf(row),
      analysedAt: row.analysedAt?.toISOString() ?? null,
      assist: access.llm ? 'llm' : 'template',
      ...(access.notInPlan ? { llmNotInPlan: true } : {}),
    };
  };

  const summaries = async (rows: MemoryRow[]): Promise<MemorySummary[]> => {
    const texts = rows.length ? await db.select({ memoryId: memorySections.memoryId, text: memorySections.text }).from(memorySections).where(inArray(memorySections.memoryId, rows.map((r) => r.id))) : [];
    return rows.map((row) => {
      const own = texts.filter((s) => s.memoryId === row.id);
      return {
        _id: row.id,
        tenderId: row.tenderId,
        title: row.title,
        status: row.status as Status,
        sectionsCount: own.length,
        words: own.reduce((n, s) => n + wordCount(s.text), 0),
        score: scoreOf(row),
        updatedAt: row.updatedAt.toISOString(),
        version: row.version,
      };
    });
  };

  /** Keeps the memory's sections as a version (inside the caller's transaction). */
  const snapshot = async (tx: Tx, memory: { id: string; title: string }, reason: MemoryVersion['reason'], authorId: string | null) => {
    const sections = await sectionsOf(tx, memory.id);
    const [version] = await tx
      .insert(memoryVersions)
      .values({ memoryId: memory.id, reason, authorId, title: memory.title, words: sections.reduce((n, s) => n + wordCount(s.text), 0), sections: sections.map(snapshotOf) })
      .returning({ id: memoryVersions.id });
    await tx.update(memories).set({ lastSnapshotAt: new Date() }).where(eq(memories.id, memory.id));
    return version!.id;
  };

  const versionById = async (id: string): Promise<MemoryVersion> => {
    const [row] = await db
      .select({ id: memoryVersions.id, createdAt: memoryVersions.createdAt, reason: memoryVersions.reason, words: memoryVersions.words, authorId: memoryVersions.authorId, username: users.username })
      .from(memoryVersions)
      .leftJoin(users, eq(users.id, memoryVersions.authorId))
      .where(eq(memoryVersions.id, id));
    return toVersion(row!);
  };
  const toVersion = (row: { id: string; createdAt: Date; reason: string; words: number; authorId: string | null; username: string | null }): MemoryVersion => ({
    _id: row.id,
    createdAt: row.createdAt.toISOString(),
    author: row.authorId && row.username !== null ? { _id: row.authorId, username: row.username } : null,
    reason: row.reason as MemoryVersion['reason'],
    words: row.words,
  });

  const memberOf = async (companyId: string, userId: string) => {
    const [member] = await db.select({ id: users.id }).from(users).where(and(eq(users.id, userId), eq(users.companyId, companyId))).limit(1);
    if (!member) throw new AppError(400, 'memory-assignee_not_member');
  };
  const requirementsOfTender = async (tenderId: string, ids: string[]) => {
    if (!ids.length) return;
    const found = await db
      .select({ id: cctpRequirements.id })
      .from(cctpRequirements)
      .innerJoin(cctpAnalyses, eq(cctpAnalyses.id, cctpRequirements.analysisId))
      .where(and(eq(cctpAnalyses.tenderId, tenderId), inArray(cctpRequirements.id, ids)));
    if (found.length !== new Set(ids).size) throw new AppError(400, 'memory-requirement_unknown');
  };
  const sectionOf = async (memoryId: string, sectionId: string) => {
    const [row] = await db.select().from(memorySections).where(and(eq(memorySections.id, sectionId), eq(memorySections.memoryId, memoryId))).limit(1);
    if (!row) throw new AppError(404, 'memory-section_not_found');
    return row;
  };

  return {
    async listMemories(request) {
      const tender = await reachableTender(db, sessionOf(request).user, request.params.id);
      const [rows, analysis] = await Promise.all([
        db.select().from(memories).where(eq(memories.tenderId, tender.id)).orderBy(desc(memories.createdAt), desc(memories.id)),
        latestDceAnalysis(db, tender.id),
      ]);
      return { memories: await summaries(rows), frames: frameRefs(analysis) };
    },

    async listCompanyMemories(request) {
      const { companyId } = request.params;
      readScope(sessionOf(request).user, companyId);
      const [company] = await db.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId)).limit(1);
      if (!company) throw notFound();
      const rows = await db
        .select({ id: memories.id, tenderId: memories.tenderId, title: memories.title, updatedAt: memories.updatedAt, tenderTitle: tenderCalls.title, tenderReference: tenderCalls.reference })
        .from(memories)
        .innerJoin(tenders, eq(tenders.id, memories.tenderId))
        .innerJoin(tenderCalls, eq(tenderCalls.id, tenders.tenderCallId))
        .where(eq(memories.companyId, companyId))
        .orderBy(desc(memories.updatedAt), desc(memories.id))
        .limit(COMPANY_MEMORIES_LIMIT);
      return { memories: rows.map((row) => ({ _id: row.id, tenderId: row.tenderId, title: row.title, tenderTitle: row.tenderTitle, tenderReference: row.tenderReference, updatedAt: row.updatedAt.toISOString() })) };
    },

    async createMemory(request, reply) {
      const { user } = sessionOf(request);
      const tender = await reachableTender(db, user, request.params.id);
      const body = request.body;
      let sections: NewSection[] = [];
      let notes: Note[] = [];
      let limits: { pages?: number; words?: number } | null = null;
      let frame: MemoryFrameRef | null = null;
      const analysis = await latestDceAnalysis(db, tender.id);
      if (body.from === 'frame') {
        if (!body.documentId) throw new AppError(400, 'memory-frame_required');
        const file = await tenderFileBytes(db, storage, tender.id, body.documentId, body.entry ?? null);
        const read = await readFrame(file.bytes, file.fileName, office.odtToDocx);
        if (!read || read.items.length === 0) throw new AppError(400, 'memory-frame_unreadable');
        frame = frameRef(body.documentId, body.entry ?? null, file.fileName, read);
        const criteria = analysis ? criteriaForLots(analysis.facts, tender.answeredLots) : undefined;
        const [pages, requirements] = await Promise.all([tenderPages(db, tender.id), latestRequirements(db, tender.id)]);
        const list = Array.isArray(criteria?.value) ? (criteria.value as Parameters<typeof frameOutline>[1]) : [];
        sections = frameOutline(read, list, requirements).map((s) => ({ ...s, source: 'frame', resourcesHash: null }));
        notes = [{ key: 'memory-note_from_frame', vars: { fileName: file.fileName, items: read.items.length } }];
        if (analysis) limits = limitsOf(analysis.facts, pages, new Set(analysis.documents.filter((d) => d.kind === 'RC').map((d) => d.documentId)));
      } else if (body.from === 'analysis') {
        if (!analysis) throw new AppError(409, 'memory-no_analysis');
        const criteria = criteriaForLots(analysis.facts, tender.answeredLots);
        if (!criteria || !Array.isArray(criteria.value) || criteria.value.length === 0) throw new AppError(409, 'memory-no_criteria');
        const [pages, requirements] = await Promise.all([tenderPages(db, tender.id), latestRequirements(db, tender.id)]);
        const outline = criteriaOutline(criteria.value as Parameters<typeof criteriaOutline>[0], criteria.sources, pages, requirements);
        notes = criteria.lots ? [{ key: 'memory-note_criteria_for_lots', vars: { lots: criteria.lots.join(', ') } }, ...outline.notes] : outline.notes;
        sections = outline.sections.map((s: OutlineSection) => ({ ...s, source: 'criteria', resourcesHash: null }));
        limits = limitsOf(analysis.facts, pages, new Set(analysis.documents.filter((d) => d.kind === 'RC').map((d) => d.documentId)));
      } else {
        if (analysis) limits = limitsOf(analysis.facts, await tenderPages(db, tender.id), new Set(analysis.documents.filter((d) => d.kind === 'RC').map((d) => d.documentId)));
        if (body.from === 'memory') {
          if (!body.memoryId) throw new AppError(400, 'memory-source_required');
          const [source] = await db.select().from(memories).where(and(eq(memories.id, body.memoryId), eq(memories.companyId, tender.companyId))).limit(1);
          if (!source) throw new AppError(404, 'memory-source_not_found');
          const sameTender = source.tenderId === tender.id;
          sections = (await sectionsOf(db, source.id))
            .filter((s) => !s.source || !RESOURCE_SOURCES.includes(s.source as ResourceSource))
            // Another tender's CCTP requirements mean nothing here.
            .map((s) => ({ title: s.title, level: s.level, content: s.content as TipTapDoc, criterion: s.criterion ?? null, requirementIds: sameTender ? s.requirementIds : [], source: s.source, resourcesHash: null }));
        }
      }
      sections.push(...resourceSections(await loadResources(db, tender.companyId, tender.id)));
      const id = await db.transaction(async (tx) => {
        // The tender's row locked: two blank memories made at once cannot take the same default name.
        const [call] = await tx.select({ title: tenderCalls.title }).from(tenders).innerJoin(tenderCalls, eq(tenderCalls.id, tenders.tenderCallId)).where(eq(tenders.id, tender.id)).for('update', { of: tenders });
        const siblings = await tx.select({ title: memories.title }).from(memories).where(eq(memories.tenderId, tender.id));
        const title = body.title?.trim() || uniqueName(`${t(request, 'memory-default_title')} — ${call?.title ?? ''}`.trim(), siblings.map((m) => m.title));
        const [created] = await tx.insert(memories).values({ tenderId: tender.id, companyId: tender.companyId, title, limits, frame, notes, createdBy: user.id }).returning({ id: memories.id });
        await tx.insert(memorySections).values(sectionValues(created!.id, sections));
        return created!.id;
      });
      reply.code(201);
      return { msg: t(request, 'memory-created'), details: await memoryById(id, translator(request)) };
    },

    async getMemory(request) {
      const row = await reachableMemory(sessionOf(request).user, request.params.id);
      return memoryById(row.id, translator(request));
    },

    async updateMemory(request) {
      const row = await reachableMemory(sessionOf(request).user, request.params.id);
      const { version, title, status } = request.body;
      const updated = await db
        .update(memories)
        .set({ ...(title !== undefined ? { title: title.trim() || row.title } : {}), ...(status ? { status } : {}), version: sql`${memories.version} + 1`, updatedAt: new Date() })
        .where(and(eq(memories.id, row.id), eq(memories.version, version)))
        .returning({ id: memories.id });
      if (!updated.length) throw new AppError(409, 'memory-conflict', {}, await memoryById(row.id, translator(request)));
      return { msg: t(request, 'memory-updated'), details: await memoryById(row.id, translator(request)) };
    },

    async deleteMemory(request) {
      const row = await reachableMemory(sessionOf(request).user, request.params.id);
      // Comments and image rows go with the memory (cascade); the image files once the rows are gone.
      const images = await db.select({ key: memoryImages.storageKey }).from(memoryImages).where(eq(memoryImages.memoryId, row.id));
      await db.delete(memories).where(eq(memories.id, row.id));
      await deleteMemoryImageFiles(storage, images.map((i) => i.key));
      return { msg: t(request, 'memory-deleted') };
    },

    async addMemorySection(request, reply) {
      const row = await reachableMemory(sessionOf(request).user, request.params.id);
      const body = request.body;
      const content = body.content === undefined ? doc(para()) : checkedContent(body.content);
      const id = await db.transaction(async (tx) => {
        const [{ n } = { n: 0 }] = await tx.select({ n: sql<number>`count(*)::int` }).from(memorySections).where(eq(memorySections.memoryId, row.id));
        const position = Math.min(body.position ?? n, n);
        await tx
          .update(memorySections)
          .set({ position: sql`${memorySections.position} + 1` })
          .where(and(eq(memorySections.memoryId, row.id), gte(memorySections.position, position)));
        const [created] = await tx
          .insert(memorySections)
          .values({ memoryId: row.id, position, title: body.title.trim(), level: body.level ?? 1, content, text: plainText(content) })
          .returning({ id: memorySections.id });
        await tx.update(memories).set({ updatedAt: new Date() }).where(eq(memories.id, row.id));
        return created!.id;
      });
      reply.code(201);
      return { msg: t(request, 'memory-section_added'), details: toSection(await sectionOf(row.id, id)) };
    },

    async updateMemorySection(request) {
      const { user } = sessionOf(request);
      const row = await reachableMemory(user, request.params.id);
      const { version, title, content, status, assigneeId, requirementIds } = request.body;
      const current = await sectionOf(row.id, request.params.sectionId);
      const doc = content === undefined ? undefined : checkedContent(content);
      if (assigneeId) await memberOf(row.companyId, assigneeId);
      if (requirementIds) await requirementsOfTender(row.tenderId, requirementIds);
      const saved = await db.transaction(async (tx) => {
        const [updated] = await tx
          .update(memorySections)
          .set({
            ...(title !== undefined ? { title: title.trim() || current.title } : {}),
            ...(doc ? { content: doc, text: plainText(doc) } : {}),
            ...(status ? { status } : {}),
            ...(assigneeId !== undefined ? { assigneeId } : {}),
            ...(requirementIds ? { requirementIds: [...new Set(requirementIds)] } : {}),
            version: sql`${memorySections.version} + 1`,
            updatedBy: user.id,
            updatedAt: new Date(),
          })
          .where(and(eq(memorySections.id, current.id), eq(memorySections.version, version)))
          .returning({ id: memorySections.id });
        if (!updated) return false;
        // Every 10 minutes of editing, the memory as it now stands is kept.
        const [memory] = await tx.update(memories).set({ updatedAt: new Date() }).where(eq(memories.id, row.id)).returning({ lastSnapshotAt: memories.lastSnapshotAt, title: memories.title });
        if (!memory!.lastSnapshotAt || Date.now() - memory!.lastSnapshotAt.getTime() >= AUTO_VERSION_MS) await snapshot(tx, { id: row.id, title: memory!.title }, 'auto', user.id);
        return true;
      });
      if (!saved) {
        // Who saved the newer version: the client tells "you, in another tab" from a colleague.
        const newer = await sectionOf(row.id, current.id);
        const [author] = newer.updatedBy ? await db.select({ _id: users.id, username: users.username }).from(users).where(eq(users.id, newer.updatedBy)).limit(1) : [];
        throw new AppError(409, 'memory-section_conflict', {}, { ...toSection(newer), updatedBy: author ?? null });
      }
      return { msg: t(request, 'memory-section_saved'), details: toSection(await sectionOf(row.id, current.id)) };
    },

    async deleteMemorySection(request) {
      const { user } = sessionOf(request);
      const row = await reachableMemory(user, request.params.id);
      const current = await sectionOf(row.id, request.params.sectionId);
      await db.transaction(async (tx) => {
        if (current.text.trim()) await snapshot(tx, row, 'auto', user.id);
        await tx.delete(memorySections).where(eq(memorySections.id, current.id));
        await tx
          .update(memorySections)
          .set({ position: sql`${memorySections.position} - 1` })
          .where(and(eq(memorySections.memoryId, row.id), gte(memorySections.position, current.position)));
        await tx.update(memories).set({ updatedAt: new Date() }).where(eq(memories.id, row.id));
      });
      return { msg: t(request, 'memory-section_deleted') };
    },

    async refreshMemorySection(request) {
      const { user } = sessionOf(request);
      const row = await reachableMemory(user, request.params.id);
      const current = await sectionOf(row.id, request.params.sectionId);
      if (!current.source || !RESOURCE_SOURCES.includes(current.source as ResourceSource)) throw new AppError(400, 'memory-section_not_resource');
      const { content, hash } = resourceSection(current.source as ResourceSource, await loadResources(db, row.companyId, row.tenderId));
      await db.transaction(async (tx) => {
        await snapshot(tx, row, 'refresh', user.id);
        await tx
          .update(memorySections)
          .set({ content, text: plainText(content), resourcesHash: hash, version: sql`${memorySections.version} + 1`, updatedBy: user.id, updatedAt: new Date() })
          .where(eq(memorySections.id, current.id));
        await tx.update(memories).set({ updatedAt: new Date() }).where(eq(memories.id, row.id));
      });
      return { msg: t(request, 'memory-section_refreshed'), details: toSection(await sectionOf(row.id, current.id)) };
    },

    async listMemoryVersions(request) {
      const row = await reachableMemory(sessionOf(request).user, request.params.id);
      const rows = await db
        .select({ id: memoryVersions.id, createdAt: memoryVersions.createdAt, reason: memoryVersions.reason, words: memoryVersions.words, authorId: memoryVersions.authorId, username: users.username })
        .from(memoryVersions)
        .leftJoin(users, eq(users.id, memoryVersions.authorId))
        .where(eq(memoryVersions.memoryId, row.id))
        .orderBy(desc(memoryVersions.createdAt), desc(memoryVersions.id));
      return { versions: rows.map(toVersion) };
    },

    async createMemoryVersion(request, reply) {
      const { user } = sessionOf(request);
      const row = await reachableMemory(user, request.params.id);
      const id = await db.transaction((tx) => snapshot(tx, row, 'manual', user.id));
      reply.code(201);
      return { msg: t(request, 'memory-version_created'), details: await versionById(id) };
    },

    async restoreMemoryVersion(request) {
      const { user } = sessionOf(request);
      const row = await reachableMemory(user, request.params.id);
      const [version] = await db.select().from(memoryVersions).where(and(eq(memoryVersions.id, request.params.versionId), eq(memoryVersions.memoryId, row.id))).limit(1);
      if (!version) throw new AppError(404, 'memory-version_not_found');
      await db.transaction(async (tx) => {
        await snapshot(tx, row, 'restore', user.id);
        const current = await sectionsOf(tx, row.id);
        // A restored section is a new version of itself: an editor still on the old one gets a 409.
        const versions = new Map(current.map((s) => [s.id, s.version]));
        // An assignee removed since the version was kept is no longer assigned.
        const named = [...new Set(version.sections.map((s) => s.assigneeId).filter((id): id is string => !!id))];
        const members = new Set(named.length ? (await tx.select({ id: users.id }).from(users).where(and(inArray(users.id, named), eq(users.companyId, row.companyId)))).map((u) => u.id) : []);
        await tx.delete(memorySections).where(eq(memorySections.memoryId, row.id));
        if (version.sections.length) {
          await tx.insert(memorySections).values(
            version.sections.map((s) => ({
              id: s.id,
              memoryId: row.id,
              position: s.position,
              title: s.title,
              level: s.level,
              content: s.content,
              text: s.text,
              criterion: s.criterion,
              requirementIds: s.requirementIds,
              status: s.status,
              assigneeId: s.assigneeId && members.has(s.assigneeId) ? s.assigneeId : null,
              source: s.source,
              resourcesHash: s.resourcesHash,
              frameItem: s.frameItem ?? null,
              version: (versions.get(s.id) ?? 0) + 1,
            })),
          );
        }
        await tx.update(memories).set({ updatedAt: new Date() }).where(eq(memories.id, row.id));
      });
      return { msg: t(request, 'memory-version_restored'), details: await memoryById(row.id, translator(request)) };
    },

    async analyseMemory(request) {
      const row = await reachableMemory(sessionOf(request).user, request.params.id);
      const translate = translator(request);
      const [sections, resources, requirements, others] = await Promise.all([
        sectionsOf(db, row.id),
        loadResources(db, row.companyId, row.tenderId),
        latestRequirements(db, row.tenderId),
        db
          .select({ text: memorySections.text })
          .from(memorySections)
          .innerJoin(memories, eq(memories.id, memorySections.memoryId))
          .where(and(eq(memories.companyId, row.companyId), ne(memories.id, row.id))),
      ]);
      // Linked requirements of an older CCTP analysis still count: read them by id.
      const linked = [...new Set(sections.flatMap((s) => s.requirementIds))].filter((id) => !requirements.some((r) => r.id === id));
      const older = linked.length
        ? await db.select({ id: cctpRequirements.id, text: cctpRequirements.text, fileName: cctpRequirements.fileName, page: cctpRequirements.page, sectionNumber: cctpRequirements.sectionNumber, status: cctpRequirements.status }).from(cctpRequirements).where(inArray(cctpRequirements.id, linked))
        : [];
      const otherShingles = new Set<string>();
      for (const other of others) shinglesOf(other.text, otherShingles);
      // The model grades only for a company whose plan includes it (asked now, per analysis).
      const model = fixedGrader ? null : await llmAccess({ db, llm }, row.companyId);
      const grader = fixedGrader ?? (model?.llm ? llmGrader(model.llm) : rulesGrader);
      const result = await grader.grade({
        sections: sections.map((s) => ({
          id: s.id,
          title: s.title,
          level: s.level,
          text: s.text,
          ownText: plainText(s.content as TipTapDoc, { ownOnly: true }),
          criterion: s.criterion ?? null,
          requirementIds: s.requirementIds,
          source: s.source,
        })),
        requirements: new Map([...requirements, ...older].map((r) => [r.id, r])),
        limits: row.limits ?? null,
        otherShingles,
        evidence: evidenceOf(resources, sections.map((s) => s.text).join('\n')),
      }, { log: request.log });
      const localise = (reason: Reason) => ({ ...reason, msg: translate(reason.key, reason.vars) });
      const analysedAt = new Date();
      const analysis = {
        ...result,
        analysedAt: analysedAt.toISOString(),
        reasons: result.reasons.map(localise),
        criteria: result.criteria.map((c) => ({ ...c, reasons: c.reasons.map(localise) })),
      };
      const [updated] = await db.update(memories).set({ analysis, analysedAt }).where(eq(memories.id, row.id)).returning();
      const [details] = await summaries([updated!]);
      return { details: details!, analysis };
    },

    async exportMemoryDocx(request, reply) {
      const row = await reachableMemory(sessionOf(request).user, request.params.id);
      if (request.query.acceptLimits !== true) await refuseOverLimits(row);
      const { file } = request.query.into === 'frame' ? await intoFrame(row, request.log) : await docxOf(row, request.log, { workingNotes: request.query.workingNotes === true });
      reply.header('Content-Disposition', contentDisposition(`${row.title}.docx`)).header('X-Content-Type-Options', 'nosniff').header('Cache-Control', 'private, no-store');
      return reply.type(DOCX_MIME).send(file);
    },

    async exportMemoryPdf(request, reply) {
      const row = await reachableMemory(sessionOf(request).user, request.params.id);
      if (request.query.acceptLimits !== true) await refuseOverLimits(row);
      if (!(await office.available())) throw new AppError(503, 'memory-pdf_unavailable');
      const { file, emojiLeftOut } = await docxOf(row, request.log, { workingNotes: request.query.workingNotes === true, pdf: true });
      let pdf: Buffer;
      try {
        pdf = await office.pdf(file);
      } catch (err) {
        request.log.error({ err }, 'memory PDF: LibreOffice failed');
        throw new AppError(503, 'memory-pdf_failed');
      }
      // Its pages and each section's, laid out: kept for the submission folder's check against the RC's and the frame's page limits.
      const sections = await sectionsOf(db, row.id);
      const measured = await measureLayout(row.id, pdf, 'pdf', sections.map((s) => ({ id: s.id, heading: s.title })));
      // The client shows the warning's key, translated, beside the button (a header: the body is the file).
      if (row.limits?.pages && measured && measured.count > row.limits.pages) reply.header('X-Export-Warning', 'memory-pdf_over_pages');
      else if (measured && pageOverruns(measured.sections, sections).length) reply.header('X-Export-Warning', 'memory-pdf_item_over_pages');
      else if (emojiLeftOut) reply.header('X-Export-Warning', 'memory-pdf_emoji_left_out');
      reply.header('Content-Disposition', contentDisposition(`${row.title}.pdf`)).header('X-Content-Type-Options', 'nosniff').header('Cache-Control', 'private, no-store');
      return reply.type('application/pdf').send(pdf);
    },
  };
}
