// Fills the DAJ candidature forms DC1 and DC2 (DOCX): the buyer's own copies from the DCE when it
// holds them, else the official blank forms kept in ./official. Only the answer places change.
import { fillDc1Document } from './dc1';
import { fillDc2Document } from './dc2';
import { documentTitleText } from './docx-form';
import type { CandidatureData, DcForm } from './types';

export type { CandidatureData, CompanyIdentity, CompanyAddress, GroupementMember, DcForm } from './types';
export { fillDc1Document, fillDc2Document };
export type { FormEdit } from './docx-form';

export function fillDc1(docx: Uint8Array, data: CandidatureData): Uint8Array {
  return fillDc1Document(docx, data).docx;
}

/** The DC2 of `data.candidate` (in a groupement, one DC2 a member: pass that member as the candidate). */
export function fillDc2(docx: Uint8Array, data: CandidatureData): Uint8Array {
  return fillDc2Document(docx, data).docx;
}

// The title block opens the form; later text names the other form ("lettre de candidature
// (formulaire DC1)" in the DC2), so only the first paragraphs decide.
const TITLE_PARAGRAPHS = 15;
const SIGNALS: Record<DcForm, RegExp[]> = {
  DC1: [/\bdc ?1\b/, /lettre de candidature/],
  DC2: [/\bdc ?2\b/, /declaration du candidat/],
};

/** Which DAJ form a DOCX is, from its title (then its footer, "DC1 – Lettre de candidature"); null for any other document. */
export function detectDcForm(docx: Uint8Array): DcForm | null {
  const text = documentTitleText(docx);
  if (!text) return null;
  const decide = (paragraphs: string[]): DcForm | null => {
    const found = (form: DcForm) => SIGNALS[form].every((signal) => paragraphs.some((p) => signal.test(p)));
    const first = (form: DcForm) => Math.min(...SIGNALS[form].map((signal) => paragraphs.findIndex((p) => signal.test(p))).map((i) => (i < 0 ? Infinity : i)));
    const dc1 = found('DC1');
    const dc2 = found('DC2');
    if (dc1 && dc2) return first('DC1') <= first('DC2') ? 'DC1' : 'DC2';
    return dc1 ? 'DC1' : dc2 ? 'DC2' : null;
  };
  return decide(text.body.slice(0, TITLE_PARAGRAPHS)) ?? decide(text.footers);
}
