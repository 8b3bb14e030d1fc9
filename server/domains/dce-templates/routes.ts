import { asc, eq, sql, type SQL } from 'drizzle-orm';
import type { components } from '../../../openapi/schema';
import type { Deps } from '../../deps';
import type { Handlers } from '../../openapi/handlers';
import { notFound } from '../../errors';
import type { Database } from '../../db/client';
import { dceTemplates } from '../../db/schema';
import { ValidationFailure, type FieldIssue } from '../../http/error-handler';
import { t } from '../../i18n';
import { foldedSql, pageOf, searchAny, totalPages, type ListQuery } from '../admin/lists';

export type DceTemplate = components['schemas']['DceTemplate'];
type DceDocument = components['schemas']['DceDocument'];

// Spelled out in full: drizzle leaves columns unqualified in a single-table select, which would
// compare the subquery's own columns.
const usedBySql = sql<number>`(select count(*)::int from "tender_calls" as "user_call" where "user_call"."dce_template_id" = "dce_templates"."id")`;

const templateColumns = {
  id: dceTemplates.id,
  name: dceTemplates.name,
  description: dceTemplates.description,
  documents: dceTemplates.documents,
  usedBy: usedBySql,
  createdAt: dceTemplates.createdAt,
  updatedAt: dceTemplates.updatedAt,
};

const selectTemplates = (db: Database) => db.select(templateColumns).from(dceTemplates);
type TemplateRow = Awaited<ReturnType<typeof selectTemplates>>[number];

function toTemplate(row: TemplateRow): DceTemplate {
  return {
    _id: row.id,
    name: row.name,
    description: row.description,
    documents: row.documents.map(({ code, label, required }) => ({ code, label, required })),
    usedBy: Number(row.usedBy),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const byName = [asc(foldedSql(dceTemplates.name)), asc(dceTemplates.id)];

export async function templateById(db: Database, id: string): Promise<DceTemplate | undefined> {
  const [row] = await selectTemplates(db).where(eq(dceTemplates.id, id)).limit(1);
  return row && toTemplate(row);
}

async function templatePage(db: Database, where: SQL | undefined, query: ListQuery) {
  const { limit, offset, perPage } = pageOf(query);
  const [{ n }] = (await db.select({ n: sql<number>`count(*)::int` }).from(dceTemplates).where(where)) as [{ n: number }];
  let items = selectTemplates(db).where(where).orderBy(...byName).offset(offset).$dynamic();
  if (limit !== undefined) items = items.limit(limit);
  const rows = n > offset ? await items : [];
  return { count: n, totalPages: totalPages(n, perPage), templates: rows.map(toTemplate) };
}

/**
 * The documents as stored: labels trimmed, codes unique within the template (the contract's
 * pattern already keeps codes upper case and without spaces). A repeated code is a field error
 * on the repeat, so the form can point at the row.
 */
export function cleanDocuments(documents: DceDocument[]): DceDocument[] {
  const seen = new Set<string>();
  const issues: FieldIssue[] = [];
  documents.forEach(({ code }, index) => {
    if (seen.has(code)) issues.push({ field: `documents.${index}.code`, key: 'dcetemplate-duplicate_code', vars: { code } });
    seen.add(code);
  });
  if (issues.length > 0) throw new ValidationFailure(issues);
  return documents.map(({ code, label, required }) => ({ code, label: label.trim(), required }));
}

export function dceTemplatesHandlers({ db }: Deps): Handlers<
  | 'listDceTemplates'
  | 'createDceTemplate'
  | 'getDceTemplate'
  | 'updateDceTemplate'
  | 'deleteDceTemplate'
> {
  const existing = async (id: string) => {
    const template = await templateById(db, id);
    if (!template) throw notFound();
    return template;
  };

  return {
    async listDceTemplates(request) {
      return templatePage(db, searchAny(request.query.search, [dceTemplates.name, dceTemplates.description]), request.query);
    },

    async createDceTemplate(request, reply) {
      const input = request.body;
      const documents = cleanDocuments(input.documents);
      const [row] = await db
        .insert(dceTemplates)
        .values({ name: input.name.trim(), description: (input.description ?? '').trim(), documents })
        .returning({ id: dceTemplates.id });
      reply.code(201);
      return { msg: t(request, 'dcetemplate-created'), details: await existing(row!.id) };
    },

    async getDceTemplate(request) {
      return existing(request.params.id);
    },

    async updateDceTemplate(request) {
      const { id } = request.params;
      const { confirm, ...patch } = request.body;
      const values: Partial<typeof dceTemplates.$inferInsert> = {};
      if (patch.name !== undefined) values.name = patch.name.trim();
      if (patch.description !== undefined) values.description = patch.description.trim();
      if (patch.documents !== undefined) values.documents = cleanDocuments(patch.documents);

      // The row is locked while the use count is read: a call cannot start using the template
      // between the check and the write without the check seeing it.
      const outcome = await db.transaction(async (tx) => {
        const [current] = await tx.select({ id: dceTemplates.id }).from(dceTemplates).where(eq(dceTemplates.id, id)).for('update');
        if (!current) throw notFound();
        const template = (await templateById(tx, id))!;
        if (template.usedBy > 0 && confirm !== true) return { warning: true as const, template };
        if (Object.keys(values).length > 0) await tx.update(dceTemplates).set({ ...values, updatedAt: new Date() }).where(eq(dceTemplates.id, id));
        return { warning: false as const, template };
      });

      if (outcome.warning) {
        const count = outcome.template.usedBy;
        return {
          msg: t(request, count === 1 ? 'dcetemplate-in_use_warning_one' : 'dcetemplate-in_use_warning_other', { count, name: outcome.template.name }),
          details: outcome.template,
          isWarning: true,
        };
      }
      return { msg: t(request, 'dcetemplate-updated'), details: await existing(id), isWarning: false };
    },

    async deleteDceTemplate(request) {
      const { id } = request.params;
      // Calls that used it keep their documents; the foreign key clears their link.
      const deleted = await db.delete(dceTemplates).where(eq(dceTemplates.id, id)).returning({ id: dceTemplates.id });
      if (deleted.length === 0) throw notFound();
      return { msg: t(request, 'dcetemplate-deleted') };
    },
  };
}
