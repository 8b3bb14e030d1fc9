import { and, asc, count, eq, inArray } from 'drizzle-orm';
import * as XLSX from '@e965/xlsx';
import type { components } from '../../../openapi/schema';
import type { Deps } from '../../deps';
import type { Handlers } from '../../openapi/handlers';
import type { Database } from '../../db/client';
import { cctpAnalyses, cctpRequirements, tenderCalls, tenders, users } from '../../db/schema';
import { AppError } from '../../errors';
import { sessionOf } from '../../auth/session';
import { t } from '../../i18n';
import { contentDisposition } from '../../files/intake';
import { analysisRuns, runOf, translator, type RunRow, type Translate } from '../analysis-runs';
import { ANALYSE_CCTP } from './job';

type Summary = components['schemas']['CctpAnalysisSummary'];
type Requirement = components['schemas']['CctpRequirement'];
type Coverage = components['schemas']['CctpCoverage'];

const results = { documents: cctpAnalyses.documents };
type Row = RunRow & Pick<typeof cctpAnalyses.$inferSelect, keyof typeof results>;

const selectRequirements = (db: Database) =>
  db
    .select({
      id: cctpRequirements.id,
      documentId: cctpRequirements.documentId,
      entry: cctpRequirements.entry,
      fileName: cctpRequirements.fileName,
      page: cctpRequirements.page,
      sectionNumber: cctpRequirements.sectionNumber,
      sectionTitle: cctpRequirements.sectionTitle,
      text: cctpRequirements.text,
      kind: cctpRequirements.kind,
      norms: cctpRequirements.norms,
      status: cctpRequirements.status,
      assigneeId: cctpRequirements.assigneeId,
      assigneeName: users.username,
      note: cctpRequirements.note,
      updatedAt: cctpRequirements.updatedAt,
    })
    .from(cctpRequirements)
    .leftJoin(users, eq(users.id, cctpRequirements.assigneeId));
type RequirementRow = Awaited<ReturnType<ReturnType<typeof selectRequirements>['where']>>[number];

const toRequirement = (row: RequirementRow): Requirement => ({
  _id: row.id,
  documentId: row.documentId,
  entry: row.entry,
  fileName: row.fileName,
  page: row.page,
  section: { number: row.sectionNumber, title: row.sectionTitle },
  text: row.text,
  kind: row.kind,
  norms: row.norms,
  status: row.status,
  assigneeId: row.assigneeId,
  assignee: row.assigneeId && row.assigneeName !== null ? { _id: row.assigneeId, username: row.assigneeName } : null,
  note: row.note,
  updatedAt: row.updatedAt.toISOString(),
});

const emptyCoverage = (): Coverage => ({ total: 0, covered: 0, notApplicable: 0, todo: 0 });

/** Requirements per status of each analysis, in one query. */
async function coverageOf(db: Database, ids: string[]): Promise<Map<string, Coverage>> {
  const result = new Map(ids.map((id) => [id, emptyCoverage()]));
  if (!ids.length) return result;
  const rows = await db
    .select({ analysisId: cctpRequirements.analysisId, status: cctpRequirements.status, n: count() })
    .from(cctpRequirements)
    .where(inArray(cctpRequirements.analysisId, ids))
    .groupBy(cctpRequirements.analysisId, cctpRequirements.status);
  for (const row of rows) {
    const coverage = result.get(row.analysisId)!;
    coverage.total += row.n;
    if (row.status === 'covered') coverage.covered += row.n;
    else if (row.status === 'not_applicable') coverage.notApplicable += row.n;
    else coverage.todo += row.n;
  }
  return result;
}

function toSummary(row: Row, coverage: Coverage, translate: Translate): Summary {
  return { ...runOf(row, translate), documents: row.documents, coverage };
}

/** A cell a spreadsheet would run as a formula (=, +, -, @, tab, CR) is written as text. */
const inert = (value: string) => (/^[=+\-@\t\r]/.test(value) ? `'${value}` : value);
const csvCell = (value: string | number) => {
  const text = typeof value === 'number' ? String(value) : inert(value);
  return /[";\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

/**
 * CCTP analyses (issue 11): every member of the tender's company (the compliance matrix is team
 * work) and admins; another company's analysis answers 404 like a missing one.
 */
export function cctpAnalysesHandlers({ db, jobs }: Deps): Handlers<
  'createCctpAnalysis' | 'listCctpAnalyses' | 'getCctpAnalysis' | 'updateCctpRequirement' | 'exportCctpAnalysis'
> {
  const runs = analysisRuns({ db, jobs, table: cctpAnalyses, jobKind: ANALYSE_CCTP, prefix: 'cctpanalysis', results });
  const requirementsOf = async (analysisId: string) =>
    (await selectRequirements(db).where(eq(cctpRequirements.analysisId, analysisId)).orderBy(asc(cctpRequirements.position))).map(toRequirement);
  const analysisById = async (id: string, translate: Translate) => {
    const row = await runs.byId(id);
    const coverage = (await coverageOf(db, [id])).get(id)!;
    return { ...toSummary(row!, coverage, translate), requirements: await requirementsOf(id) };
  };

  return {
    async createCctpAnalysis(request, reply) {
      const id = await runs.queue(request, reply, request.params.id);
      return { msg: t(request, 'cctpanalysis-queued'), details: await analysisById(id, translator(request)) };
    },

    async listCctpAnalyses(request) {
      const { rows, ...page } = await runs.list(request, request.params.id, request.query);
      const coverage = await coverageOf(db, rows.map((row) => row.id));
      return { ...page, analyses: rows.map((row) => toSummary(row, coverage.get(row.id)!, translator(request))) };
    },

    async getCctpAnalysis(request) {
      const { row } = await runs.reachable(sessionOf(request).user, request.params.id);
      return analysisById(row.id, translator(request));
    },

    async updateCctpRequirement(request) {
      const { id, reqId } = request.params;
      const body = request.body as { status?: Requirement['status']; assigneeId?: string | null; note?: string | null };
      const { row, tender } = await runs.reachable(sessionOf(request).user, id);
      runs.finished(row);
      if (body.assigneeId) {
        // Only a member of the tender's company answers its requirements.
        const [member] = await db
          .select({ id: users.id })
          .from(users)
          .where(and(eq(users.id, body.assigneeId), eq(users.companyId, tender.companyId)))
          .limit(1);
        if (!member) throw new AppError(400, 'cctpanalysis-assignee_not_member');
      }
      const note = body.note === undefined ? undefined : body.note?.trim() || null;
      const [updated] = await db
        .update(cctpRequirements)
        .set({ status: body.status, assigneeId: body.assigneeId, note, updatedAt: new Date() })
        .where(and(eq(cctpRequirements.id, reqId), eq(cctpRequirements.analysisId, id)))
        .returning({ id: cctpRequirements.id });
      if (!updated) throw new AppError(404, 'cctpanalysis-requirement_not_found');
      const [requirement] = await selectRequirements(db).where(eq(cctpRequirements.id, reqId));
      return { msg: t(request, 'cctpanalysis-requirement_updated'), details: toRequirement(requirement!) };
    },

    async exportCctpAnalysis(request, reply) {
      const { row, tender } = await runs.reachable(sessionOf(request).user, request.params.id);
      runs.finished(row);
      const format = request.query.format;
      const [call] = await db.select({ reference: tenderCalls.reference }).from(tenderCalls).innerJoin(tenders, eq(tenders.tenderCallId, tenderCalls.id)).where(eq(tenders.id, tender.id));
      const requirements = await requirementsOf(row.id);
      const header = ['section', 'section_title', 'requirement', 'kind', 'norms', 'document', 'page', 'status', 'assignee', 'note'].map((key) =>
        t(request, `cctpexport-${key}`),
      );
      const lines = requirements.map((r) => [
        r.section.number,
        r.section.title,
        r.text,
        t(request, `cctpkind-${r.kind}`),
        r.norms.join(', '),
        r.entry ? `${r.fileName} (${r.entry})` : r.fileName,
        r.page,
        t(request, `cctpstatus-${r.status}`),
        r.assignee?.username ?? '',
        r.note ?? '',
      ]);
      const name = `${t(request, 'cctpexport-file')}-${call?.reference ?? tender.id}.${format}`;
      reply.header('Content-Disposition', contentDisposition(name)).header('X-Content-Type-Options', 'nosniff').header('Cache-Control', 'private, no-store');
      if (format === 'csv') {
        // A BOM and semicolons: what Excel opens as columns with the accents intact in France.
        const csv = '\ufeff' + [header, ...lines].map((line) => line.map(csvCell).join(';')).join('\r\n') + '\r\n';
        return reply.type('text/csv; charset=utf-8').send(csv);
      }
      const sheet = XLSX.utils.aoa_to_sheet([header, ...lines.map((line) => line.map((cell) => (typeof cell === 'string' ? inert(cell) : cell)))]);
      sheet['!cols'] = [{ wch: 8 }, { wch: 28 }, { wch: 80 }, { wch: 14 }, { wch: 22 }, { wch: 30 }, { wch: 6 }, { wch: 14 }, { wch: 18 }, { wch: 40 }];
      sheet['!autofilter'] = { ref: XLSX.utils.encode_range({ s: { r: 0, c: 0 }, e: { r: lines.length, c: header.length - 1 } }) };
      const book = XLSX.utils.book_new();
      XLSX.utils.book_append_sheet(book, sheet, t(request, 'cctpexport-sheet').slice(0, 31));
      const buffer = XLSX.write(book, { type: 'buffer', bookType: 'xlsx', compression: true }) as Buffer;
      return reply.type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet').send(buffer);
    },
  };
}
