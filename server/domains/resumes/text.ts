// A CV file's text: DOCX through mammoth's raw text (one paragraph a line), PDF through the
// extraction pool (pdftotext -layout, pdf.js where poppler is missing). Failures are the catalogue
// keys a resume shows as its parseError, never an exception the job would retry.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import mammoth from 'mammoth';
import { runExtraction } from '../../extraction/run';
import { extractionTools } from '../../extraction/tools';
import { ExtractionError } from '../../extraction/types';

export const PDF = 'application/pdf';
export const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

export type ResumeParseError = 'resume-parse_no_text' | 'resume-parse_pdf_tools_missing' | 'resume-parse_unreadable' | 'resume-parse_failed';

export class CvTextError extends Error {
  constructor(readonly key: ResumeParseError) {
    super(key);
  }
}

/** Fewer letters than this: a scan or an empty template, nothing to read. */
const MIN_LETTERS = 20;

export async function cvText(data: Buffer, mime: string, options: { signal?: AbortSignal } = {}): Promise<string> {
  let text: string;
  if (mime === DOCX) {
    try {
      text = (await mammoth.extractRawText({ buffer: data })).value;
    } catch {
      throw new CvTextError('resume-parse_unreadable');
    }
  } else if (mime === PDF) {
    const folder = await mkdtemp(join(tmpdir(), 'soumissio-cv-'));
    try {
      const path = join(folder, 'cv.pdf');
      await writeFile(path, data);
      const result = await runExtraction({ path, fileName: 'cv.pdf' }, { signal: options.signal, timeoutMs: 60_000 });
      const part = result.parts[0];
      if (!part || part.error) throw new ExtractionError(part?.error ?? 'extraction-corrupt');
      text = part.pages.map((page) => page.text).join('\n\n');
    } catch (error) {
      if (error instanceof CvTextError || options.signal?.aborted) throw error;
      // Without poppler the PDF is read by pdf.js; a PDF neither can read says which tool is missing.
      if (!(await extractionTools()).pdftotext) throw new CvTextError('resume-parse_pdf_tools_missing');
      if (error instanceof ExtractionError) throw new CvTextError('resume-parse_unreadable');
      throw new CvTextError('resume-parse_failed');
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  } else {
    throw new CvTextError('resume-parse_unreadable');
  }
  if ((text.match(/\p{L}/gu) ?? []).length < MIN_LETTERS) throw new CvTextError('resume-parse_no_text');
  return text;
}
