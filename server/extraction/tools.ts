import { spawn } from 'node:child_process';
import { childEnv, tuning } from '../config';

export type ExtractionTools = { pdftotext: boolean; pdftoppm: boolean; tesseractFra: boolean };

export type CommandResult = { code: number | null; signal: NodeJS.Signals | null; stdout: Buffer; stderr: string };

/**
 * Runs a command without a shell, collecting its output. Output beyond maxBuffer is dropped and
 * the command killed, so a tool can never fill this process' memory.
 */
export function runCommand(command: string, args: string[], options: { env?: NodeJS.ProcessEnv; maxBuffer?: number } = {}): Promise<CommandResult> {
  const maxBuffer = options.maxBuffer ?? 256 * 1024 * 1024;
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let stderr = '';
    let overflow = false;
    const child = spawn(command, args, { env: options.env ?? childEnv(), stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBuffer) {
        overflow = true;
        child.kill('SIGKILL');
      } else chunks.push(chunk);
    });
    child.stderr.on('data', (chunk: Buffer) => {
      if (stderr.length < 16_384) stderr += chunk.toString('utf8');
    });
    child.on('error', (error) => resolve({ code: -1, signal: null, stdout: Buffer.alloc(0), stderr: String(error) }));
    child.on('close', (code, signal) => resolve({ code: overflow ? -1 : code, signal, stdout: Buffer.concat(chunks), stderr }));
  });
}

async function works(command: string, args: string[], check: (output: string) => boolean): Promise<boolean> {
  const result = await runCommand(command, args, { maxBuffer: 1024 * 1024 });
  return result.code === 0 && check(result.stdout.toString('utf8') + result.stderr);
}

// Detected in the server process only: its pooled children are told the result with each file.
let detected: Promise<ExtractionTools> | undefined;

/**
 * Which external tools this machine has, detected once. EXTRACTION_TOOLS=js disables them all,
 * so the pure JavaScript path (what a machine without poppler runs) can be exercised anywhere.
 */
export function extractionTools(): Promise<ExtractionTools> {
  if (tuning.jsExtractionOnly()) return Promise.resolve({ pdftotext: false, pdftoppm: false, tesseractFra: false });
  detected ??= Promise.all([
    // pdfinfo comes with pdftotext in poppler-utils; OCR reads a page's size with it.
    Promise.all([works('pdftotext', ['-v'], () => true), works('pdfinfo', ['-v'], () => true)]).then(([a, b]) => a && b),
    works('pdftoppm', ['-v'], () => true),
    works('tesseract', ['--list-langs'], (output) => /^fra$/m.test(output)),
  ]).then(([pdftotext, pdftoppm, tesseractFra]) => ({ pdftotext, pdftoppm, tesseractFra }));
  return detected;
}
