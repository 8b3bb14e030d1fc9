// Files for the document upload tests, written byte by byte so that each test knows what it sends.
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { crc32, deflateRawSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { companyDocuments, tenderCalls, tenderDocuments, tenders } from '../../server/db/schema';
import { localStorage } from '../../server/storage/local';
import { multipart, type TestContext } from './context';
import { dayFromToday } from '../support/days';

type Entry = { name: string; data?: Buffer; deflate?: boolean };

/** A plain ZIP archive (UTF-8 names, stored or deflated entries). */
export function buildZip(entries: Entry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    const data = entry.data ?? Buffer.alloc(0);
    const stored = entry.deflate ? deflateRawSync(data) : data;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x800, 6);
    local.writeUInt16LE(entry.deflate ? 8 : 0, 8);
    local.writeUInt32LE(crc32(data), 14);
    local.writeUInt32LE(stored.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(name.length, 26);
    locals.push(local, name, stored);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE((3 << 8) | 20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x800, 8);
    central.writeUInt16LE(entry.deflate ? 8 : 0, 10);
    central.writeUInt32LE(crc32(data), 16);
    central.writeUInt32LE(stored.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE((0o100644 << 16) >>> 0, 38);
    central.writeUInt32LE(offset, 42);
    centrals.push(central, name);
    offset += local.length + name.length + stored.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const text = (s: string) => Buffer.from(s, 'utf8');
const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

/** A PDF's signature followed by `size` bytes in all (random after the header). */
export const pdf = (size = 2000) => Buffer.concat([text('%PDF-1.7\n'), randomBytes(Math.max(0, size - 9))]);
export const docx = () => buildZip([{ name: '[Content_Types].xml', data: text('<Types/>'), deflate: true }, { name: 'word/document.xml', data: text('<w:document/>'), deflate: true }]);
export const xlsx = () => buildZip([{ name: '[Content_Types].xml', data: text('<Types/>'), deflate: true }, { name: 'xl/workbook.xml', data: text('<workbook/>'), deflate: true }]);
/** 20 MB of zeros in a few kilobytes: refused for its compression ratio. */
export const zipBomb = () => buildZip([{ name: 'zeros.bin', data: Buffer.alloc(20 * 1024 * 1024), deflate: true }]);

export type FileSpec = { filename: string; data: Buffer; type?: string };
export const filePart = (file: FileSpec) => ({ name: 'file', filename: file.filename, type: file.type ?? 'application/octet-stream', data: file.data });

/** A multipart request as our client sends it (fields first, then the file). */
export function formRequest(method: 'POST' | 'PATCH', url: string, token: string, fields: Record<string, string>, file?: FileSpec, lang = 'fr') {
  const form = multipart([...Object.entries(fields).map(([name, value]) => ({ name, value })), ...(file ? [filePart(file)] : [])]);
  return { method, url, payload: form.payload, headers: { ...form.headers, authorization: `Bearer ${token}`, 'accept-language': lang } } as const;
}

let callSeq = 0;
/** A tender call and the company's tender of it, inserted directly (the tenders API is not used here). */
export async function insertTender(ctx: TestContext, companyId: string, status: typeof tenders.$inferInsert.status = 'in_progress') {
  const submissionDeadline = new Date(Date.now() + 20 * 86_400_000);
  const [call] = await ctx.db
    .insert(tenderCalls)
    .values({ reference: `DOCS-${Date.now().toString(36)}-${callSeq++}`, title: 'Réfection de la toiture du gymnase', buyer: 'Commune de Vienne', submissionDeadline })
    .returning({ id: tenderCalls.id });
  const [tender] = await ctx.db.insert(tenders).values({ tenderCallId: call!.id, companyId, status, submissionDeadline }).returning({ id: tenders.id });
  return { id: tender!.id, callId: call!.id, remove: () => ctx.db.delete(tenders).where(eq(tenders.id, tender!.id)) };
}

/** Today's date in Paris plus `days`, as YYYY-MM-DD (the server's validity clock). */
export const parisDate = (days = 0): string => dayFromToday(days);

/** A tender document row and its file, inserted directly (for scope tests). */
export async function insertTenderDoc(ctx: TestContext, tenderId: string, companyId: string) {
  const id = randomUUID();
  const key = `tender-docs/${companyId}/${tenderId}/${id}`;
  const data = pdf();
  await localStorage(ctx.filesDir).put(key, data);
  await ctx.db.insert(tenderDocuments).values({ id, tenderId, companyId, fileName: 'RC.pdf', mime: 'application/pdf', size: data.length, sha256: sha256(data), storageKey: key });
  return id;
}

/** A vault document row and its file, inserted directly (for scope tests). */
export async function insertCompanyDoc(ctx: TestContext, companyId: string) {
  const id = randomUUID();
  const key = `company-docs/${companyId}/${id}`;
  const data = pdf();
  await localStorage(ctx.filesDir).put(key, data);
  await ctx.db
    .insert(companyDocuments)
    .values({ id, companyId, kind: 'urssaf', title: 'Attestation de vigilance', validUntil: parisDate(90), fileName: 'URSSAF.pdf', mime: 'application/pdf', size: data.length, sha256: sha256(data), storageKey: key });
  return id;
}

/**
 * A real PDF with a text layer, one string per page (ASCII; lines split on \n), built by hand so
 * that tests can have any number of pages: both pdftotext and pdf.js read it.
 */
export function textPdf(pages: string[]): Buffer {
  const objects: string[] = [];
  const add = (body: string) => objects.push(body) + 2; // object numbers from 3 (1 catalog, 2 pages)
  const font = add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>');
  const kids: number[] = [];
  for (const page of pages) {
    const lines = page.split('\n').map((line) => `(${line.replace(/[\\()]/g, (c) => `\\${c}`)}) Tj T*`);
    const stream = `BT /F1 11 Tf 14 TL 56 780 Td ${lines.join(' ')} ET`;
    const content = add(`<< /Length ${Buffer.byteLength(stream, 'latin1')} >>\nstream\n${stream}\nendstream`);
    kids.push(add(`<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 ${font} 0 R >> >> /Contents ${content} 0 R >>`));
  }
  const all = ['<< /Type /Catalog /Pages 2 0 R >>', `<< /Type /Pages /Kids [${kids.map((k) => `${k} 0 R`).join(' ')}] /Count ${kids.length} >>`, ...objects];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  all.forEach((body, index) => {
    offsets.push(Buffer.byteLength(out, 'latin1'));
    out += `${index + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${all.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  out += `trailer\n<< /Size ${all.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

// From the module's own address: benches import these helpers outside Vitest, which alone defines __dirname.
const DCE_SETS = fileURLToPath(new URL('../fixtures/dce/', import.meta.url));
const GRENOBLE_DCE = join(DCE_SETS, 'grenoble-inp_2026FCSSA0025');
/** A file of the real Grenoble INP DCE, ready to upload. */
export const grenobleFile = (name: string): FileSpec => ({ filename: name, data: readFileSync(join(GRENOBLE_DCE, name)) });

/** A tender of the person's company with these files of a fixture DCE (Grenoble's by default) uploaded and read (the app's jobs must run). */
export async function tenderWithReadDocs(ctx: TestContext, person: { token: string; companyId: string | null }, files: string[], set = 'grenoble-inp_2026FCSSA0025') {
  const tenderId = (await insertTender(ctx, person.companyId!)).id;
  for (const name of files) {
    const file = { filename: name, data: readFileSync(join(DCE_SETS, set, name)) };
    const res = await ctx.app.inject(formRequest('POST', `/api/tenderDocs?companyId=${person.companyId}`, person.token, { tenderId }, file));
    if (res.statusCode !== 201) throw new Error(`upload of ${name}: ${res.statusCode} ${res.body}`);
  }
  for (const end = Date.now() + 90_000; ; ) {
    const res = await ctx.app.inject({ method: 'GET', url: `/api/tenders/${tenderId}/docs`, headers: { authorization: `Bearer ${person.token}` } });
    const docs = res.json() as { documents: { extraction: { status: string } | null }[] };
    if (docs.documents.every((d) => d.extraction?.status === 'done')) return tenderId;
    if (Date.now() > end) throw new Error('documents still being read');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Runs the DCE analysis of a tender whose documents are read, and waits for it to be done. */
export async function analysedDce(ctx: TestContext, person: { token: string }, tenderId: string) {
  const headers = { authorization: `Bearer ${person.token}` };
  const started = await ctx.app.inject({ method: 'POST', url: `/api/tenders/${tenderId}/dce-analyses`, headers });
  const id = (started.json() as { details: { _id: string } }).details._id;
  for (const end = Date.now() + 120_000; ; ) {
    const analysis = (await ctx.app.inject({ method: 'GET', url: `/api/dce-analyses/${id}`, headers })).json() as { status: string };
    if (analysis.status === 'done') return id;
    if (analysis.status === 'failed' || Date.now() > end) throw new Error(`DCE analysis ${analysis.status}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
