// `npm run bench:submission`: prints figures, never fails on a slow machine (issue 26).
//  1. The folder's state for a 30-piece tender (an RC listing 26 pieces, the vault, uploads, two
//     price files): GET /api/tenders/{id}/submission, target ≤ 300 ms, against the tender's own
//     page (GET /api/tenders/{id}) in the same process.
//  2. The ZIP of a 200 MB folder streamed over HTTP, against a bare `zip -0` (stored, as ours) of
//     the same files: target ≥ 50 % of its throughput, with the server's RSS flat (sampled while
//     streaming).
import { execFileSync } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import * as XLSX from '@e965/xlsx';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { companyDocuments, dceAnalyses, priceFiles, submissionPieces, tenderCalls, tenderDocuments, tenders } from '../server/db/schema';
import { localStorage } from '../server/storage/local';
import { createTestApp, createUser } from '../tests/api/context';

const ROUNDS = Number(process.env.BENCH_SUBMISSION_ROUNDS ?? 30);
const ZIP_MB = Number(process.env.BENCH_SUBMISSION_MB ?? 200);
const FILES = 10;
const percentile = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))]!;
const ms = (x: number) => `${x.toFixed(1)} ms`;
const verdict = (ok: boolean) => (ok ? 'met' : 'missed');

const CANDIDATURE = ['DC1', 'DC2', 'DUME', 'HONOUR_DECLARATION', 'KBIS', 'URSSAF', 'TAX', 'INSURANCE', 'CERTIFICATIONS', 'REFERENCES', 'TURNOVER', 'STAFF', 'POWER'];
const OFFRE = ['ATTRI1', 'AE', 'MEMOIRE_TECHNIQUE', 'BPU', 'DQE', 'RIB', 'TECHNICAL_SHEETS', 'PLANNING', 'OPTION_1', 'OPTION_2', 'ANNEXE_1', 'ANNEXE_2', 'ANNEXE_3', 'ANNEXE_4', 'ANNEXE_5', 'ANNEXE_6', 'ANNEXE_7'];

async function timed(rounds: number, run: () => Promise<unknown>) {
  const times: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const started = performance.now();
    await run();
    times.push(performance.now() - started);
  }
  return times;
}

async function main() {
  console.info(`bench:submission, load ${loadavg()[0]!.toFixed(1)}, ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}`);
  const ctx = await createTestApp();
  const storage = localStorage(ctx.filesDir);
  try {
    const manager = await createUser(ctx, 'manager');
    const companyId = manager.companyId!;
    const auth = { authorization: `Bearer ${manager.token}` };
    const submissionDeadline = new Date(Date.now() + 20 * 86_400_000);
    const [call] = await ctx.db.insert(tenderCalls).values({ reference: 'BENCH-DOSSIER', title: 'Réhabilitation du groupe scolaire', buyer: 'Commune', submissionDeadline, noticeUrl: 'https://www.marches-publics.gouv.fr' }).returning({ id: tenderCalls.id });
    const [tender] = await ctx.db.insert(tenders).values({ tenderCallId: call!.id, companyId, status: 'in_progress', submissionDeadline }).returning({ id: tenders.id });
    const tenderId = tender!.id;
    const source = (excerpt: string) => ({ documentId: tenderId, entry: null, fileName: 'RC.pdf', page: 7, excerpt });
    await ctx.db.insert(dceAnalyses).values({
      tenderId,
      finishedAt: new Date(),
      facts: [
        { key: 'candidatureDocuments', value: CANDIDATURE, sources: [source('Le dossier de candidature comprend : DC1, DC2 ou DUME, Kbis, attestations URSSAF et fiscale, assurance, certificats, références.')], confidence: 0.9, status: 'extracted', origin: 'rules' },
        { key: 'offerDocuments', value: OFFRE, sources: [source("L'offre comprend : l'acte d'engagement, le mémoire technique, le BPU et le DQE, un RIB, les fiches techniques et le planning.")], confidence: 0.9, status: 'extracted', origin: 'rules' },
        { key: 'electronicSignatureRequired', value: true, sources: [source("L'acte d'engagement est signé électroniquement.")], confidence: 0.9, status: 'extracted', origin: 'rules' },
      ],
    });
    // The vault: two documents of each kind the folder looks for.
    for (const kind of ['kbis', 'urssaf', 'tax', 'insurance', 'certification', 'reference_letter'] as const) {
      for (const months of [1, 8]) {
        const key = `company-docs/${companyId}/${kind}-${months}`;
        await storage.put(key, Buffer.from('%PDF-1.7\n'));
        const issued = new Date(Date.now() - months * 30 * 86_400_000).toISOString().slice(0, 10);
        await ctx.db.insert(companyDocuments).values({ companyId, kind, title: `${kind} ${months}`, issueDate: issued, validUntil: null, fileName: `${kind}.pdf`, mime: 'application/pdf', size: 9, sha256: 'x', storageKey: key });
      }
    }
    // Two price files of 200 lines each, in the buyer's workbooks.
    for (const kind of ['BPU', 'DQE'] as const) {
      const rows = [['N°', 'Désignation', 'U', 'Qté', 'PU HT'], ...Array.from({ length: 200 }, (_, i) => [`${i + 1}`, `Ouvrage ${i + 1}`, 'u', 2, null])];
      const book = XLSX.utils.book_new();
      XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), kind);
      const workbook = Buffer.from(XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Uint8Array);
      const documentId = randomUUID();
      const key = `tender-docs/${companyId}/${tenderId}/${documentId}`;
      await storage.put(key, workbook);
      await ctx.db.insert(tenderDocuments).values({ id: documentId, tenderId, companyId, fileName: `${kind}.xlsx`, mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', size: workbook.length, sha256: 'x', storageKey: key });
      const lines = Array.from({ length: 200 }, (_, i) => ({ id: `0:${i + 2}`, ref: `${i + 1}`, label: `Ouvrage ${i + 1}`, unit: 'u', quantity: 2, unitPrice: null, total: null, row: i + 2, cells: { label: `B${i + 2}`, unitPrice: `E${i + 2}` } }));
      await ctx.db.insert(priceFiles).values({ tenderId, companyId, documentId, fileName: `${kind}.xlsx`, sha256: 'x', read: { kind, format: 'xlsx', sheets: [{ name: kind, lines, totals: [] }] } });
    }

    // 2's files, uploaded as pieces: 10 files making the folder's size.
    const bytes = Math.floor((ZIP_MB * 1024 * 1024) / FILES);
    const dir = mkdtempSync(join(tmpdir(), 'bench-submission-'));
    const uploads = ['DC1', 'DC2', 'ATTRI1', 'AE', 'RIB', 'TECHNICAL_SHEETS', 'PLANNING', 'POWER', 'ANNEXE_1', 'ANNEXE_2'];
    for (const [i, code] of uploads.entries()) {
      const data = randomBytes(bytes);
      const key = `submission/${companyId}/${tenderId}/${code}`;
      await storage.put(key, data);
      writeFileSync(join(dir, `${code}.pdf`), data);
      await ctx.db.insert(submissionPieces).values({ tenderId, companyId, code, fileName: `${code}.pdf`, mime: i === 3 ? 'application/pdf' : 'application/octet-stream', size: data.length, sha256: 'x', storageKey: key });
    }

    // 1. The folder's state.
    const first = await ctx.app.inject({ method: 'GET', url: `/api/tenders/${tenderId}/submission`, headers: auth });
    if (first.statusCode !== 200) throw new Error(`submission: ${first.statusCode} ${first.body}`);
    const pieces = (first.json() as { pieces: unknown[] }).pieces.length;
    const folder = await timed(ROUNDS, () => ctx.app.inject({ method: 'GET', url: `/api/tenders/${tenderId}/submission`, headers: auth }));
    const page = await timed(ROUNDS, () => ctx.app.inject({ method: 'GET', url: `/api/tenders/${tenderId}`, headers: auth }));
    console.info(
      `folder state (${pieces} pieces): p50 ${ms(percentile(folder, 0.5))}, p95 ${ms(percentile(folder, 0.95))} (target ≤ 300 ms: ${verdict(percentile(folder, 0.95) <= 300)}); the tender's page p50 ${ms(percentile(page, 0.5))}, ×${(percentile(folder, 0.5) / percentile(page, 0.5)).toFixed(1)}`,
    );

    // 2. The ZIP over HTTP, against a bare zip of the same files.
    const address = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const rssBefore = process.memoryUsage().rss;
    let rssPeak = rssBefore;
    const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, process.memoryUsage().rss)), 20);
    const started = performance.now();
    const response = await fetch(`${address}/api/tenders/${tenderId}/submission.zip`, { headers: auth });
    if (!response.ok || !response.body) throw new Error(`zip: ${response.status} ${await response.text()}`);
    let received = 0;
    const reader = response.body.getReader();
    for (let part = await reader.read(); !part.done; part = await reader.read()) received += part.value.length;
    const ours = performance.now() - started;
    clearInterval(sampler);
    const bareStarted = performance.now();
    execFileSync('zip', ['-0', '-q', '-r', join(dir, 'bare.zip'), '.', '-i', '*.pdf'], { cwd: dir });
    const bare = performance.now() - bareStarted;
    rmSync(dir, { recursive: true, force: true });
    const mb = received / (1024 * 1024);
    const ratio = bare / ours;
    console.info(
      `zip of ${mb.toFixed(0)} MB: ${(mb / (ours / 1000)).toFixed(0)} MB/s in ${ms(ours)}; bare \`zip -0\` ${(mb / (bare / 1000)).toFixed(0)} MB/s in ${ms(bare)}; ours at ${(ratio * 100).toFixed(0)} % (target ≥ 50 %: ${verdict(ratio >= 0.5)}); RSS grew ${((rssPeak - rssBefore) / (1024 * 1024)).toFixed(0)} MB while streaming (flat: ${verdict(rssPeak - rssBefore < 64 * 1024 * 1024)})`,
    );
  } finally {
    await ctx.close();
  }
}

await main();
