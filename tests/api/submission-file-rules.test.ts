// The folder against the RC's rules on files (the DCE fact fileRules, issue 26), on the Grenoble
// INP RC whose fact is replaced by one an RC could state (the Grenoble RC leaves formats free):
// a refused .docx reported on its piece, a file over the RC's cap over_limit with the RC's
// sentence, the stricter of the RC's and the platform's caps, and the ZIP under the RC's folders
// with files named by their piece's code.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import { dceAnalyses, type StoredFact } from '../../server/db/schema';
import { createTestApp, createUser, multipart, type TestContext } from './context';
import { analysedDce, grenobleFile, pdf, tenderWithReadDocs } from './documents-fixtures';

type Check = { key: string; ok: boolean; severity?: string; msg: string; source: string | null };
type Piece = { code: string; status: string; checks: Check[]; declaredIn?: string[]; file: { fileName: string; path: string; bytes: number | null } | null };
type Folder = { pieces: Piece[]; checks: Check[]; ready: boolean };

let ctx: TestContext;
let manager: Awaited<ReturnType<typeof createUser>>;
let tenderId: string;
let analysisId: string;

const call = (method: 'GET' | 'PUT', url: string) => ctx.app.inject({ method, url, headers: { authorization: `Bearer ${manager.token}`, 'accept-language': 'fr' } });
const folderOf = async () => {
  const res = await call('GET', `/api/tenders/${tenderId}/submission`);
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  return res.json() as Folder;
};
const piece = (folder: Folder, code: string) => folder.pieces.find((p) => p.code === code)!;
const upload = (code: string, filename: string, type: string, data: Buffer) => {
  const body = multipart([{ name: 'file', filename, type, data }]);
  return ctx.app.inject({ method: 'PUT', url: `/api/tenders/${tenderId}/submission/pieces/${code}`, payload: body.payload, headers: { ...body.headers, authorization: `Bearer ${manager.token}`, 'accept-language': 'fr' } });
};

const SENTENCES = {
  refused: 'Les fichiers au format .docx ne sont pas acceptés.',
  size: 'La taille de chaque fichier ne peut excéder 200 Ko.',
  total: 'Le poids total du pli est limité à 2 Go.',
  folders: 'Le pli contiendra deux sous-dossiers intitulés « A - Pièces administratives » et « B - Offre technique et financière ».',
  naming: 'Les fichiers seront nommés selon le code de la pièce.',
};

/** Replaces the analysis's fileRules with `value`, cited from `excerpts` of the RC's page 10. */
async function setFileRules(value: object, excerpts: string[]) {
  const [row] = await ctx.db.select({ facts: dceAnalyses.facts }).from(dceAnalyses).where(eq(dceAnalyses.id, analysisId));
  const rc = row!.facts.find((f) => f.key === 'submissionPlatform')!.sources[0]!;
  const fact: StoredFact = { ...row!.facts[0]!, key: 'fileRules', value, sources: excerpts.map((excerpt) => ({ ...rc, page: 10, excerpt })), confidence: 0.8, status: 'extracted' };
  await ctx.db.update(dceAnalyses).set({ facts: [...row!.facts.filter((f) => f.key !== 'fileRules'), fact] }).where(eq(dceAnalyses.id, analysisId));
}

beforeAll(async () => {
  ctx = await createTestApp({ jobWorkers: 1 });
  manager = await createUser(ctx, 'manager');
  tenderId = await tenderWithReadDocs(ctx, manager, ['RC_2026FCSSA0025 v2.pdf']);
  analysisId = await analysedDce(ctx, manager, tenderId);
}, 240_000);
afterAll(() => ctx?.close());

describe('the submission folder against the RC’s rules on files', () => {
  it('reads the Grenoble RC’s free choice of widely available formats, and checks the folder’s files against it', async () => {
    const [row] = await ctx.db.select({ facts: dceAnalyses.facts }).from(dceAnalyses).where(eq(dceAnalyses.id, analysisId));
    expect(row!.facts.find((f) => f.key === 'fileRules')).toMatchObject({ value: { anyCommonFormat: true }, sources: [{ page: 10 }] });
    const format = (await folderOf()).checks.find((c) => c.key === 'format')!;
    expect(format).toMatchObject({ ok: true });
    expect(format.source).toMatch(/^RC_2026FCSSA0025 v2\.pdf, p\. 10 : « Aucun format électronique n'est préconisé/);
  });

  it('reports a .docx the RC refuses and a file over the RC’s cap, each with the RC’s sentence; the folder is not ready', async () => {
    await setFileRules({ refused: ['docx'], maxFileBytes: 200 * 1024 }, [SENTENCES.refused, SENTENCES.size]);
    expect((await upload('DC1', 'Lettre de candidature.pdf', 'application/pdf', pdf(250_000))).statusCode).toBe(200);
    // The buyer's own DC2 (157 Ko), under the cap.
    const dc2File = grenobleFile('DC2.docx');
    expect((await upload('DC2', 'Déclaration.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', dc2File.data)).statusCode).toBe(200);
    const folder = await folderOf();

    const dc2 = piece(folder, 'DC2');
    expect(dc2.status).toBe('issues');
    const refused = dc2.checks.find((c) => c.key === 'format')!;
    expect(refused).toMatchObject({ ok: false, severity: 'error' });
    expect(refused.msg).toMatch(/refuse les fichiers \.docx/);
    expect(refused.source).toContain(SENTENCES.refused);

    const dc1 = piece(folder, 'DC1');
    expect(dc1.status).toBe('over_limit');
    const size = dc1.checks.find((c) => c.key === 'file_size')!;
    expect(size).toMatchObject({ ok: false });
    expect(size.msg).toMatch(/que le RC accepte par fichier/);
    expect(size.source).toBe(`RC_2026FCSSA0025 v2.pdf, p. 10 : « ${SENTENCES.size} »`);
    expect(dc1.checks.some((c) => c.key === 'format')).toBe(false);

    expect(folder.checks.find((c) => c.key === 'format')).toMatchObject({ ok: false, severity: 'error' });
    expect(folder.ready).toBe(false);
  });

  it('says which forms carry the RC’s declarations (the turnover in the DC2, the sworn statement in the DC1)', async () => {
    const folder = await folderOf();
    expect(piece(folder, 'TURNOVER')).toMatchObject({ file: null, declaredIn: expect.arrayContaining(['DC2']) });
    expect(piece(folder, 'HONOUR_DECLARATION')).toMatchObject({ file: null, declaredIn: expect.arrayContaining(['DC1']) });
    expect(piece(folder, 'DC2').declaredIn).toBeUndefined();
  });

  it('keeps the stricter of the RC’s and the platform’s caps, each with its source', async () => {
    // PLACE takes 1 Go a pli: an RC allowing 2 Go does not lift it.
    await setFileRules({ maxTotalBytes: 2 * 1024 ** 3 }, [SENTENCES.total]);
    const folder = await folderOf();
    const platform = folder.checks.find((c) => c.key === 'total_size')!;
    expect(platform).toMatchObject({ ok: true });
    expect(platform.source).toMatch(/PLACE/);
    // Every file there is measured (the forms uploaded): the folder's size as such.
    expect(folder.pieces.filter((p) => p.file && p.file.bytes === null)).toEqual([]);
    expect(platform.msg).toMatch(/^Dossier de [\d,]+ Mo pour [\d,]+ Mo acceptés par PLACE\.$/);
    await setFileRules({ maxTotalBytes: 3 * 1024 }, ['Le poids total du pli est limité à 3 Ko.']);
    const rc = (await folderOf()).checks.find((c) => c.key === 'total_size')!;
    expect(rc).toMatchObject({ ok: false });
    expect(rc.msg).toMatch(/que le RC accepte au total/);
    expect(rc.source).toContain('Le poids total du pli est limité à 3 Ko.');
  });

  it('zips under the RC’s own folders with files named by their piece’s code; a rule it cannot apply is shown in its words', async () => {
    await setFileRules({ folders: ['A - Pièces administratives', 'B - Offre technique et financière'], naming: { rule: SENTENCES.naming } }, [SENTENCES.folders, SENTENCES.naming]);
    const folder = await folderOf();
    expect(piece(folder, 'DC1').file!.path).toBe('A - Pièces administratives/DC1.pdf');
    expect(piece(folder, 'DC2').file!.path).toBe('A - Pièces administratives/DC2.docx');
    expect(folder.checks.find((c) => c.key === 'folders')).toMatchObject({ ok: true });
    expect(folder.checks.find((c) => c.key === 'naming')).toMatchObject({ ok: true });
    const zip = await call('GET', `/api/tenders/${tenderId}/submission.zip`);
    expect(zip.statusCode, zip.body.slice(0, 300)).toBe(200);
    const names = Object.keys(unzipSync(new Uint8Array(zip.rawPayload)));
    expect(names).toContain('A - Pièces administratives/DC1.pdf');
    expect(names).toContain('A - Pièces administratives/DC2.docx');
    expect(names.every((name) => name.startsWith('A - Pièces administratives/') || name.startsWith('B - Offre technique et financière/'))).toBe(true);

    const rule = 'Chaque fichier sera nommé ainsi : nom du candidat_numéro du lot_intitulé de la pièce.';
    await setFileRules({ naming: { rule } }, [rule]);
    const manual = await folderOf();
    expect(manual.checks.find((c) => c.key === 'naming')).toMatchObject({ ok: false, severity: 'warning' });
    expect(manual.checks.find((c) => c.key === 'naming')!.msg).toContain(rule);
    expect(piece(manual, 'DC1').file!.path).toBe('1 - Candidature/Lettre de candidature.pdf');
  });

  it('says the size of the files already there when generated pieces are yet to be made, and that they add to it', async () => {
    await setFileRules({ anyCommonFormat: true }, ['Aucun format électronique n’est préconisé.']);
    // The DC2 generated again instead of the uploaded one: made when downloaded, its size unknown until then.
    expect((await ctx.app.inject({ method: 'DELETE', url: `/api/tenders/${tenderId}/submission/pieces/DC2`, headers: { authorization: `Bearer ${manager.token}` } })).statusCode).toBe(200);
    const folder = await folderOf();
    const unmeasured = folder.pieces.filter((p) => p.file && p.file.bytes === null).length;
    expect(unmeasured).toBeGreaterThan(0);
    expect(folder.checks.find((c) => c.key === 'total_size')!.msg).toMatch(new RegExp(`^Fichiers déjà là : [\\d,]+ Mo pour [\\d,]+ Mo acceptés par PLACE ; les pièces générées par Soumissio \\(${unmeasured}\\) s'y ajoutent, comptées une fois faites\\.$`));
  });
});
