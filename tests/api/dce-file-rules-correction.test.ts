// A person's correction of the RC's file rules (fact fileRules) through the fact correction
// endpoint, on the real DAE-AMOA RC: a valid value is saved and read back as corrected, an invalid
// one is refused with a localised message naming the part of the rules at fault (field-value_*),
// and the fact is left as it was.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, type TestContext } from './context';
import { formRequest, insertTender } from './documents-fixtures';

let ctx: TestContext;
let manager: Awaited<ReturnType<typeof createUser>>;
let analysisId: string;

type Fact = { key: string; value: unknown; status: string; origin?: string };

const call = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: unknown, lang = 'fr') =>
  ctx.app.inject({ method, url, headers: { authorization: `Bearer ${manager.token}`, 'accept-language': lang }, ...(payload !== undefined ? { payload: payload as object } : {}) });
const fileRules = async () => ((await call('GET', `/api/dce-analyses/${analysisId}`)).json() as { facts: Fact[] }).facts.find((f) => f.key === 'fileRules');
const correct = (value: unknown, lang = 'fr') => call('PATCH', `/api/dce-analyses/${analysisId}/facts/fileRules`, { value }, lang);

beforeAll(async () => {
  ctx = await createTestApp({ jobWorkers: 1 });
  manager = await createUser(ctx, 'manager');
  const tender = await insertTender(ctx, manager.companyId!);
  const rc = { filename: 'RC_DAE-AMOA-2025.pdf', data: readFileSync('tests/fixtures/dce/dae-amoa-2025/RC_DAE-AMOA-2025.pdf') };
  expect((await ctx.app.inject(formRequest('POST', `/api/tenderDocs?companyId=${manager.companyId}`, manager.token, { tenderId: tender.id }, rc))).statusCode).toBe(201);
  analysisId = ((await call('POST', `/api/tenders/${tender.id}/dce-analyses`)).json() as { details: { _id: string } }).details._id;
  for (const end = Date.now() + 90_000; ; ) {
    const status = ((await call('GET', `/api/dce-analyses/${analysisId}`)).json() as { status: string }).status;
    if (status === 'done') break;
    if (status === 'failed' || Date.now() > end) throw new Error(`analysis ${status}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}, 120_000);

afterAll(() => ctx?.close());

describe('a correction of the RC’s file rules', () => {
  it('is saved and read back as the person wrote it, marked corrected', async () => {
    const read = await fileRules();
    expect(read?.value).toMatchObject({ accepted: expect.arrayContaining(['pdf']), maxFileBytes: 1024 ** 3 });
    const value = { accepted: ['pdf', 'docx', 'xlsx'], refused: ['exe'], pdfRequiredFor: ['MEMOIRE_TECHNIQUE'], maxFileBytes: 500 * 1024 ** 2, maxTotalBytes: 2 * 1024 ** 3, naming: { rule: 'Les fichiers sont nommés par le code de la pièce.' }, folders: ['1 - Candidature', '2 - Offre'] };
    const res = await correct(value);
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(await fileRules()).toMatchObject({ value, status: 'corrected', origin: 'user' });
  });

  it('is refused when a part has the wrong shape, the message naming that part in the caller’s language; the fact stays', async () => {
    const before = await fileRules();
    const dotted = await correct({ accepted: ['.PDF'] });
    expect(dotted.statusCode).toBe(400);
    expect(JSON.stringify(dotted.json())).toContain('Formats acceptés');
    const english = await correct({ accepted: ['.PDF'] }, 'en');
    expect(english.statusCode).toBe(400);
    expect(JSON.stringify(english.json())).toContain('Accepted formats');
    const zero = await correct({ maxFileBytes: 0 });
    expect(zero.statusCode).toBe(400);
    expect(JSON.stringify(zero.json())).toContain('Taille maximale par fichier');
    // Not a 500, and nothing of the refused values saved.
    for (const value of [{}, { folders: [] }, { naming: { rule: '' } }, { colour: 'blue' }, 'PDF']) expect((await correct(value)).statusCode, JSON.stringify(value)).toBe(400);
    expect(await fileRules()).toEqual(before);
  });
});
