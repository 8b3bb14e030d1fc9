// The official blank forms kept in the repository, for a DCE that does not hold the buyer's copies.
import { readFileSync } from 'node:fs';
import type { DcForm } from './types';

export const officialDcFormUrl = (form: DcForm) => new URL(`./official/${form}.docx`, import.meta.url);

export function readOfficialDcForm(form: DcForm): Uint8Array {
  return new Uint8Array(readFileSync(officialDcFormUrl(form)));
}
