import { randomUUID } from 'node:crypto';
import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { components } from '../../../openapi/schema';
import type { Deps } from '../../deps';
import type { Handlers } from '../../openapi/handlers';
import { AppError, notFound } from '../../errors';
import type { Database } from '../../db/client';
import { companies, reports, users } from '../../db/schema';
import { sessionOf } from '../../auth/session';
import { readForm, sniffImage } from '../../http/multipart';
import { t } from '../../i18n';
import { pageOf, searchAny, totalPages } from '../admin/lists';
import type { Caller } from '../companies/scope';

type Report = components['schemas']['Report'];
type ReportFields = Pick<Report, 'title' | 'description' | 'type' | 'priority' | 'currentUrl'>;

// The screenshot hint of the form says "PNG, JPG or GIF": WebP, which sniffImage also knows, is refused.
const SCREENSHOT_TYPES = ['image/png', 'image/jpeg', 'image/gif'];

const reportColumns = {
  id: reports.id,
  title: reports.title,
  description: reports.description,
  type: reports.type,
  priority: reports.priority,
  status: reports.status,
  currentUrl: reports.currentUrl,
  screenshotKey: reports.screenshotKey,
  screenshotMime: reports.screenshotMime,
  reporterId: reports.reporterId,
  reporterName: users.username,
  reporterEmail: users.email,
  companyId: reports.companyId,
  companyName: companies.name,
  createdAt: reports.createdAt,
  updatedAt: reports.updatedAt,
};

const selectReports = (db: Database, where: SQL | undefined) =>
  db.select(reportColumns).from(reports).leftJoin(users, eq(users.id, reports.reporterId)).leftJoin(companies, eq(companies.id, reports.companyId)).where(where);
type ReportRow = Awaited<ReturnType<typeof selectReports>>[number];

function toReport(row: ReportRow): Report {
  return {
    _id: row.id,
    title: row.title,
    description: row.description,
    type: row.type,
    priority: row.priority,
    status: row.status,
    currentUrl: row.currentUrl,
    screenshot: row.screenshotKey ? { url: `/api/reports/${row.id}/screenshot` } : null,
    reporter: row.reporterId && row.reporterName !== null && row.reporterEmail !== null ? { _id: row.reporterId, username: row.reporterName, primaryEmail: row.reporterEmail } : null,
    company: row.companyId && row.companyName !== null ? { _id: row.companyId, name: row.companyName } : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Admins see every report; anyone else only the reports they filed themselves. */
const visibleTo = (caller: Caller): SQL | undefined => (caller.role === 'admin' ? undefined : eq(reports.reporterId, caller.id));

/**
 * Issue reports. Filing is open to every signed-in user, from any page; a report belongs to its
 * reporter, not to their company (a colleague's report answers 404 like a missing one), and only
 * admins triage them. The screenshot's type comes from its content, like profile pictures.
 */
export function reportsHandlers({ db, storage }: Deps): Handlers<'createReport' | 'listReports' | 'getReport' | 'updateReportStatus' | 'getReportScreenshot'> {
  const reachableReport = async (caller: Caller, id: string) => {
    const [row] = await selectReports(db, and(eq(reports.id, id), visibleTo(caller))).limit(1);
    if (!row) throw notFound();
    return row;
  };

  return {
    async createReport(request, reply) {
      const { user } = sessionOf(request);
      const { fields, files } = await readForm(request);
      const form = fields as ReportFields;
      const screenshot = files.find((f) => f.field === 'screenshotId');
      const image = screenshot && sniffImage(screenshot.data);
      if (screenshot && (!image || !SCREENSHOT_TYPES.includes(image.mime))) throw new AppError(415, 'common-invalid_file_type');

      const id = randomUUID();
      const key = screenshot && image ? `reports/${id}.${image.ext}` : undefined;
      // The file is written first and removed if the row cannot be: never one without the other.
      if (key) await storage.put(key, screenshot!.data);
      try {
        await db.insert(reports).values({
          id,
          title: form.title.trim(),
          description: form.description.trim(),
          type: form.type,
          priority: form.priority,
          currentUrl: form.currentUrl.trim(),
          screenshotKey: key ?? null,
          screenshotMime: key ? image!.mime : null,
          reporterId: user.id,
          companyId: user.companyId,
        });
      } catch (error) {
        if (key) await storage.delete(key).catch(() => undefined);
        throw error;
      }
      reply.code(201);
      return { msg: t(request, 'report-created'), details: toReport(await reachableReport(user, id)) };
    },

    async listReports(request) {
      const caller = sessionOf(request).user;
      const { filterBy, search, status, type, priority } = request.query;
      const where = and(
        visibleTo(caller),
        filterBy && caller.role === 'admin' ? eq(reports.companyId, filterBy) : undefined,
        status ? eq(reports.status, status) : undefined,
        type ? eq(reports.type, type) : undefined,
        priority ? eq(reports.priority, priority) : undefined,
        searchAny(search, [reports.title, reports.description, users.username, users.email]),
      );
      const { limit, offset, perPage } = pageOf(request.query);
      // The search also reads the reporter: the count joins them like the page does.
      const [{ n }] = (await db.select({ n: sql<number>`count(*)::int` }).from(reports).leftJoin(users, eq(users.id, reports.reporterId)).where(where)) as [{ n: number }];
      let page = selectReports(db, where).orderBy(desc(reports.createdAt), desc(reports.id)).offset(offset).$dynamic();
      if (limit !== undefined) page = page.limit(limit);
      const rows = n > offset ? await page : [];
      return { count: n, totalPages: totalPages(n, perPage), reports: rows.map(toReport) };
    },

    async getReport(request) {
      return toReport(await reachableReport(sessionOf(request).user, request.params.id));
    },

    async updateReportStatus(request) {
      const { id } = request.params;
      const [row] = await db.update(reports).set({ status: request.body.status, updatedAt: new Date() }).where(eq(reports.id, id)).returning({ id: reports.id });
      if (!row) throw notFound();
      return { msg: t(request, 'report-status_updated'), details: toReport(await reachableReport(sessionOf(request).user, id)) };
    },

    async getReportScreenshot(request, reply) {
      const row = await reachableReport(sessionOf(request).user, request.params.id);
      const file = row.screenshotKey && row.screenshotMime ? await storage.get(row.screenshotKey) : undefined;
      if (!file) throw notFound();
      return reply
        .type(row.screenshotMime!)
        .header('Content-Length', String(file.size))
        .header('Content-Disposition', 'inline')
        .header('X-Content-Type-Options', 'nosniff')
        .header('Cache-Control', 'private, no-store')
        .send(file.stream);
    },
  };
}
