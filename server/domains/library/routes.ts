import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { components } from '../../../openapi/schema';
import type { Deps } from '../../deps';
import type { Handlers } from '../../openapi/handlers';
import { AppError, notFound } from '../../errors';
import { companies, libraryBlocks, memories, memorySections, users } from '../../db/schema';
import { sessionOf } from '../../auth/session';
import { ValidationFailure } from '../../http/error-handler';
import { t } from '../../i18n';
import { foldedSql, totalPages } from '../admin/lists';
import { readScope, type Caller } from '../companies/scope';
import { checkedContent, plainText } from '../memories/tiptap';
import { currentDay } from '../../../rules/calendar';
import { nextReview, searchTextOf, toBlock, tsQueryOf, type LibraryBlockRow } from './view';

type CreateBody = components['schemas']['LibraryBlockCreate'];
type Patch = components['schemas']['LibraryBlockPatch'];

const NO_COMPANY = '00000000-0000-0000-0000-000000000000';
export const LIBRARY_PER_PAGE = 20;

/** Tags trimmed, the same tag once whatever its case (the first spelling kept). */
const tagsOf = (tags: string[]) => {
  const seen = new Set<string>();
  return tags.map((tag) => tag.trim().replace(/\s+/g, ' ')).filter((tag) => (seen.has(tag.toLowerCase()) ? false : (seen.add(tag.toLowerCase()), true)));
};
const cpvOf = (codes: string[]) => [...new Set(codes)];

/**
 * The company's content library (issue 12): reusable answer blocks every member of the company
 * reads and writes, like the resumes; admins everywhere; another company's blocks answer 404.
 */
export function libraryHandlers({ db }: Deps): Handlers<'listLibraryBlocks' | 'createLibraryBlock' | 'getLibraryBlock' | 'updateLibraryBlock' | 'deleteLibraryBlock' | 'markLibraryBlockReviewed'> {
  const existingCompany = async (id: string) => {
    const [row] = await db.select({ id: companies.id }).from(companies).where(eq(companies.id, id)).limit(1);
    if (!row) throw notFound();
  };

  const reachable = async (caller: Caller, id: string): Promise<LibraryBlockRow> => {
    const scope = caller.role === 'admin' ? undefined : eq(libraryBlocks.companyId, caller.companyId ?? NO_COMPANY);
    const [row] = await db.select().from(libraryBlocks).where(and(eq(libraryBlocks.id, id), scope)).limit(1);
    if (!row) throw notFound();
    return row;
  };

  /** The blocks with their owners' names. */
  const present = async (rows: LibraryBlockRow[]) => {
    const ownerIds = [...new Set(rows.map((r) => r.ownerId).filter((id): id is string => !!id))];
    const owners = ownerIds.length ? await db.select({ id: users.id, username: users.username }).from(users).where(inArray(users.id, ownerIds)) : [];
    const today = currentDay();
    return rows.map((row) => toBlock(row, owners.find((o) => o.id === row.ownerId) ?? null, today));
  };
  const byId = async (id: string) => {
    const [row] = await db.select().from(libraryBlocks).where(eq(libraryBlocks.id, id));
    if (!row) throw notFound();
    return (await present([row]))[0]!;
  };

  /** The section a block was saved from belongs to one of the company's memories. */
  async function checkSource(companyId: string, sectionId: string | null | undefined) {
    if (!sectionId) return;
    const [section] = await db
      .select({ id: memorySections.id })
      .from(memorySections)
      .innerJoin(memories, eq(memories.id, memorySections.memoryId))
      .where(and(eq(memorySections.id, sectionId), eq(memories.companyId, companyId)))
      .limit(1);
    if (!section) throw new ValidationFailure([{ field: 'sourceSectionId', key: 'library-section_unknown', vars: {} }]);
  }

  return {
    async listLibraryBlocks(request) {
      const { companyId } = request.params;
      readScope(sessionOf(request).user, companyId);
      await existingCompany(companyId);
      const { search, tag, cpv, due } = request.query;
      const query = tsQueryOf(search);
      const tagName = tag?.trim();
      const cpvPrefix = cpv?.replace(/-\d$/, '');
      const where = and(
        eq(libraryBlocks.companyId, companyId),
        query ? sql`${libraryBlocks.searchVector} @@ to_tsquery('french'::regconfig, ${query})` : undefined,
        tagName ? sql`exists (select 1 from jsonb_array_elements_text(${libraryBlocks.tags}) as tag(name) where lower(tag.name) = lower(${tagName}))` : undefined,
        cpvPrefix ? sql`exists (select 1 from jsonb_array_elements_text(${libraryBlocks.cpvCodes}) as cpv(code) where cpv.code like ${`${cpvPrefix}%`})` : undefined,
        due ? lte(libraryBlocks.reviewDue, currentDay()) : undefined,
      );
      const perPage = Number(request.query.perPage ?? LIBRARY_PER_PAGE) || LIBRARY_PER_PAGE;
      const page = Math.max(1, Number(request.query.page ?? 1) || 1);
      const offset = (page - 1) * perPage;
      const [{ n }] = (await db.select({ n: sql<number>`count(*)::int` }).from(libraryBlocks).where(where)) as [{ n: number }];
      const rows = n > offset ? await db.select().from(libraryBlocks).where(where).orderBy(foldedSql(libraryBlocks.title), asc(libraryBlocks.id)).limit(perPage).offset(offset) : [];
      return { blocks: await present(rows), total: n, pages: totalPages(n, perPage), page, perPage };
    },

    async getLibraryBlock(request) {
      return (await present([await reachable(sessionOf(request).user, request.params.id)]))[0]!;
    },

    async createLibraryBlock(request, reply) {
      const { user } = sessionOf(request);
      const { companyId } = request.params;
      readScope(user, companyId);
      await existingCompany(companyId);
      const body = request.body as CreateBody;
      const content = checkedContent(body.content);
      await checkSource(companyId, body.sourceSectionId);
      const values = {
        companyId,
        title: body.title.trim(),
        content,
        text: plainText(content),
        tags: tagsOf(body.tags ?? []),
        cpvCodes: cpvOf(body.cpvCodes ?? []),
        reviewDue: body.reviewDue === undefined ? nextReview() : body.reviewDue,
        sourceSectionId: body.sourceSectionId ?? null,
        ownerId: user.id,
      };
      const [row] = await db
        .insert(libraryBlocks)
        .values({ ...values, searchText: searchTextOf(values) })
        .returning({ id: libraryBlocks.id });
      reply.code(201);
      return { msg: t(request, 'library-created'), details: await byId(row!.id) };
    },

    async updateLibraryBlock(request) {
      const current = await reachable(sessionOf(request).user, request.params.id);
      const body = request.body as Patch;
      const content = body.content !== undefined ? checkedContent(body.content) : undefined;
      const changes = {
        ...(body.title !== undefined ? { title: body.title.trim() } : {}),
        ...(content ? { content, text: plainText(content) } : {}),
        ...(body.tags !== undefined ? { tags: tagsOf(body.tags) } : {}),
        ...(body.cpvCodes !== undefined ? { cpvCodes: cpvOf(body.cpvCodes) } : {}),
        ...(body.reviewDue !== undefined ? { reviewDue: body.reviewDue } : {}),
      };
      // One statement: the version names the row written (no row back is a stale write).
      const next = { ...current, ...changes };
      const [updated] = await db
        .update(libraryBlocks)
        .set({ ...changes, searchText: searchTextOf(next), version: sql`${libraryBlocks.version} + 1`, updatedAt: new Date() })
        .where(and(eq(libraryBlocks.id, current.id), eq(libraryBlocks.version, body.version)))
        .returning({ id: libraryBlocks.id });
      if (!updated) {
        const [latest] = await db.select().from(libraryBlocks).where(eq(libraryBlocks.id, current.id));
        if (!latest) throw notFound();
        throw new AppError(409, 'library-conflict', {}, (await present([latest]))[0]);
      }
      return { msg: t(request, 'library-updated'), details: await byId(current.id) };
    },

    async deleteLibraryBlock(request) {
      const current = await reachable(sessionOf(request).user, request.params.id);
      await db.delete(libraryBlocks).where(eq(libraryBlocks.id, current.id));
      return { msg: t(request, 'library-deleted') };
    },

    async markLibraryBlockReviewed(request) {
      const current = await reachable(sessionOf(request).user, request.params.id);
      await db
        .update(libraryBlocks)
        .set({ lastReviewedAt: new Date(), reviewDue: nextReview(), version: sql`${libraryBlocks.version} + 1`, updatedAt: new Date() })
        .where(eq(libraryBlocks.id, current.id));
      return { msg: t(request, 'library-reviewed'), details: await byId(current.id) };
    },
  };
}
