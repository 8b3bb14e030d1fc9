// `npm run bench:ocr [-- scan.pdf]`: the product's OCR of scanned pages against bare tesseract, in
// the same process and the same run, so that both see the same machine load. Prints figures,
// never fails on a slow machine.
//  - bare: per scanned page, one after another, `pdftoppm -r 300 -png -f N -l N -singlefile` then
//    `tesseract page.png stdout -l fra`, as a person would run them (tesseract's own threading);
//  - ours: runExtraction on the whole document (its pooled child, pdftotext, then the pages
//    without text through ocr.ts: grey PGM at 300 dpi, one thread per tesseract, pages in
//    parallel as the machine's free cores allow);
//  rounds alternate which goes first; seconds per scanned page (median of the rounds), the ratio
//  of speeds (target: ours ≥ 80 % of bare tesseract's), and the agreement of the words read
//  (Dice of the two bags of words, per page), and each one's recall of the original's words.
//
// The document: a PDF given on the command line (its pages without a text layer are measured), or
// by default the Grenoble RC's first 7 pages scanned: rendered at 200 dpi in grey, then shown as
// JPEG images in a PDF without any text (there is no scanned document among the DCE fixtures).
// BENCH_OCR_PAGES, BENCH_OCR_DPI and BENCH_OCR_ROUNDS change the defaults (7, 200, 2);
// EXTRACTION_OCR_CONCURRENCY fixes how many pages the product reads at once.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { runExtraction } from '../server/extraction/run';
import { needsOcr, ocrConcurrency } from '../server/extraction/ocr';
import { imageOnlyPdf } from '../tests/support/pdf-builder';

const RC = 'tests/fixtures/dce/grenoble-inp_2026FCSSA0025/RC_2026FCSSA0025 v2.pdf';
const PAGES = Number(process.env.BENCH_OCR_PAGES ?? 7);
const SCAN_DPI = Number(process.env.BENCH_OCR_DPI ?? 200);
const ROUNDS = Math.max(1, Number(process.env.BENCH_OCR_ROUNDS ?? 2));

const lines: string[] = [];
const report = (line: string) => {
  lines.push(line);
  console.info(line);
};
const load = () => loadavg()[0]!.toFixed(1);
const verdict = (met: boolean) => (met ? 'met' : 'missed');

const has = (command: string, args: string[]) => spawnSync(command, args).status === 0;
const missing = [
  ...(['pdftoppm', 'pdftotext', 'pdfinfo'].every((tool) => has(tool, ['-v'])) ? [] : ['poppler-utils (pdftoppm, pdftotext, pdfinfo)']),
  ...(/^fra$/m.test(spawnSync('tesseract', ['--list-langs']).stdout?.toString() ?? '') ? [] : ['tesseract with French (tesseract-ocr, tesseract-ocr-fra)']),
];

// ---------------------------------------------------------------------------------------------
// A scan built from a real RC (imageOnlyPdf: tests/support/pdf-builder.ts).



function scanOfRc(work: string): string {
  execFileSync('pdftoppm', ['-r', String(SCAN_DPI), '-gray', '-jpeg', '-f', '1', '-l', String(PAGES), RC, join(work, 'scan')]);
  const jpegs = readdirSync(work)
    .filter((name) => /^scan-\d+\.jpg$/.test(name))
    .sort()
    .map((name) => readFileSync(join(work, name)));
  const path = join(work, 'RC scanné.pdf');
  writeFileSync(path, imageOnlyPdf(jpegs));
  return path;
}

// ---------------------------------------------------------------------------------------------
// Measuring

const pageText = (pdf: string, page: number) => execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', '-f', String(page), '-l', String(page), pdf, '-']).toString('utf8');

function run(command: string, args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'ignore'] });
    const chunks: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve(Buffer.concat(chunks).toString('utf8')) : reject(new Error(`${command} ${args.join(' ')}: exit ${code}`))));
  });
}

/** Bare tools, page after page, in this process' environment. */
async function bare(pdf: string, pages: number[], work: string): Promise<string[]> {
  const texts: string[] = [];
  for (const page of pages) {
    const root = join(work, `bare-${page}`);
    await run('pdftoppm', ['-r', '300', '-png', '-f', String(page), '-l', String(page), '-singlefile', pdf, root]);
    texts.push(await run('tesseract', [`${root}.png`, 'stdout', '-l', 'fra']));
    rmSync(`${root}.png`, { force: true });
  }
  return texts;
}

async function ours(pdf: string, pages: number[]): Promise<string[]> {
  const result = await runExtraction({ path: pdf, fileName: basename(pdf) });
  const read = result.parts[0]!.pages;
  return pages.map((number) => {
    const page = read.find((p) => p.page === number);
    if (page?.ocr !== 'done') throw new Error(`page ${number} was not OCR'd by the product (${page?.ocr ?? 'missing'})`);
    return page.text;
  });
}

const words = (text: string) => text.normalize('NFC').toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
const bag = (list: string[]) => {
  const counts = new Map<string, number>();
  for (const word of list) counts.set(word, (counts.get(word) ?? 0) + 1);
  return counts;
};
const common = (a: string[], b: string[]) => {
  const counts = bag(b);
  let n = 0;
  for (const word of a) {
    const left = counts.get(word) ?? 0;
    if (left) {
      n++;
      counts.set(word, left - 1);
    }
  }
  return n;
};
/** Words both read, over the words each read (Dice): 1 when both read the same words. */
const agreement = (a: string, b: string) => {
  const [x, y] = [words(a), words(b)];
  return x.length + y.length ? (2 * common(x, y)) / (x.length + y.length) : 1;
};
/** The share of the original's words the OCR read. */
const recall = (truth: string, read: string) => {
  const t = words(truth);
  return t.length ? common(t, words(read)) / t.length : 1;
};
const percent = (x: number) => `${(100 * x).toFixed(1)} %`;
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
/** The middle value; with an even count, the mean of the two middle ones (lib.ts' median takes the upper). */
const median = (xs: number[]) => {
  const sorted = [...xs].sort((a, b) => a - b);
  const half = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[half]! : (sorted[half - 1]! + sorted[half]!) / 2;
};

async function measure(pdf: string, truth: string[] | undefined, work: string) {
  const pages = Array.from({ length: Number(/^Pages:\s+(\d+)/m.exec(execFileSync('pdfinfo', [pdf]).toString())![1]) }, (_, i) => i + 1).filter((page) =>
    needsOcr(pageText(pdf, page)),
  );
  if (!pages.length) {
    report(`${basename(pdf)}: every page has a text layer, nothing to OCR.`);
    return;
  }
  const fixed = process.env.EXTRACTION_OCR_CONCURRENCY;
  report(
    `OCR of ${pages.length} scanned pages of ${basename(pdf)}, ${ROUNDS} rounds alternating which goes first; ${availableParallelism()} cores` +
      (fixed ? `, EXTRACTION_OCR_CONCURRENCY=${fixed}` : ''),
  );
  // The child and its bundle are made once per server process: not part of reading a scan.
  const warm = join(work, 'warm.txt');
  writeFileSync(warm, 'Règlement de la consultation');
  await runExtraction({ path: warm, fileName: 'warm.txt' });

  const times = { bare: [] as number[], ours: [] as number[] };
  let texts = { bare: [] as string[], ours: [] as string[] };
  for (let round = 0; round < ROUNDS; round++) {
    const order: ('bare' | 'ours')[] = round % 2 ? ['ours', 'bare'] : ['bare', 'ours'];
    const notes: string[] = [];
    for (const which of order) {
      const before = load();
      // What the product would choose now, before its own tesseracts weigh on the load.
      const level = which === 'ours' ? `, up to ${ocrConcurrency()} at once` : '';
      const started = performance.now();
      const read = which === 'bare' ? await bare(pdf, pages, work) : await ours(pdf, pages);
      const seconds = (performance.now() - started) / 1000;
      times[which].push(seconds / pages.length);
      if (round === 0) texts = { ...texts, [which]: read };
      notes.push(`${which} ${(seconds / pages.length).toFixed(2)} s/page (load ${before}${level})`);
    }
    report(`  round ${round + 1}: ${notes.join('; ')}`);
  }
  const bareSeconds = median(times.bare);
  const oursSeconds = median(times.ours);
  report(`  bare pdftoppm -r 300 -png + tesseract -l fra, page after page: ${bareSeconds.toFixed(2)} s/page (median)`);
  report(`  ours, runExtraction of the document:                           ${oursSeconds.toFixed(2)} s/page (median)`);
  const ratio = bareSeconds / oursSeconds;
  report(`  ours ${(100 * ratio).toFixed(0)} % of bare tesseract's speed (target ≥ 80 %): ${verdict(ratio >= 0.8)}`);
  const agreements = pages.map((_, i) => agreement(texts.ours[i]!, texts.bare[i]!));
  report(`  words agreeing with bare tesseract: ${percent(mean(agreements))} (pages ${agreements.map((a) => (100 * a).toFixed(0)).join(' ')})`);
  if (truth) {
    const recalls = (read: string[]) => pages.map((page, i) => recall(truth[page - 1]!, read[i]!));
    const [b, o] = [recalls(texts.bare), recalls(texts.ours)];
    report(`  words of the original's text layer read: bare ${percent(mean(b))}, ours ${percent(mean(o))} (pages, ours: ${o.map((r) => (100 * r).toFixed(0)).join(' ')})`);
  }
}

// ---------------------------------------------------------------------------------------------

const given = process.argv[2];
if (missing.length) {
  report(`OCR benchmark: nothing measured, ${missing.join(' and ')} ${missing.length > 1 ? 'are' : 'is'} not installed (Debian: apt-get install poppler-utils tesseract-ocr tesseract-ocr-fra).`);
} else {
  const work = mkdtempSync(join(tmpdir(), 'soumissio-bench-ocr-'));
  try {
    if (given) await measure(resolve(given), undefined, work);
    else {
      const scan = scanOfRc(work);
      report(`Default document: ${basename(RC)}, pages 1–${PAGES} rendered at ${SCAN_DPI} dpi in grey and shown as images (no text layer).`);
      await measure(
        scan,
        Array.from({ length: PAGES }, (_, i) => pageText(RC, i + 1)),
        work,
      );
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
console.info('\nSummary');
for (const line of lines) console.info(line);
