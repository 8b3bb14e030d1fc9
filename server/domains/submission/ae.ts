// The AE's amount and the price files' total (issues 25 and 26): the offer's total excl. VAT the
// tender's price files give (what a generated AE is written with), and the amount a company wrote
// on the AE it uploaded, read from the file's text. The folder compares them; the price files'
// check marks the difference on the total's cell (`ae_mismatch`).
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { unzipSync } from '../../files/zip';
import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { priceFiles, submissionPieces } from '../../db/schema';
import type { Storage } from '../../storage/storage';
import { priceTotals } from '../../analysis/prices/check-prices';
import { readAeAmount, type AeAmount } from '../../analysis/forms/ae';
import { docxPages, odtPages } from '../../extraction/office';
import { runExtraction } from '../../extraction/run';
import { pricedRead } from '../price-files/pricing';

/** The folder's codes of the AE: the buyer's own, and the DAJ's form. */
export const AE_CODES = new Set(['AE', 'ATTRI1']);

type PriceRow = Pick<typeof priceFiles.$inferSelect, 'id' | 'fileName' | 'read' | 'prices'>;

/** The offer's total: the sum of the price files that have one (a BPU of rates has none), with the files it comes from. */
export type OfferTotal = { exclVat: number; inclVat: number | null; vatRate: number | null; files: { id: string; fileName: string }[] };

export function offerTotal(rows: PriceRow[]): OfferTotal | null {
  const carriers = rows.map((row) => ({ row, totals: priceTotals(pricedRead(row.read, row.prices)) })).filter((c) => c.totals.totalExclVat !== null);
  if (!carriers.length) return null;
  const cents = (value: number) => Math.round(value * 100) / 100;
  const exclVat = cents(carriers.reduce((sum, c) => sum + c.totals.totalExclVat!, 0));
  const inclVat = carriers.every((c) => c.totals.totalInclVat !== null) ? cents(carriers.reduce((sum, c) => sum + c.totals.totalInclVat!, 0)) : null;
  // The rate the files state, to a tenth of a percent (20 %, 5,5 %).
  const vatRate = inclVat !== null && exclVat > 0 ? Math.round((inclVat / exclVat - 1) * 1000) / 1000 : null;
  return { exclVat, inclVat, vatRate, files: carriers.map((c) => ({ id: c.row.id, fileName: c.row.fileName })) };
}

/** A file uploaded as the AE, and the amount excl. VAT read on it (null: none, or two different). */
export type UploadedAe = { code: string; fileName: string; read: AeAmount | null };

export type StoredFile = { storageKey: string; mime: string | null; fileName: string };

// A stored object never changes under its key (each upload has a key of its own), so its text is
// read once per process, whichever process stored it (docs/scaling.md, "Per-process state").
const textByKey = new Map<string, Promise<string | null>>();
const TEXT_CACHE_MAX = 200;

/** The text of a stored PDF, DOCX or ODT (null for anything else or a file that cannot be read). */
export function storedText(storage: Storage, file: StoredFile): Promise<string | null> {
  let text = textByKey.get(file.storageKey);
  if (!text) {
    if (textByKey.size >= TEXT_CACHE_MAX) textByKey.clear();
    const reading = readText(storage, file);
    const kept = reading.catch(() => null);
    textByKey.set(file.storageKey, kept);
    // The storage failed (a bucket out of reach, a connection cut): not kept, the next view asks again.
    reading.catch(() => {
      if (textByKey.get(file.storageKey) === kept) textByKey.delete(file.storageKey);
    });
    text = kept;
  }
  return text;
}

/** Rejects only when the storage does; bytes that say nothing give null. */
async function readText(storage: Storage, file: StoredFile): Promise<string | null> {
  const stored = await storage.get(file.storageKey);
  if (!stored) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of stored.stream) chunks.push(chunk as Buffer);
  try {
    return await textOf(Buffer.concat(chunks), file);
  } catch {
    return null;
  }
}

async function textOf(bytes: Buffer, file: StoredFile): Promise<string | null> {
  const extension = file.fileName.toLowerCase().split('.').pop();
  if (file.mime === 'application/pdf' || extension === 'pdf') {
    // In the extraction pool, as every PDF the product reads: a hostile file only costs a child.
    const folder = await mkdtemp(join(tmpdir(), 'soumissio-ae-'));
    try {
      const path = join(folder, 'ae.pdf');
      await writeFile(path, bytes);
      const result = await runExtraction({ path, fileName: 'ae.pdf' }, { timeoutMs: 60_000 });
      const part = result.parts[0];
      return part && !part.error ? part.pages.map((page) => page.text).join('\n\n') : null;
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  }
  const entries = unzipSync(new Uint8Array(bytes), { filter: (entry) => entry.name === 'word/document.xml' || entry.name === 'content.xml' });
  const decode = (data: Uint8Array | undefined) => (data ? new TextDecoder('utf-8').decode(data) : null);
  const docx = decode(entries['word/document.xml']);
  if (docx) return docxPages(docx).join('\n\n');
  const odt = decode(entries['content.xml']);
  return odt ? odtPages(odt).join('\n\n') : null;
}

/** The AE the company uploaded for the tender, with the amount read on it; null when the AE is not an upload. */
export async function uploadedAe(db: Database, storage: Storage, tenderId: string): Promise<UploadedAe | null> {
  const [piece] = await db
    .select({ code: submissionPieces.code, fileName: submissionPieces.fileName, mime: submissionPieces.mime, storageKey: submissionPieces.storageKey })
    .from(submissionPieces)
    .where(and(eq(submissionPieces.tenderId, tenderId), inArray(submissionPieces.code, [...AE_CODES])))
    .limit(1);
  return uploadedAeOf(piece ? [piece] : [], (file) => storedText(storage, file));
}

/** The AE among a tender's uploaded pieces, its amount read from the text `textOf` gives (injected: it reads stored bytes). */
export async function uploadedAeOf(
  pieces: { code: string; storageKey: string | null; mime: string | null; fileName: string | null }[],
  textOf: ((file: StoredFile) => Promise<string | null>) | undefined,
): Promise<UploadedAe | null> {
  const piece = pieces.find((p) => AE_CODES.has(p.code) && p.storageKey && p.fileName);
  if (!piece) return null;
  const file = { storageKey: piece.storageKey!, mime: piece.mime, fileName: piece.fileName! };
  const text = textOf ? await textOf(file) : null;
  return { code: piece.code, fileName: file.fileName, read: text ? readAeAmount(text) : null };
}

/**
 * The AE amount a price file's total is checked against (checkPrices' `aeTotal`): the amount read
 * on an uploaded AE, when this file alone carries the offer's total. A generated AE is written
 * with that total; with several files carrying totals, the AE's amount is their sum and no one
 * file's total cell differs from it (the folder compares the sum).
 */
export function aeTotalFor(fileId: string, offer: OfferTotal | null, ae: UploadedAe | null): number | null {
  if (!ae?.read || !offer || offer.files.length !== 1 || offer.files[0]!.id !== fileId) return null;
  return ae.read.amount;
}

/** The same for the price files' own check route: the tender's files read from the database. */
export async function aeTotalOfPriceFile(db: Database, storage: Storage, row: { id: string; tenderId: string }): Promise<number | null> {
  const ae = await uploadedAe(db, storage, row.tenderId);
  if (!ae?.read) return null;
  const rows = await db.select({ id: priceFiles.id, fileName: priceFiles.fileName, read: priceFiles.read, prices: priceFiles.prices }).from(priceFiles).where(eq(priceFiles.tenderId, row.tenderId));
  return aeTotalFor(row.id, offerTotal(rows), ae);
}
