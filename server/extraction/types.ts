import type { TextCut } from './limits';

export type ExtractionErrorKey =
  | 'extraction-corrupt' // unreadable / damaged file
  | 'extraction-encrypted' // password-protected PDF or office file
  | 'extraction-too_many_pages' // more than MAX_PAGES pages
  | 'extraction-too_large' // an archive entry, unpacked XML or image over the limits (bomb)
  | 'extraction-timeout' // the child ran past its time limit
  | 'extraction-out_of_memory' // the child died of its memory limit
  | 'extraction-unsupported'; // a type we cannot read (e.g. an unknown binary inside a ZIP)

export type ExtractedPage = { page: number; text: string; ocr: 'none' | 'done' | 'unavailable' };

/** 'unknown' only on a failed part whose type could not be told (unsupported, or an entry that could not be unpacked). */
export type ExtractedFormat = 'pdf' | 'docx' | 'odt' | 'xlsx' | 'ods' | 'image' | 'text' | 'unknown';

// One readable unit: the file itself, or one entry of a ZIP DCE (entry = path inside the zip).
export type ExtractedPart = { entry: string | null; format: ExtractedFormat; pages: ExtractedPage[]; error?: ExtractionErrorKey };

/** `textCut`: what the limits of server/extraction/limits.ts left out of the text, when they cut. */
export type ExtractionResult = { parts: ExtractedPart[]; ocrAvailable: boolean; textCut?: TextCut };

export class ExtractionError extends Error {
  constructor(readonly key: ExtractionErrorKey) {
    super(key);
    this.name = 'ExtractionError';
  }
}

export const MAX_PAGES = 2000;

export const isExtractionErrorKey = (value: unknown): value is ExtractionErrorKey =>
  typeof value === 'string' &&
  [
    'extraction-corrupt',
    'extraction-encrypted',
    'extraction-too_many_pages',
    'extraction-too_large',
    'extraction-timeout',
    'extraction-out_of_memory',
    'extraction-unsupported',
  ].includes(value);
