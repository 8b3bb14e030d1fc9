// The contract's rules for a DCE template (DceTemplateInput, DceDocument), checked before sending:
// each check returns an i18n key or null, like rules.ts.
import type { Rule } from './rules';

export type DceDocumentValues = { code: string; label: string; required: boolean };
export type DocumentErrors = { code?: string; label?: string };

const CODE = /^[A-Z0-9][A-Z0-9_-]{0,19}$/;

export const templateName: Rule = (v) => {
  const value = v.trim();
  if (value === '') return 'form-required';
  return value.length < 2 || value.length > 120 ? 'dcetemplates-name_length' : null;
};

export const templateDescription: Rule = (v) => (v.trim().length > 2000 ? 'form-description_length' : null);

/** Codes are typed in any case and with stray spaces; the contract wants them upper case. */
export const normaliseCode = (code: string) => code.trim().toUpperCase();

/**
 * Per-row errors (by index) and a list error: at least one document, each with a valid code
 * that no earlier row has, and a label. An empty result means the list may be sent.
 */
export function checkDocuments(documents: DceDocumentValues[]): { rows: Record<number, DocumentErrors>; list: string | null } {
  const rows: Record<number, DocumentErrors> = {};
  const seen = new Set<string>();
  documents.forEach((doc, index) => {
    const code = normaliseCode(doc.code);
    const errors: DocumentErrors = {};
    if (code === '') errors.code = 'form-required';
    else if (!CODE.test(code)) errors.code = 'dcetemplates-code_invalid';
    else if (seen.has(code)) errors.code = 'dcetemplates-code_duplicate';
    seen.add(code);
    const label = doc.label.trim();
    if (label === '' || label.length > 200) errors.label = 'dcetemplates-label_length';
    if (errors.code || errors.label) rows[index] = errors;
  });
  return { rows, list: documents.length === 0 ? 'dcetemplates-documents_min' : documents.length > 60 ? 'dcetemplates-documents_max' : null };
}

/** The usual pieces of a French DCE, offered as one-click additions (labels are i18n keys). */
export const USUAL_DOCUMENTS: readonly { code: string; required: boolean }[] = [
  { code: 'RC', required: true },
  { code: 'AE', required: true },
  { code: 'CCAP', required: true },
  { code: 'CCTP', required: true },
  { code: 'BPU', required: false },
  { code: 'DQE', required: false },
  { code: 'DPGF', required: false },
  { code: 'PLANS', required: false },
  { code: 'MT', required: true },
  { code: 'DC1', required: false },
  { code: 'DC2', required: false },
];
