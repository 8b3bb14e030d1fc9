// Real BOAMP exports (issue 24): opendatasoft records pulled with `select=` carry only columns, no
// `donnees`; every one was refused "Format inconnu", and a `donnees: null` record lost its hour
// (12:00 stored as 00:00). The bare six-column export is made here from the fixtures' 27 real
// records (tests/fixtures/sourcing: 20 v110, 2 MAPA, 5 FNSimple), replicated to 1,080 with distinct
// idweb and the deadline written as an export with Paris offsets does ("…T12:00:00+01:00").
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inArray } from 'drizzle-orm';
import { tenderCalls } from '../../server/db/schema';
import { importNotices } from '../../server/domains/sourcing/index';
import type { ImportedNotice } from '../../server/domains/sourcing/notice';
import { createImportRun, runImport } from '../../server/domains/sourcing/store';
import { createTestApp, type TestContext } from './context';

const FIXTURES = join(import.meta.dirname, '../fixtures/sourcing');
const ODS_FILES = ['akshaiyganesh_json_api_boamp_2006_v110_20records.json', 'nicolasmura_boamp-query_2024_mapa_2records.json', 'jpbenga_boamp-where-date_2026_fnsimple_5records.TRANSCRIBED.json'];
const COLUMNS = ['idweb', 'objet', 'nomacheteur', 'dateparution', 'datelimitereponse', 'code_departement'] as const;
const COPIES = 40;
/** Wall-clock times an export carries; the hour must survive the import. */
const TIMES = ['12:00', '17:30', '09:00', '16:00', '23:59', '00:30'];

type Row = Record<(typeof COLUMNS)[number], unknown>;

/** Paris offset of a wall-clock time (last Sunday of March to last Sunday of October: +02:00). */
function parisOffset(day: string): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const lastSunday = (month: number) => {
    const last = new Date(Date.UTC(y, month, 0));
    return last.getUTCDate() - last.getUTCDay();
  };
  const summer = (m > 3 && m < 10) || (m === 3 && d >= lastSunday(3)) || (m === 10 && d < lastSunday(10));
  return summer ? '+02:00' : '+01:00';
}

/** The export: each real record cut to the six columns, copied with idweb "…-c{n}" and a deadline time of its own. */
async function sixColumnExport(): Promise<{ rows: Row[]; expected: Map<string, string | null> }> {
  const rows: Row[] = [];
  const expected = new Map<string, string | null>();
  let n = 0;
  for (const file of ODS_FILES) {
    const json = JSON.parse(await readFile(join(FIXTURES, file), 'utf8')) as { results?: Row[]; data?: { results: Row[] } };
    for (const record of json.results ?? json.data!.results) {
      for (let copy = 0; copy < COPIES; copy++, n++) {
        const row = Object.fromEntries(COLUMNS.map((c) => [c, record[c] ?? null])) as Row;
        const idweb = `${String(record.idweb)}-c${copy}`;
        row.idweb = idweb;
        const day = typeof record.datelimitereponse === 'string' ? record.datelimitereponse.slice(0, 10) : null;
        const time = TIMES[n % TIMES.length]!;
        row.datelimitereponse = day ? `${day}T${time}:00${parisOffset(day)}` : null;
        expected.set(idweb, day ? `${day}T${time}:00${parisOffset(day)}` : null);
        rows.push(row);
      }
    }
  }
  return { rows, expected };
}

let ctx: TestContext;
let tmp: string;
beforeAll(async () => {
  tmp = await mkdtemp(join(tmpdir(), 'ods-columns-'));
  ctx = await createTestApp();
}, 180_000);
afterAll(async () => {
  await ctx?.close();
  if (tmp) await rm(tmp, { recursive: true, force: true });
});

describe('a bare six-column opendatasoft export', () => {
  it('imports every one of its 1,080 records with the deadline hour it wrote, in Paris time', async () => {
    const { rows, expected } = await sixColumnExport();
    expect(rows.length).toBeGreaterThanOrEqual(1000);
    const path = join(tmp, 'boamp-export.json');
    await writeFile(path, JSON.stringify(rows));
    const notices: ImportedNotice[] = [];
    const refused: unknown[] = [];
    for await (const r of importNotices(path)) {
      if ('notice' in r) notices.push(r.notice);
      else refused.push(r.refused);
    }
    expect(refused).toEqual([]);
    expect(notices.length).toBe(rows.length);
    const wrong = notices.filter((n) => n.deadline !== expected.get(n.sourceId)).map((n) => `${n.sourceId}: ${n.deadline} ≠ ${expected.get(n.sourceId)}`);
    expect(wrong).toEqual([]);
    // The columns alone: no place is guessed from the publication départements.
    expect(notices.every((n) => n.shape === 'boamp-ods-columns' && n.place.departements.length === 0)).toBe(true);
    expect(notices.find((n) => n.sourceId === '26-7113-c0')).toMatchObject({ title: 'Rénovation de la caserne de gendarmerie de DOULAINCOURT-SAUCOURT (52)', buyer: { name: 'SGAMI Est DAGF BCP' }, publishedAt: '2026-01-21' });
  });

  it('stores them: every call lands with the deadline instant it wrote; "donnees": null keeps its hour too', { timeout: 300_000 }, async () => {
    const { rows, expected } = await sixColumnExport();
    const withNull = rows.map((r, i) => (i % 2 ? { ...r, donnees: null } : r));
    const path = join(tmp, 'boamp-export-stored.json');
    await writeFile(path, JSON.stringify(withNull));
    const runId = await createImportRun(ctx.db, { fileName: 'boamp-export-stored.json', size: 0, status: 'running' });
    const counts = await runImport({ db: ctx.db, runId, input: path });
    const dated = rows.filter((r) => expected.get(String(r.idweb)));
    // Two real v110 records have no datelimitereponse: a call needs a deadline to be stored
    // (sourcing-missing-deadline, as for full records); every other record lands.
    expect(counts).toMatchObject({ notices: rows.length, new: dated.length, refused: rows.length - dated.length });
    const stored = await ctx.db.select({ reference: tenderCalls.reference, deadline: tenderCalls.submissionDeadline }).from(tenderCalls).where(inArray(tenderCalls.reference, dated.map((r) => String(r.idweb))));
    expect(stored.length).toBe(dated.length);
    const wrong = stored.filter((s) => s.deadline.getTime() !== new Date(expected.get(s.reference)!).getTime()).map((s) => `${s.reference}: ${s.deadline.toISOString()}`);
    expect(wrong).toEqual([]);
  });
});
