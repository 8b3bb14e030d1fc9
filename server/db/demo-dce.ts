// Demo data of document intelligence: the demo company answers a real call, Grenoble INP's
// 2026FCSSA0025 (a public DCE, tests/fixtures/SOURCES.md), with its ten documents uploaded.
// Their text is read and the DCE analysed by the server's jobs at the first start, so the
// documents, the text previews and the DCE analysis show real content.
import { createHash, randomUUID } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import type { Database } from './client';
import { cctpAnalyses, dceAnalyses, dceTemplates, jobs, tenderCalls, tenderDocuments, tenderGoNoGo, tenderNotes, tenderStatusChanges, tenders } from './schema';
import { DEMO_GO_NO_GO, demoGoNoGoRow } from './demo-tenders';
import type { Storage } from '../storage/storage';
import { EXTRACT_DOCUMENT } from '../domains/tender-docs/extraction';
import { ANALYSE_DCE } from '../domains/dce-analyses/job';
import { ANALYSE_CCTP } from '../domains/cctp-analyses/job';
import { refreshMatches } from '../domains/tenders/refresh';
import { seedDemoMemory } from './demo-memory';

export const DEMO_DCE_FOLDER = fileURLToPath(new URL('../../tests/fixtures/dce/grenoble-inp_2026FCSSA0025/', import.meta.url));
export const DEMO_DCE_CALL = {
  reference: '2026FCSSA0025',
  title: 'Acquisition d’une machine de prototypage de circuits imprimés par gravures laser et mécanique',
  buyer: 'Institut polytechnique de Grenoble',
  procedure: 'adapted' as const,
  cpvCodes: ['38000000-5', '42636000-2'],
  department: '38',
  region: 'Auvergne-Rhône-Alpes',
  estimatedAmount: null,
  publicationDate: '2026-06-12',
  // "MERCREDI 15 JUILLET 2026 A 12:00" (Paris, summer time).
  submissionDeadline: new Date('2026-07-15T10:00:00Z'),
  noticeUrl: 'https://www.marches-publics.gouv.fr',
  description:
    'Fourniture, installation et mise en service d’une machine de prototypage de circuits imprimés par gravure laser et mécanique, avec la formation des utilisateurs et la maintenance. Procédure adaptée, marché non alloti.',
};
export const DEMO_SUPPLIES_TEMPLATE = {
  name: 'Marché de fournitures – procédure adaptée',
  description: 'Pièces habituelles d’un DCE de fournitures passé en procédure adaptée (MAPA).',
  documents: [
    { code: 'RC', label: 'Règlement de la consultation', required: true },
    { code: 'CCAP', label: 'Cahier des clauses administratives particulières', required: true },
    { code: 'CCTP', label: 'Cahier des clauses techniques particulières', required: true },
    { code: 'AE', label: 'Acte d’engagement', required: true },
    { code: 'DC1', label: 'Lettre de candidature', required: false },
    { code: 'DC2', label: 'Déclaration du candidat', required: false },
    { code: 'BPU', label: 'Bordereau des prix unitaires', required: false },
  ],
};

const MIMES: Record<string, string> = {
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

type DemoDocument = { id: string; fileName: string; data: Buffer; key: string; mime: string };
type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/** The DCE's files, stored: files first, so that a row never names a file that is not there. */
async function storeFolder(storage: Storage, folder: string, companyId: string, tenderId: string): Promise<DemoDocument[]> {
  const files = readdirSync(folder)
    .filter((name) => MIMES[name.split('.').pop()!.toLowerCase()])
    .sort();
  const documents = files.map((fileName) => {
    const data = readFileSync(`${folder}${fileName}`);
    const id = randomUUID();
    return { id, fileName, data, key: `tender-docs/${companyId}/${tenderId}/${id}`, mime: MIMES[fileName.split('.').pop()!.toLowerCase()]! };
  });
  for (const doc of documents) await storage.put(doc.key, doc.data);
  return documents;
}

/** Each document's reading, then the DCE analysis, which waits for their text. */
async function queueReadingsAndAnalysis(tx: Tx, documents: DemoDocument[], tenderId: string, companyId: string, managerId: string | null): Promise<void> {
  for (const doc of documents) {
    const [job] = await tx.insert(jobs).values({ kind: EXTRACT_DOCUMENT, payload: { documentId: doc.id, storageKey: doc.key } }).returning({ id: jobs.id });
    await tx.insert(tenderDocuments).values({
      id: doc.id,
      tenderId,
      companyId,
      fileName: doc.fileName,
      mime: doc.mime,
      size: doc.data.length,
      sha256: createHash('sha256').update(doc.data).digest('hex'),
      storageKey: doc.key,
      uploadedBy: managerId,
      extractionJobId: job!.id,
    });
  }
  const [analysis] = await tx.insert(dceAnalyses).values({ tenderId, createdBy: managerId }).returning({ id: dceAnalyses.id });
  const [job] = await tx
    .insert(jobs)
    .values({ kind: ANALYSE_DCE, payload: { analysisId: analysis!.id }, runAfter: new Date(Date.now() + 1000) })
    .returning({ id: jobs.id });
  await tx.update(dceAnalyses).set({ jobId: job!.id }).where(eq(dceAnalyses.id, analysis!.id));
}

const alreadySeeded = async (db: Database, reference: string) =>
  (await db.select({ id: tenderCalls.id }).from(tenderCalls).where(eq(tenderCalls.reference, reference)).limit(1)).length > 0;

/** Once: a later start leaves the call, its documents and its analyses as users left them. */
export async function seedDemoDce(db: Database, storage: Storage, companyId: string, managerId: string | null): Promise<void> {
  await seedDemoAllottedDce(db, storage, companyId, managerId);
  if (!existsSync(DEMO_DCE_FOLDER)) return;
  if (await alreadySeeded(db, DEMO_DCE_CALL.reference)) {
    // Seeded before its match was computed (35/100 with no reason): scored from the profile again.
    await refreshMatches(db, eq(tenders.companyId, companyId));
    return;
  }
  const tenderId = randomUUID();
  const documents = await storeFolder(storage, DEMO_DCE_FOLDER, companyId, tenderId);
  await db.transaction(async (tx) => {
    const [template] = await tx.insert(dceTemplates).values(DEMO_SUPPLIES_TEMPLATE).returning({ id: dceTemplates.id });
    const [call] = await tx
      .insert(tenderCalls)
      .values({ ...DEMO_DCE_CALL, source: 'manual', dceTemplateId: template!.id })
      .returning({ id: tenderCalls.id });
    const added = new Date('2026-06-15T08:00:00Z');
    const started = new Date('2026-06-16T09:00:00Z');
    // The call's dates are its documents' (July 2026): once the deadline is past, the response went
    // in the day before it, as the demo's other answered calls; before, it is being written.
    const submittedAt = new Date(DEMO_DCE_CALL.submissionDeadline.getTime() - 20 * 3_600_000);
    const submitted = Date.now() > DEMO_DCE_CALL.submissionDeadline.getTime();
    await tx.insert(tenders).values({
      id: tenderId,
      tenderCallId: call!.id,
      companyId,
      submissionDeadline: DEMO_DCE_CALL.submissionDeadline,
      status: submitted ? 'submitted' : 'in_progress',
      // Scored below from the company's profile: a score is never stored without its reasons.
      statusChangedAt: submitted ? submittedAt : started,
      createdAt: added,
    });
    await tx.insert(tenderStatusChanges).values([
      { tenderId, fromStatus: null, toStatus: 'not_started', changedAt: added, changedBy: managerId },
      { tenderId, fromStatus: 'not_started', toStatus: 'in_progress', changedAt: started, changedBy: managerId },
      ...(submitted ? [{ tenderId, fromStatus: 'in_progress' as const, toStatus: 'submitted' as const, changedAt: submittedAt, changedBy: managerId }] : []),
    ]);
    // The go the team note tells of ("Go décidé en réunion du 16/06"), recorded on the Go/No-Go grid.
    await tx.insert(tenderGoNoGo).values(demoGoNoGoRow(tenderId, DEMO_GO_NO_GO[DEMO_DCE_CALL.reference]!, started, managerId));
    await queueReadingsAndAnalysis(tx, documents, tenderId, companyId, managerId);
    await tx.insert(tenderNotes).values({
      tenderId,
      updatedBy: managerId,
      updatedAt: new Date('2026-06-17T14:20:00Z'),
      text: [
        'Go décidé en réunion du 16/06 : notre fournisseur de machines de prototypage annonce 8 semaines de délai.',
        'Visite facultative : demander un créneau au service achats pour voir la salle (alimentation 16 A ?).',
        'Critère technique à 60 % : soigner la finesse de structuration laser (2.1, 20 %) avec les essais du fabricant.',
      ].join('\n\n'),
    });
    // And the CCTP's requirements matrix.
    const [cctp] = await tx.insert(cctpAnalyses).values({ tenderId, createdBy: managerId }).returning({ id: cctpAnalyses.id });
    const [cctpJob] = await tx
      .insert(jobs)
      .values({ kind: ANALYSE_CCTP, payload: { analysisId: cctp!.id }, runAfter: new Date(Date.now() + 1000) })
      .returning({ id: jobs.id });
    await tx.update(cctpAnalyses).set({ jobId: cctpJob!.id }).where(eq(cctpAnalyses.id, cctp!.id));
  });
  await refreshMatches(db, eq(tenders.id, tenderId));
  // And the technical memory in progress, its outline from the RC's criteria table.
  const rc = documents.find((d) => d.fileName.startsWith('RC_'));
  await seedDemoMemory(db, companyId, tenderId, managerId, rc && { documentId: rc.id, fileName: rc.fileName });
}

// A second real call whose RC is read differently: the DAE's 7-lot accord-cadre (its lots in a
// table over two pages, award criteria per group of lots), answered for lot 7. Its deadline is
// past: the response was submitted.
export const DEMO_ALLOTTED_FOLDER = fileURLToPath(new URL('../../tests/fixtures/dce/dae-amoa-2025/', import.meta.url));
export const DEMO_ALLOTTED_CALL = {
  reference: 'DAE-AMOA-2025',
  title: 'Prestations d’accompagnement de la maîtrise d’ouvrage à la transformation numérique (accord-cadre interministériel, 7 lots)',
  buyer: 'Direction des achats de l’État',
  procedure: 'open' as const,
  cpvCodes: ['72224000-1', '79411000-8'],
  department: '75',
  region: 'Île-de-France',
  estimatedAmount: null,
  publicationDate: '2025-04-30',
  // "mercredi 11 juin 2025 à 14h00" (Paris, summer time).
  submissionDeadline: new Date('2025-06-11T12:00:00Z'),
  noticeUrl: 'https://www.marches-publics.gouv.fr',
  description: 'Accord-cadre interministériel en 7 lots : études et audits, conduite du changement, AMOA de projets et produits digitaux, recette, passation de marchés, intermédiation d’expertises rares en mode Agile.',
};

async function seedDemoAllottedDce(db: Database, storage: Storage, companyId: string, managerId: string | null): Promise<void> {
  if (!existsSync(DEMO_ALLOTTED_FOLDER) || (await alreadySeeded(db, DEMO_ALLOTTED_CALL.reference))) return;
  const tenderId = randomUUID();
  const documents = await storeFolder(storage, DEMO_ALLOTTED_FOLDER, companyId, tenderId);
  await db.transaction(async (tx) => {
    const [call] = await tx.insert(tenderCalls).values({ ...DEMO_ALLOTTED_CALL, source: 'manual' }).returning({ id: tenderCalls.id });
    const added = new Date('2025-05-05T08:00:00Z');
    const submitted = new Date('2025-06-10T16:30:00Z');
    await tx.insert(tenders).values({
      id: tenderId,
      tenderCallId: call!.id,
      companyId,
      submissionDeadline: DEMO_ALLOTTED_CALL.submissionDeadline,
      status: 'submitted',
      answeredLots: [7],
      matchScore: 0,
      matchStatus: 'none',
      matchReasons: [],
      statusChangedAt: submitted,
      createdAt: added,
    });
    await tx.insert(tenderStatusChanges).values([
      { tenderId, fromStatus: null, toStatus: 'not_started', changedAt: added, changedBy: managerId },
      { tenderId, fromStatus: 'not_started', toStatus: 'in_progress', changedAt: new Date('2025-05-06T09:00:00Z'), changedBy: managerId },
      { tenderId, fromStatus: 'in_progress', toStatus: 'submitted', changedAt: submitted, changedBy: managerId },
    ]);
    await queueReadingsAndAnalysis(tx, documents, tenderId, companyId, managerId);
  });
}
