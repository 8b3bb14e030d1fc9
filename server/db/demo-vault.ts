// The demo company's vault (issue 26): the attestations a French candidature asks for, dated so
// that the Grenoble INP call's folder (deadline 15 July 2026) shows what the product checks — a
// Kbis under three months, a tax certificate of the year, an insurance covering it, a Qualibat
// certificate, and an URSSAF attestation that will be over six months old on the deadline.
// Each file is a one-page PDF written here. Seeded once: documents the user changes stay so.
import { createHash, randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import { eq } from 'drizzle-orm';
import PDFDocument from 'pdfkit';
import type { Database } from './client';
import { companyDocuments } from './schema';
import type { Storage } from '../storage/storage';

const require = createRequire(import.meta.url);
const FONT = require.resolve('pdfjs-dist/standard_fonts/LiberationSans-Regular.ttf');

type Kind = (typeof companyDocuments.$inferInsert)['kind'];
export const DEMO_VAULT: { kind: Kind; title: string; issueDate: string; validUntil: string | null; body: string }[] = [
  { kind: 'kbis', title: 'Extrait Kbis', issueDate: '2026-05-20', validUntil: null, body: 'Extrait d’immatriculation principale au registre du commerce et des sociétés — Greffe du tribunal de commerce de Lyon.' },
  { kind: 'urssaf', title: 'Attestation de vigilance URSSAF', issueDate: '2025-12-10', validUntil: '2026-06-10', body: 'Attestation de vigilance délivrée par l’URSSAF Rhône-Alpes : l’entreprise est à jour de ses obligations de déclaration et de paiement.' },
  { kind: 'tax', title: 'Attestation de régularité fiscale', issueDate: '2026-04-02', validUntil: null, body: 'Attestation de régularité fiscale délivrée par la direction générale des Finances publiques.' },
  { kind: 'insurance', title: 'Attestation d’assurance responsabilité civile et décennale', issueDate: '2026-01-05', validUntil: '2026-12-31', body: 'Attestation d’assurance de responsabilité civile professionnelle et décennale, période du 1er janvier au 31 décembre 2026.' },
  { kind: 'certification', title: 'Certificat Qualibat RGE 2111', issueDate: '2024-03-31', validUntil: '2027-03-31', body: 'Certificat de qualification Qualibat 2111 — Maçonnerie et béton armé (technicité courante), mention RGE.' },
];

function attestationPdf(title: string, body: string, issued: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'A4', margin: 56, info: { Title: title, Author: 'Durand Bâtiment' } });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.font(FONT).fontSize(18).text(title).moveDown();
    doc.fontSize(11).text('Durand Bâtiment — SIRET 812 345 676 00017 — 24 rue de la République, 69002 Lyon').moveDown();
    doc.text(body).moveDown();
    doc.text(`Délivrée le ${issued.split('-').reverse().join('/')}.`);
    doc.end();
  });
}

export async function seedDemoVault(db: Database, storage: Storage, companyId: string, uploadedBy: string | null): Promise<void> {
  const [any] = await db.select({ id: companyDocuments.id }).from(companyDocuments).where(eq(companyDocuments.companyId, companyId)).limit(1);
  if (any) return;
  for (const document of DEMO_VAULT) {
    const id = randomUUID();
    const data = await attestationPdf(document.title, document.body, document.issueDate);
    const storageKey = `company-docs/${companyId}/${id}`;
    await storage.put(storageKey, data);
    await db.insert(companyDocuments).values({
      id,
      companyId,
      kind: document.kind,
      title: document.title,
      issueDate: document.issueDate,
      validUntil: document.validUntil,
      fileName: `${document.title}.pdf`,
      mime: 'application/pdf',
      size: data.length,
      sha256: createHash('sha256').update(data).digest('hex'),
      storageKey,
      uploadedBy,
    });
  }
}
