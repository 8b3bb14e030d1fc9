// The buyer's price files through the API (issue 25), on the real Bourget BPU: read from the DCE's
// price documents, priced with versions, checked, exported into the buyer's workbook (only the
// price cells change) and remembered for the company's next file, read back from the company's
// own copy with its changed lines reported.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as XLSX from '@e965/xlsx';
import { createTestApp, createUser, errorOf, multipart, type TestContext } from './context';
import { analysedDce, tenderWithReadDocs } from './documents-fixtures';
import { readPriceFile } from '../../server/analysis/prices/read-prices';

type Line = { _id: string; ref: string; label: string; unit: string; quantity: number | null; unitPrice: number | null; total: number | null; row: number; suggestion: { unitPrice: number; fileName: string } | null };
type PriceFile = { _id: string; fileName: string; kind: string; format: string; writable: boolean; version: number; sheets: { name: string; lines: Line[]; totals: { label: string; value: number | null }[] }[] };
type Issue = { sheet: string; row: number; lineId: string | null; kind: string; cell: string | null; msg: string };

const BOURGET = 'bourget-infogerance-2025';
const BPU = '1b_BPU_DQE.xlsx';
let ctx: TestContext;
let manager: Awaited<ReturnType<typeof createUser>>;
let outsider: Awaited<ReturnType<typeof createUser>>;
let tenderId: string;
let file: PriceFile;

const call = (token: string, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: unknown) =>
  ctx.app.inject({ method, url, headers: { authorization: `Bearer ${token}`, 'accept-language': 'fr' }, ...(payload !== undefined ? { payload: payload as object } : {}) });

const priceFilesOf = async (id: string, token = manager.token) => ((await call(token, 'GET', `/api/tenders/${id}/price-files`)).json() as { priceFiles: PriceFile[] }).priceFiles;
const importing = (id: string, parts: Parameters<typeof multipart>[0]) => {
  const form = multipart(parts);
  return ctx.app.inject({ method: 'POST', url: `/api/price-files/${id}/import`, payload: form.payload, headers: { ...form.headers, authorization: `Bearer ${manager.token}`, 'accept-language': 'fr' } });
};
const lines = (f: PriceFile) => f.sheets.flatMap((s) => s.lines);

beforeAll(async () => {
  ctx = await createTestApp({ jobWorkers: 1 });
  manager = await createUser(ctx, 'manager');
  outsider = await createUser(ctx, 'manager');
  tenderId = await tenderWithReadDocs(ctx, manager, ['RC.pdf', BPU], BOURGET);
  await analysedDce(ctx, manager, tenderId);
}, 240_000);
afterAll(() => ctx?.close());

describe('the tender’s price files', () => {
  it('reads the BPU the DCE analysis found into its priced lines, blank', async () => {
    const files = await priceFilesOf(tenderId);
    expect(files.map((f) => f.fileName)).toEqual([BPU]);
    file = files[0]!;
    expect(file).toMatchObject({ kind: 'BPU', format: 'xlsx', writable: true, version: 1 });
    expect(lines(file)).toHaveLength(38);
    expect(lines(file)[0]).toMatchObject({ ref: 'A.1', unit: 'Jour', unitPrice: null, suggestion: null });
    // Read once: a second call finds the same file.
    expect((await priceFilesOf(tenderId))[0]!._id).toBe(file._id);
    // Another company's tender answers 404.
    expect((await call(outsider.token, 'GET', `/api/tenders/${tenderId}/price-files`)).statusCode).toBe(404);
  });

  it('saves unit prices with the version, refuses a stale one with the current file, and an unknown line', async () => {
    const priced = lines(file).slice(0, 37).map((l, i) => ({ _id: l._id, unitPrice: 500 + i }));
    const saved = await call(manager.token, 'PATCH', `/api/price-files/${file._id}`, { version: file.version, lines: priced });
    expect(saved.statusCode).toBe(200);
    file = (saved.json() as { details: PriceFile }).details;
    expect(file.version).toBe(2);
    expect(lines(file)[1]!.unitPrice).toBe(501);
    const stale = await call(manager.token, 'PATCH', `/api/price-files/${file._id}`, { version: 1, lines: [{ _id: lines(file)[0]!._id, unitPrice: 1 }] });
    expect(stale.statusCode).toBe(409);
    expect((stale.json() as { details: PriceFile }).details.version).toBe(2);
    const unknown = await call(manager.token, 'PATCH', `/api/price-files/${file._id}`, { version: 2, lines: [{ _id: '9:999', unitPrice: 1 }] });
    expect(unknown.statusCode).toBe(400);
    expect(errorOf(unknown).msgType).toBe('prices-unknown_line');
    expect((await call(outsider.token, 'PATCH', `/api/price-files/${file._id}`, { version: 2, lines: [{ _id: lines(file)[0]!._id, unitPrice: 1 }] })).statusCode).toBe(404);
  });

  it('checks: the one line left blank, on its cell', async () => {
    const res = await call(manager.token, 'GET', `/api/price-files/${file._id}/check`);
    expect(res.statusCode).toBe(200);
    const { issues } = res.json() as { issues: Issue[] };
    const last = lines(file).at(-1)!;
    expect(issues.filter((i) => i.kind === 'blank')).toEqual([expect.objectContaining({ lineId: last._id, cell: `P${last.row}` })]);
  });

  it('exports the buyer’s workbook with the prices in their cells, and remembers them for the next file', async () => {
    const res = await call(manager.token, 'GET', `/api/price-files/${file._id}/export`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const back = (await readPriceFile(res.rawPayload, BPU))!;
    expect(back.sheets[0]!.lines.slice(0, 37).map((l) => l.unitPrice)).toEqual(lines(file).slice(0, 37).map((_, i) => 500 + i));
    expect(back.sheets[0]!.lines.at(-1)!.unitPrice).toBeNull();

    // The company's next tender with the same BPU: its blank lines offer these prices.
    const next = await tenderWithReadDocs(ctx, manager, ['RC.pdf', BPU], BOURGET);
    await analysedDce(ctx, manager, next);
    const [again] = await priceFilesOf(next);
    expect(lines(again!)[0]!.suggestion).toMatchObject({ unitPrice: 500, fileName: BPU });
    expect(lines(again!).at(-1)!.suggestion).toBeNull();

    // A price ten times the remembered one is worth a look.
    const saved = await call(manager.token, 'PATCH', `/api/price-files/${again!._id}`, { version: again!.version, lines: [{ _id: lines(again!)[0]!._id, unitPrice: 5000 }] });
    expect(saved.statusCode).toBe(200);
    const check = (await call(manager.token, 'GET', `/api/price-files/${again!._id}/check`)).json() as { issues: Issue[] };
    expect(check.issues.filter((i) => i.kind === 'outlier')).toEqual([expect.objectContaining({ lineId: lines(again!)[0]!._id })]);
    expect(check.issues.find((i) => i.kind === 'outlier')!.msg).toMatch(/5\u202f000,00/);
  });

  it('reads back the company’s filled copy: the prices taken, a line whose designation changed reported and left', async () => {
    const exported = (await call(manager.token, 'GET', `/api/price-files/${file._id}/export`)).rawPayload;
    const book = XLSX.read(exported);
    const sheet = book.Sheets[book.SheetNames[0]!]!;
    const first = lines(file)[0]!;
    sheet[`P${first.row}`] = { t: 'n', v: 777 };
    sheet[`B${lines(file)[1]!.row}`] = { t: 's', v: 'Journée d’expertise réécrite' };
    const copy = Buffer.from(XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Uint8Array);
    const res = await importing(file._id, [
      { name: 'version', value: String(file.version) },
      { name: 'file', filename: 'BPU rempli.xlsx', type: 'application/octet-stream', data: copy },
    ]);
    expect(res.statusCode).toBe(200);
    const body = res.json() as { details: { priceFile: PriceFile; taken: number; changes: Issue[] } };
    expect(body.details.changes).toEqual([expect.objectContaining({ kind: 'changed', lineId: lines(file)[1]!._id })]);
    expect(body.details.taken).toBe(37);
    expect(lines(body.details.priceFile)[0]!.unitPrice).toBe(777);
    // The changed line keeps the price it had.
    expect(lines(body.details.priceFile)[1]!.unitPrice).toBe(501);
    file = body.details.priceFile;

    const empty = await importing(file._id, [{ name: 'version', value: String(file.version) }]);
    expect(empty.statusCode).toBe(400);
  });
});
