// `npm run bench:extraction`: prints figures, never fails on a slow machine.
//  1. extraction speed in pages/s: runExtraction (its pooled child process included, default
//     tools, so pdftotext) against bare `pdftotext -layout` spawned once per file, on the DCE
//     fixture PDFs, interleaved round by round, medians (target: ours ≥ 50 % of pdftotext's);
//     the pure JavaScript path (EXTRACTION_TOOLS=js, pdf.js) once, for information;
//  2. OCR seconds per page, on three fixture pages rasterised into an image-only PDF;
//  3. a 100-page DCE (the two fixture DCEs' PDFs and a generated PDF): extraction, then the
//     rules (classifyDocument + extractFacts), wall time (target ≤ 10 s without OCR);
//  4. (run first) the server's memory while a 50 MB PDF is extracted: this process' RSS (the parent, as the
//     server is) sampled every 50 ms (target < 500 MB), and the peaks of the child and its tools.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { runExtraction } from '../server/extraction/run';
import type { ExtractionResult } from '../server/extraction/types';
import { classifyDocument, extractFacts, type AnalysedDocument, type DocumentKind } from '../server/analysis/dce';
import { median } from './lib';
import { imageOnlyPdf } from '../tests/support/pdf-builder';

const FIXTURES = ['tests/fixtures/dce/grenoble-inp_2026FCSSA0025', 'tests/fixtures/dce/france-travail_010.26_bornes-irve'];
const ROUNDS = Number(process.env.BENCH_EXTRACTION_ROUNDS ?? 3);
const BIG_BYTES = 50_000_000;
const MB = 1024 * 1024;

const lines: string[] = [];
const report = (line: string) => {
  lines.push(line);
  console.info(line);
};
const load = () => loadavg()[0]!.toFixed(1);
const verdict = (met: boolean) => (met ? 'met' : 'missed');
const pageCount = (result: ExtractionResult) => result.parts.reduce((n, part) => n + part.pages.length, 0);

const has = (command: string, args: string[]) => spawnSync(command, args).status === 0;
const hasPoppler = has('pdftotext', ['-v']) && has('pdfinfo', ['-v']) && has('pdftoppm', ['-v']);
const hasTesseract = hasPoppler && /^fra$/m.test(spawnSync('tesseract', ['--list-langs']).stdout?.toString() ?? '');

// ---------------------------------------------------------------------------------------------
// PDF builders: the scan comes from tests/support/pdf-builder.ts (Node built-ins only); importing
// tests/api/documents-fixtures.ts would load the whole app and inflate the RSS figure 4 measures.

/**
 * Pages of Helvetica text, one `Tj` a line (as textPdf in tests/api/documents-fixtures.ts, with a
 * chosen size), written to a file object by object so that a 50 MB PDF never sits in this process.
 */
function writeTextPdf(path: string, count: number, pageAt: (index: number) => string, fontSize = 11): number {
  const fd = openSync(path, 'w');
  try {
    let length = 0;
    const offsets: number[] = [];
    const write = (text: string) => {
      length += writeSync(fd, Buffer.from(text, 'latin1'));
    };
    const object = (body: string) => {
      offsets.push(length);
      write(`${offsets.length} 0 obj\n${body}\nendobj\n`);
    };
    write('%PDF-1.4\n');
    // 1 catalog, 2 page tree, 3 font, then each page's content stream and the page itself.
    const kids = Array.from({ length: count }, (_, i) => `${5 + 2 * i} 0 R`).join(' ');
    object('<< /Type /Catalog /Pages 2 0 R >>');
    object(`<< /Type /Pages /Kids [${kids}] /Count ${count} >>`);
    object('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>');
    for (let i = 0; i < count; i++) {
      const text = pageAt(i)
        .split('\n')
        .map((line) => `(${line.replace(/[\\()]/g, (c) => `\\${c}`)}) Tj T*`);
      const content = `BT /F1 ${fontSize} Tf ${Math.ceil(fontSize * 1.2)} TL 20 820 Td ${text.join(' ')} ET`;
      object(`<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`);
      object(`<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 3 0 R >> >> /Contents ${offsets.length} 0 R >>`);
    }
    const xref = length;
    write(`xref\n0 ${offsets.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`);
    write(`trailer\n<< /Size ${offsets.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`);
    return length;
  } finally {
    closeSync(fd);
  }
}


/** A page of French tender prose, varied by page so that no line repeats on every page (the cleaner strips those). */
function annexPage(index: number, linesPerPage: number, lineChars: number): string {
  const words = ('le titulaire fournit installe et entretient les bornes de recharge du lot conformément au cahier des clauses ' +
    'techniques particulières la garantie court à compter de la réception les pénalités de retard sont appliquées par jour calendaire ' +
    'sur le montant hors taxes du bon de commande la maintenance préventive comprend une visite annuelle et le rapport associé').split(' ');
  let seed = 7 + index;
  const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31);
  const out = [`Annexe technique, page ${index + 1}`];
  for (let l = 1; l < linesPerPage; l++) {
    let line = `${index + 1}.${l} `;
    while (line.length < lineChars) line += words[next() % words.length] + ' ';
    out.push(line.trimEnd());
  }
  return out.join('\n');
}

// ---------------------------------------------------------------------------------------------
// Measuring

type Timed<T> = { ms: number; value: T };
async function timed<T>(run: () => Promise<T>): Promise<Timed<T>> {
  const started = performance.now();
  const value = await run();
  return { ms: performance.now() - started, value };
}

/** Bare pdftotext, as a caller without our child process would run it: one process a file, output read whole. */
function pdftotext(path: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn('pdftotext', ['-layout', '-enc', 'UTF-8', path, '-'], { stdio: ['ignore', 'pipe', 'ignore'] });
    const chunks: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve(Buffer.concat(chunks).toString('utf8').split('\f').length - 1) : reject(new Error(`pdftotext ${path}: ${code}`))));
  });
}

async function extractAll(files: string[], tools: 'default' | 'js' = 'default'): Promise<ExtractionResult[]> {
  // The child reads EXTRACTION_TOOLS from the environment it is spawned with.
  if (tools === 'js') process.env.EXTRACTION_TOOLS = 'js';
  try {
    const results: ExtractionResult[] = [];
    for (const path of files) results.push(await runExtraction({ path, fileName: basename(path) }));
    return results;
  } finally {
    delete process.env.EXTRACTION_TOOLS;
  }
}

async function speed(files: string[], pages: number) {
  report(`1. Extraction speed, ${files.length} fixture PDFs, ${pages} pages, ${ROUNDS} rounds interleaved (load average ${load()}):`);
  const ours: number[] = [];
  const bare: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const a = await timed(() => extractAll(files));
    const b = await timed(async () => {
      let n = 0;
      for (const file of files) n += await pdftotext(file);
      return n;
    });
    const got = a.value.reduce((n, r) => n + pageCount(r), 0);
    if (got !== pages || b.value !== pages) throw new Error(`page counts differ: ${got} (ours), ${b.value} (pdftotext), ${pages} (pdfinfo)`);
    ours.push(a.ms);
    bare.push(b.ms);
  }
  const rate = (ms: number) => pages / (ms / 1000);
  const oursRate = rate(median(ours));
  const bareRate = rate(median(bare));
  const js = await timed(() => extractAll(files, 'js'));
  const jsPages = js.value.reduce((n, r) => n + pageCount(r), 0);
  const row = (name: string, ms: number, extra = '') => `  ${name.padEnd(52)} ${rate(ms).toFixed(1).padStart(6)} pages/s  (${(ms / 1000).toFixed(2)} s${extra})`;
  report(row('runExtraction, pooled child, default tools (pdftotext)', median(ours), `; rounds ${ours.map((ms) => (ms / 1000).toFixed(2)).join(', ')} s`));
  report(row('bare pdftotext -layout, one process a file', median(bare), `; rounds ${bare.map((ms) => (ms / 1000).toFixed(2)).join(', ')} s`));
  report(row('runExtraction, EXTRACTION_TOOLS=js (pdf.js), one run', js.ms, `; ${jsPages} pages`));
  report(`  per file: ours ${(median(ours) / files.length).toFixed(0)} ms, pdftotext ${(median(bare) / files.length).toFixed(0)} ms`);
  const ratio = (100 * oursRate) / bareRate;
  report(`  ours ${ratio.toFixed(0)} % of pdftotext's speed (target ≥ 50 %): ${verdict(ratio >= 50)}`);
}

async function ocr(work: string, source: string) {
  if (!hasTesseract) {
    report('2. OCR: not measured, tesseract with French (fra) is not installed.');
    return;
  }
  // Three pages rendered at 150 dpi in grey, as a scanner would give them, then shown as images.
  execFileSync('pdftoppm', ['-r', '150', '-gray', '-jpeg', '-f', '1', '-l', '3', source, join(work, 'scan')]);
  const jpegs = readdirSync(work)
    .filter((name) => /^scan-\d+\.jpg$/.test(name))
    .sort()
    .map((name) => readFileSync(join(work, name)));
  const scanned = join(work, 'scan.pdf');
  writeFileSync(scanned, imageOnlyPdf(jpegs));
  report(`2. OCR, ${jpegs.length} pages of ${basename(source)} scanned at 150 dpi (load average ${load()}):`);
  const run = await timed(() => runExtraction({ path: scanned, fileName: 'scan.pdf' }));
  const pages = run.value.parts.flatMap((part) => part.pages);
  const done = pages.filter((page) => page.ocr === 'done').length;
  const chars = pages.reduce((n, page) => n + page.text.length, 0);
  report(`  ${(run.ms / 1000 / pages.length).toFixed(2)} s a page (${(run.ms / 1000).toFixed(1)} s for ${pages.length} pages, ${done} OCR'd, ${chars} characters read)`);
}

async function dce(work: string, files: string[]) {
  const fixturePages = files.reduce((n, file) => n + Number(/^Pages:\s+(\d+)/m.exec(execFileSync('pdfinfo', [file]).toString())![1]), 0);
  const annex = join(work, 'Annexe technique.pdf');
  writeTextPdf(annex, Math.max(3, 100 - fixturePages), (i) => annexPage(i, 50, 90));
  const all = [...files, annex];
  report(`3. DCE analysis, ${all.length} PDFs (load average ${load()}):`);
  // Extraction time swings with the machine's load: the median of several runs.
  const runs: Timed<ExtractionResult[]>[] = [];
  for (let round = 0; round < ROUNDS; round++) runs.push(await timed(() => extractAll(all)));
  const extractionMs = median(runs.map((run) => run.ms));
  const documents: AnalysedDocument[] = runs[0]!.value.flatMap((result, index) =>
    result.parts.map((part) => ({ documentId: `doc-${index}`, entry: part.entry, fileName: part.entry ? basename(part.entry) : basename(all[index]!), pages: part.pages.map(({ page, text }) => ({ page, text })) })),
  );
  const pages = documents.reduce((n, doc) => n + doc.pages.length, 0);
  // The rules take milliseconds: the median of several runs says more than one.
  const rules: number[] = [];
  let kinds: DocumentKind[] = [];
  let facts = 0;
  for (let i = 0; i < 5; i++) {
    const started = performance.now();
    const classified = documents.map((doc) => ({ ...doc, kind: classifyDocument(doc.fileName, doc.pages) }));
    facts = extractFacts(classified).length;
    rules.push(performance.now() - started);
    kinds = classified.map((doc) => doc.kind);
  }
  // A job runs the rules once, cold: the first run counts in the total.
  const total = extractionMs + rules[0]!;
  report(`  ${pages} pages; extraction (one pooled child, files in turn) ${(extractionMs / 1000).toFixed(2)} s (median; runs ${runs.map((run) => (run.ms / 1000).toFixed(2)).join(', ')} s)`);
  report(`  classifyDocument + extractFacts: ${median(rules).toFixed(0)} ms (median of ${rules.length}; first run ${rules[0]!.toFixed(0)} ms), ${facts} facts, kinds ${kinds.join(' ')}`);
  report(`  total, extraction and rules: ${(total / 1000).toFixed(2)} s (target ≤ 10 s without OCR): ${verdict(pages >= 100 && total <= 10_000)}`);
}

/** Every descendant of this process, from /proc/<pid>/task/<tid>/children. */
function descendants(pid: number): number[] {
  const found: number[] = [];
  const walk = (parent: number) => {
    let tasks: string[];
    try {
      tasks = readdirSync(`/proc/${parent}/task`);
    } catch {
      return;
    }
    for (const tid of tasks) {
      let children: string;
      try {
        children = readFileSync(`/proc/${parent}/task/${tid}/children`, 'utf8');
      } catch {
        continue;
      }
      for (const child of children.split(' ').filter(Boolean).map(Number)) {
        found.push(child);
        walk(child);
      }
    }
  };
  walk(pid);
  return found;
}

/** Name and VmHWM (peak resident set) of a process, in bytes, while it is alive. */
function peakOf(pid: number): { name: string; hwm: number } | undefined {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const hwm = /^VmHWM:\s+(\d+) kB/m.exec(status);
    const name = /^Name:\s+(\S+)/m.exec(status);
    return hwm && name ? { name: name[1]!, hwm: Number(hwm[1]) * 1024 } : undefined;
  } catch {
    return undefined;
  }
}

async function memory(work: string) {
  // Dense pages (5 pt type, 130 lines of 200 characters: a small-print schedule) so that 50 MB
  // fit under MAX_PAGES and nearly all of them is text the child sends back to this process.
  const big = join(work, 'big.pdf');
  const count = Math.ceil(BIG_BYTES / writeTextPdf(big, 1, (i) => annexPage(i, 130, 200), 5));
  const size = writeTextPdf(big, count, (i) => annexPage(i, 130, 200), 5);
  const before = process.memoryUsage().rss;
  // tsx's esbuild service is a child of this process too: only processes started from here on count.
  const earlier = new Set(descendants(process.pid));
  report(`4. Memory while extracting a ${(size / 1e6).toFixed(1)} MB PDF of ${count} text pages (load average ${load()}):`);
  let parentPeak = before;
  const peaks = new Map<number, { name: string; hwm: number }>();
  const sample = () => {
    parentPeak = Math.max(parentPeak, process.memoryUsage().rss);
    for (const pid of descendants(process.pid)) {
      if (earlier.has(pid)) continue;
      const seen = peakOf(pid);
      if (seen && seen.hwm >= (peaks.get(pid)?.hwm ?? 0)) peaks.set(pid, seen);
    }
  };
  const sampler = setInterval(sample, 50);
  let result: Timed<ExtractionResult>;
  try {
    result = await timed(() => runExtraction({ path: big, fileName: 'big.pdf' }));
    sample();
  } finally {
    clearInterval(sampler);
  }
  const chars = result.value.parts.flatMap((part) => part.pages).reduce((n, p) => n + p.text.length, 0);
  report(`  extracted ${pageCount(result.value)} pages, ${(chars / 1e6).toFixed(1)} M characters, in ${(result.ms / 1000).toFixed(1)} s`);
  report(`  this process (the server's part): RSS ${(before / MB).toFixed(0)} MB before, peak ${(parentPeak / MB).toFixed(0)} MB (+${((parentPeak - before) / MB).toFixed(0)} MB) (target < 500 MB): ${verdict(parentPeak < 500 * MB)}`);
  const byName = new Map<string, number>();
  for (const { name, hwm } of peaks.values()) byName.set(name, Math.max(byName.get(name) ?? 0, hwm));
  if (byName.size) report(`  child processes, peak resident (VmHWM, last seen by the 50 ms sampler; the short ones are the tool detection): ${[...byName].map(([name, hwm]) => `${name} ${(hwm / MB).toFixed(0)} MB`).join(', ')}`);
  else report('  child processes: /proc/<pid>/task/<tid>/children is not readable here, peaks not measured');
}

// ---------------------------------------------------------------------------------------------

if (!hasPoppler) {
  report('poppler-utils (pdftotext, pdfinfo, pdftoppm) is not installed: the extraction benchmark measures it; nothing measured.');
} else {
  const files = FIXTURES.flatMap((dir) =>
    readdirSync(dir)
      .filter((name) => name.endsWith('.pdf'))
      .sort()
      .map((name) => join(dir, name)),
  );
  const pages = files.reduce((n, file) => n + Number(/^Pages:\s+(\d+)/m.exec(execFileSync('pdfinfo', [file]).toString())![1]), 0);
  const work = mkdtempSync(join(tmpdir(), 'soumissio-bench-extraction-'));
  try {
    // Memory first, while this process holds nothing from the other measures.
    await memory(work);
    await speed(files, pages);
    await ocr(work, files.find((file) => basename(file).startsWith('RC_'))!);
    await dce(work, files);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
console.info('\nSummary');
for (const line of lines) console.info(line);
