// The buyer's price files of a tender (issue 25): read once from the documents the DCE analysis
// classified as price files, priced line by line by the company (autosaved with a version),
// checked, read back from the company's own filled copy, and exported into the buyer's workbook
// with only the price cells changed. Every member of the tender's company and admins, like the
// memory; another company's file answers 404 like a missing one.
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { components } from '../../../openapi/schema';
import type { Deps } from '../../deps';
import type { Handlers } from '../../openapi/handlers';
import type { Database } from '../../db/client';
import type { Storage } from '../../storage/storage';
import { companyUnitPrices, priceFiles, tenderDocuments } from '../../db/schema';
import { sessionOf } from '../../auth/session';
import { AppError, notFound } from '../../errors';
import { readForm } from '../../http/multipart';
import { pickLanguage, t } from '../../i18n';
import { contentDisposition } from '../../files/intake';
import type { Caller } from '../companies/scope';
import { reachableTender } from '../tenders/access';
import { latestDceAnalysis } from '../memories/outline';
import { tenderFileBytes } from '../memories/frame';
import { readPriceFile } from '../../analysis/prices/read-prices';
import { checkPrices, priceTotals } from '../../analysis/prices/check-prices';
import { fillPriceWorkbook } from '../../analysis/prices/fill-prices';
import type { PriceFileRead, PriceIssue } from '../../analysis/prices/types';
import { designationKey, outliers, pricedRead, sheetTotals } from './pricing';
import { aeTotalOfPriceFile } from '../submission/ae';

type PriceFile = components['schemas']['PriceFile'];
type Row = typeof priceFiles.$inferSelect;

const PRICE_KINDS = new Set(['BPU', 'DQE', 'DPGF', 'CRF']);
const IMPORT_MAX_BYTES = 20 * 1024 * 1024;
const MIMES = { xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', ods: 'application/vnd.oasis.opendocument.spreadsheet' } as const;
const writable = (read: PriceFileRead) => read.format === 'xlsx' || read.format === 'ods';

export function priceFilesHandlers({ db, storage }: Deps): Handlers<'listPriceFiles' | 'updatePriceFile' | 'importPriceFile' | 'checkPriceFile' | 'exportPriceFile'> {
  const reachableFile = async (caller: Caller, id: string): Promise<Row> => {
    const [row] = await db.select().from(priceFiles).where(eq(priceFiles.id, id)).limit(1);
    if (!row || (caller.role !== 'admin' && row.companyId !== caller.companyId)) throw notFound();
    return row;
  };

  /** The file as the client reads it: the buyer's lines with the company's prices and, while blank, its remembered ones. */
  const toPriceFile = async (row: Row): Promise<PriceFile> => {
    const read = pricedRead(row.read, row.prices);
    const keys = [...new Set(read.sheets.flatMap((s) => s.lines.filter((l) => l.unitPrice === null).map((l) => designationKey(l.label))))].filter(Boolean);
    const remembered = keys.length
      ? await db.select().from(companyUnitPrices).where(and(eq(companyUnitPrices.companyId, row.companyId), inArray(companyUnitPrices.designation, keys)))
      : [];
    const suggestionOf = (label: string, unit: string) => {
      const found = remembered.find((r) => r.designation === designationKey(label) && r.unit === unit.trim().toLowerCase());
      return found ? { unitPrice: found.unitPrice, fileName: found.fileName, exportedAt: found.exportedAt.toISOString() } : null;
    };
    return {
      _id: row.id,
      documentId: row.documentId,
      entry: row.entry || null,
      fileName: row.fileName,
      kind: read.kind,
      format: read.format,
      writable: writable(read),
      sheets: read.sheets.map((sheet) => ({
        name: sheet.name,
        lines: sheet.lines.map((l) => ({
          _id: l.id,
          ref: l.ref,
          label: l.label,
          unit: l.unit,
          quantity: l.quantity,
          unitPrice: l.unitPrice,
          total: l.total,
          row: l.row,
          ...(l.optional ? { optional: true } : {}),
          suggestion: l.unitPrice === null ? suggestionOf(l.label, l.unit) : null,
        })),
        totals: sheetTotals(read.kind, sheet),
      })),
      version: row.version,
      updatedAt: row.updatedAt.toISOString(),
    };
  };

  /** The issues of the file as priced, in the caller's language, and its totals. */
  const checkOf = async (request: Parameters<typeof t>[0], row: Row) => {
    const current = pricedRead(row.read, row.prices);
    const siblings = await db.select().from(priceFiles).where(and(eq(priceFiles.tenderId, row.tenderId), sql`${priceFiles.id} <> ${row.id}`));
    const others = siblings.map((s) => pricedRead(s.read, s.prices));
    // The amount written on the AE the company uploaded, when this file carries the offer's total.
    const aeTotal = await aeTotalOfPriceFile(db, storage, row);
    const issues: PriceIssue[] = [...checkPrices(current, row.read, others, aeTotal), ...(await outliers(db, row.companyId, current))];
    return { issues: issues.map((issue) => publicIssue(request, issue)), ...priceTotals(current) };
  };

  return {
    async listPriceFiles(request) {
      const tender = await reachableTender(db, sessionOf(request).user, request.params.id);
      await syncPriceFiles(db, storage, tender.id, tender.companyId);
      const rows = await db.select().from(priceFiles).where(eq(priceFiles.tenderId, tender.id)).orderBy(priceFiles.fileName, priceFiles.createdAt);
      return { priceFiles: await Promise.all(rows.map(toPriceFile)) };
    },

    async updatePriceFile(request) {
      const { user } = sessionOf(request);
      const row = await reachableFile(user, request.params.id);
      const { version, lines } = request.body;
      const known = new Set(row.read.sheets.flatMap((s) => s.lines.map((l) => l.id)));
      const unknown = lines.find((l) => !known.has(l._id));
      if (unknown) throw new AppError(400, 'prices-unknown_line', { line: unknown._id });
      const prices = { ...row.prices, ...Object.fromEntries(lines.map((l) => [l._id, l.unitPrice])) };
      const [saved] = await db
        .update(priceFiles)
        .set({ prices, version: sql`${priceFiles.version} + 1`, updatedBy: user.id, updatedAt: new Date() })
        .where(and(eq(priceFiles.id, row.id), eq(priceFiles.version, version)))
        .returning();
      if (!saved) {
        const [current] = await db.select().from(priceFiles).where(eq(priceFiles.id, row.id));
        throw new AppError(409, 'prices-conflict', {}, await toPriceFile(current!));
      }
      return { msg: t(request, 'prices-saved'), details: await toPriceFile(saved) };
    },

    async importPriceFile(request) {
      const { user } = sessionOf(request);
      const row = await reachableFile(user, request.params.id);
      const { fields, files } = await readForm(request, { maxFileBytes: IMPORT_MAX_BYTES });
      const upload = files.find((f) => f.field === 'file');
      if (!upload) throw new AppError(400, 'prices-file_required');
      const copy = await readPriceFile(upload.data, upload.filename);
      if (!copy || !copy.sheets.some((s) => s.lines.length)) throw new AppError(400, 'prices-unreadable_copy');
      // What differs from the buyer's file is reported and its price left; the rest is taken.
      const changes = checkPrices(copy, row.read).filter((issue) => issue.kind === 'changed');
      const changed = new Set(changes.map((c) => c.lineId).filter(Boolean));
      const original = new Map(row.read.sheets.flatMap((s) => s.lines.map((l) => [l.id, l])));
      const taken = copy.sheets.flatMap((s) => s.lines).filter((l) => original.has(l.id) && !changed.has(l.id) && original.get(l.id)!.label === l.label);
      const version = fields.version ? Number(fields.version) : row.version;
      const [saved] = await db
        .update(priceFiles)
        .set({ prices: { ...row.prices, ...Object.fromEntries(taken.map((l) => [l.id, l.unitPrice])) }, version: sql`${priceFiles.version} + 1`, updatedBy: user.id, updatedAt: new Date() })
        .where(and(eq(priceFiles.id, row.id), eq(priceFiles.version, version)))
        .returning();
      if (!saved) throw new AppError(409, 'prices-conflict', {}, await toPriceFile(row));
      return {
        msg: t(request, 'prices-imported', { count: taken.length }),
        details: { priceFile: await toPriceFile(saved), taken: taken.length, changes: changes.map((c) => publicIssue(request, c)) },
      };
    },

    async checkPriceFile(request) {
      const row = await reachableFile(sessionOf(request).user, request.params.id);
      return checkOf(request, row);
    },

    async exportPriceFile(request, reply) {
      const row = await reachableFile(sessionOf(request).user, request.params.id);
      if (!writable(row.read)) throw new AppError(409, 'prices-not_writable');
      const source = await tenderFileBytes(db, storage, row.tenderId, row.documentId, row.entry || null).catch((error: unknown) => {
        throw error instanceof AppError && error.status === 404 ? new AppError(409, 'prices-document_gone', { fileName: row.fileName }) : error;
      });
      const priced = new Map(Object.entries(row.prices));
      // A document replaced by something that is no workbook (or damaged) cannot be filled: said, not a 500.
      const file = await fillPriceWorkbook(source.bytes, row.read, priced).catch(() => {
        throw new AppError(409, 'prices-document_unreadable', { fileName: row.fileName });
      });
      await rememberPrices(db, row);
      const format = row.read.format as keyof typeof MIMES;
      reply.header('Content-Disposition', contentDisposition(row.fileName)).header('X-Content-Type-Options', 'nosniff').header('Cache-Control', 'private, no-store');
      return reply.type(MIMES[format]).send(file);
    },
  };
}

/**
 * The tender's price files: those of the latest DCE analysis's price documents not read yet (or
 * whose document was replaced since) are read now; a replaced document keeps the prices of the
 * lines it still has, with the same designation.
 */
export async function syncPriceFiles(db: Database, storage: Storage, tenderId: string, companyId: string) {
  const analysis = await latestDceAnalysis(db, tenderId);
  const wanted = (analysis?.documents ?? []).filter((d) => PRICE_KINDS.has(d.kind));
  if (!wanted.length) return;
  const docs = await db
    .select({ id: tenderDocuments.id, sha256: tenderDocuments.sha256 })
    .from(tenderDocuments)
    .where(and(eq(tenderDocuments.tenderId, tenderId), inArray(tenderDocuments.id, [...new Set(wanted.map((d) => d.documentId))])));
  const existing = await db.select().from(priceFiles).where(eq(priceFiles.tenderId, tenderId));
  for (const want of wanted) {
    const doc = docs.find((d) => d.id === want.documentId);
    if (!doc) continue;
    const entry = want.entry ?? '';
    const current = existing.find((f) => f.documentId === doc.id && f.entry === entry);
    if (current && current.sha256 === doc.sha256) continue;
    const file = await tenderFileBytes(db, storage, tenderId, doc.id, want.entry ?? null).catch(() => null);
    const read = file ? await readPriceFile(file.bytes, file.fileName) : null;
    if (!read || !read.sheets.some((s) => s.lines.length)) continue;
    if (current) {
      const labels = new Map(current.read.sheets.flatMap((s) => s.lines.map((l) => [l.id, l.label])));
      const kept = Object.fromEntries(
        read.sheets.flatMap((s) => s.lines.filter((l) => labels.get(l.id) === l.label && current.prices[l.id] !== undefined).map((l) => [l.id, current.prices[l.id]!])),
      );
      await db
        .update(priceFiles)
        .set({ read, sha256: doc.sha256, prices: kept, version: sql`${priceFiles.version} + 1`, updatedAt: new Date() })
        .where(eq(priceFiles.id, current.id));
    } else {
      await db.insert(priceFiles).values({ tenderId, companyId, documentId: doc.id, entry, fileName: file!.fileName, sha256: doc.sha256, read }).onConflictDoNothing();
    }
  }
}

/** Counts and rows as they are; amounts written in the reader's language ("1 234,50"). */
const COUNTS = new Set(['row', 'count', 'line', 'lines']);
const publicIssue = (request: Parameters<typeof t>[0], issue: PriceIssue) => {
  const language = pickLanguage(request.headers['accept-language'] as string | undefined);
  const amount = new Intl.NumberFormat(language === 'fr' ? 'fr-FR' : 'en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 4 });
  const vars = Object.fromEntries(Object.entries(issue.vars).map(([name, value]) => [name, typeof value === 'number' && !COUNTS.has(name) ? amount.format(value) : value]));
  return { sheet: issue.sheet, row: issue.row, lineId: issue.lineId, kind: issue.kind, cell: issue.cell, field: issue.field, msg: t(request, issue.key, vars) };
};

/** The unit prices of an exported file, remembered by designation and unit for the company's next files. */
async function rememberPrices(db: Database, row: Row) {
  const lines = pricedRead(row.read, row.prices).sheets.flatMap((s) => s.lines.filter((l) => l.unitPrice !== null && designationKey(l.label)));
  const byKey = new Map(lines.map((l) => [`${designationKey(l.label)}\u0000${l.unit.trim().toLowerCase()}`, l]));
  if (!byKey.size) return;
  const now = new Date();
  await db
    .insert(companyUnitPrices)
    .values([...byKey.values()].map((l) => ({ companyId: row.companyId, designation: designationKey(l.label), unit: l.unit.trim().toLowerCase(), label: l.label, unitPrice: l.unitPrice!, fileName: row.fileName, exportedAt: now })))
    .onConflictDoUpdate({
      target: [companyUnitPrices.companyId, companyUnitPrices.designation, companyUnitPrices.unit],
      set: { label: sql`excluded.label`, unitPrice: sql`excluded.unit_price`, fileName: sql`excluded.file_name`, exportedAt: sql`excluded.exported_at` },
    });
}
