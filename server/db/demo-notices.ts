// Demo market data (issue 13): the real notices of tests/fixtures/sourcing/ (BOAMP, TED, DECP;
// SOURCES.md there) imported through the real importer, so that potential tenders, matching and
// buyers' history show real calls and awards. Real calls are all closed: for the demo only, the
// imported calls' dates move forward by one offset so that the newest was published three days
// ago (docs/sourcing.md, "The demo's notices"); awards keep their real dates as history.
import { existsSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Database } from './client';
import { importRuns, sourceNotices, tenderCalls, tenders } from './schema';
import { createImportRun, runImport } from '../domains/sourcing/store';

export const DEMO_NOTICES_FOLDER = fileURLToPath(new URL('../../tests/fixtures/sourcing/', import.meta.url));

/** Calls first, then the notices naming them (corrections, awards), then the DECP records. */
export const DEMO_NOTICE_FILES = [
  'akshaiyganesh_json_api_boamp_2006_v110_20records.json',
  'nicolasmura_boamp-query_2024_mapa_2records.json',
  'jpbenga_boamp-where-date_2026_fnsimple_5records.TRANSCRIBED.json',
  '20-152081.json',
  'test-pub.xml',
  'test-pub-2.xml',
  'test-pub-3.xml',
  'test-pub-4.xml',
  'test-pub-5.xml',
  'test-pub-7.xml',
  'test-pub-8.xml',
  'test-pub-9.xml',
  '19-090974-001-EXP.xml',
  '21-363118-001-EXP.xml',
  '21-363118-001-EXP.eforms-converted.xml',
  'test-attribution-2.xml',
  'test-attribution-3.xml',
  'test-attribution-4.xml',
  'test-attribution-5.xml',
  'test-attribution-6.xml',
  'test-attribution-7.xml',
  'test-attribution-8.xml',
  'test-attribution-9.xml',
  'test-attribution-10.xml',
  'test-attribution-11.xml',
  'test-attribution-12.xml',
  '18-412273-001-EXP.xml',
  '19-318420-001-EXP.xml',
  '21-298854-001-EXP.xml',
  'data.gouv.fr_pes_2019-02-03.json',
  'e-marchespublics_2019-04-03.json',
  'decp-13001845000028-2024-02-29-01.TRANSCRIBED.json',
];

/** The demo's import runs are told apart by their origin: imported once, on the first demo start. */
export const DEMO_ORIGIN = 'demo';
/** The newest imported call is shown as published this many days ago. */
export const DEMO_NEWEST_PUBLICATION_DAYS = 3;

const DAY = 86_400_000;

export async function seedDemoNotices(db: Database, now = Date.now()): Promise<{ notices: number; shiftedDays: number } | null> {
  const [done] = await db.select({ id: importRuns.id }).from(importRuns).where(eq(importRuns.origin, DEMO_ORIGIN)).limit(1);
  if (done) return null;
  const runIds: string[] = [];
  let notices = 0;
  for (const file of DEMO_NOTICE_FILES) {
    const path = `${DEMO_NOTICES_FOLDER}${file}`;
    if (!existsSync(path)) continue;
    const runId = await createImportRun(db, { fileName: file, size: statSync(path).size, status: 'running' });
    await db.update(importRuns).set({ origin: DEMO_ORIGIN }).where(eq(importRuns.id, runId));
    runIds.push(runId);
    notices += (await runImport({ db, runId, input: path })).notices;
  }
  if (runIds.length === 0) return { notices: 0, shiftedDays: 0 };

  // The calls these runs made or changed, and the day the newest of them was published.
  const callIds = (
    await db
      .selectDistinct({ id: sourceNotices.tenderCallId })
      .from(sourceNotices)
      .where(and(inArray(sourceNotices.importRunId, runIds), isNotNull(sourceNotices.tenderCallId)))
  ).map((r) => r.id!);
  if (callIds.length === 0) return { notices, shiftedDays: 0 };
  const [{ newest }] = (await db.select({ newest: sql<string | null>`max(${tenderCalls.publicationDate})::text` }).from(tenderCalls).where(inArray(tenderCalls.id, callIds))) as [{ newest: string | null }];
  if (!newest) return { notices, shiftedDays: 0 };
  const today = Date.UTC(new Date(now).getUTCFullYear(), new Date(now).getUTCMonth(), new Date(now).getUTCDate());
  const days = Math.round((today - DEMO_NEWEST_PUBLICATION_DAYS * DAY - Date.parse(`${newest}T00:00:00Z`)) / DAY);
  if (days <= 0) return { notices, shiftedDays: 0 };
  const by = sql.raw(`interval '${days} days'`);
  await db.transaction(async (tx) => {
    await tx
      .update(tenderCalls)
      .set({
        publicationDate: sql`(${tenderCalls.publicationDate} + ${sql.raw(String(days))})`,
        submissionDeadline: sql`${tenderCalls.submissionDeadline} + ${by}`,
        questionsDeadline: sql`${tenderCalls.questionsDeadline} + ${by}`,
        siteVisitDate: sql`${tenderCalls.siteVisitDate} + ${by}`,
      })
      .where(inArray(tenderCalls.id, callIds));
    // The calls' own notices move with them (links show the call's publication); award notices keep theirs.
    await tx
      .update(sourceNotices)
      .set({ publishedAt: sql`(${sourceNotices.publishedAt} + ${sql.raw(String(days))})` })
      .where(and(inArray(sourceNotices.tenderCallId, callIds), inArray(sourceNotices.kind, ['call', 'correction', 'cancellation'])));
    await tx.update(tenders).set({ submissionDeadline: sql`${tenders.submissionDeadline} + ${by}` }).where(inArray(tenders.tenderCallId, callIds));
  });
  return { notices, shiftedDays: days };
}
