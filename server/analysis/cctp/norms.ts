// The standards a requirement cites: NF / EN / ISO / IEC numbers, DTU, and EU directives by
// their number. Laws, décrets, arrêtés and articles of codes are not standards.

// One pattern scanned left to right, so that "NF EN ISO 9001" is one reference and not three.
// A standard's number has 3 digits or more ("EN 1090") or a part ("NF C 15-100"), which keeps
// "EN 2 ans" out; an edition year may follow after a colon ("ISO 9001:2015").
const NUMBER = String.raw`(?:\d{3,6}|\d{1,2}[-.]\d{1,4})(?:[-.]\d{1,4})*(?:\s?:\s?(?:19|20)\d{2})?`;
const PREFIXED = String.raw`(?:NF|EN|ISO|IEC|CEI|UTE|XP|FD|CENELEC|HD)(?:\s+(?:EN|ISO|IEC|CEI|TS|TR|HD))*(?:\s+[A-Z](?=\s+\d))?\s+${NUMBER}`;
const DTU = String.raw`(?:NF\s+)?DTU\s+\d{1,3}(?:\.\d{1,2})*(?:\s+P\d+(?:-\d+)*)?`;
const DIRECTIVE = String.raw`\d{2,4}\/\d{1,4}\/(?:UE|CE|CEE|EU|EC)`;
const NORM = new RegExp(String.raw`(?<![\w/])(?:${DTU}|${PREFIXED}|${DIRECTIVE})(?![\w/])`, 'g');

/** The standards cited in `text`, as written (spaces collapsed), each once, in order. */
export function findNorms(text: string): string[] {
  const found: string[] = [];
  for (const match of text.replace(/[\u00a0\u202f]/g, ' ').matchAll(NORM)) {
    const norm = match[0].replace(/\s+/g, ' ').replace(/\s?:\s?/, ':');
    if (!found.includes(norm)) found.push(norm);
  }
  return found;
}
