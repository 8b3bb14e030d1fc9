// The rules that find the requirements of a CCTP (or of the technical clauses of a contract):
// pure functions of the document's page texts, no I/O. Headings give the section; sentences
// with a duty cue, list items under a sentence that announces duties, and table rows that
// demand a value are requirements.
import { fold } from '../dce/text';
import type { AnalysedDocument } from '../dce/types';
import { isSentence, kindOf, leadsDuties, rowDemands, statesRequirement, type RequirementKind } from './judge';
import { joinLines, splitSentences, unitsOf, type Unit } from './layout';

export { findNorms } from './norms';
export type { RequirementKind } from './judge';
import { findNorms } from './norms';

export type FoundRequirement = {
  documentId: string;
  entry: string | null;
  fileName: string;
  page: number;
  /** The heading the requirement sits under ('' / '' when none). */
  section: { number: string; title: string };
  /** The sentence or bullet (after a short lead-in when it needs one), whitespace collapsed, at most 600 chars. */
  text: string;
  kind: RequirementKind;
  norms: string[];
};

const MAX = 600;
const LEAD_MAX = 240;

const clip = (text: string, max: number) => (text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`);

/** The end of a long lead-in, cut at a word: "…les modifications qui se rapportent :". */
function shortLead(lead: string): string {
  if (lead.length <= LEAD_MAX) return lead;
  const tail = lead.slice(lead.length - LEAD_MAX);
  return `…${tail.slice(tail.indexOf(' ') + 1)}`;
}

// Section titles under which a bare list describes, not demands.
const CONTEXT_SECTION = /\b(?:contexte|presentation|preambule|objet|definitions?|glossaire|pieces constitutives|identite|sommaire|prerequis)\b/;

/**
 * The entries of a table's column: a cell's line that starts with a capital or a dash starts an
 * entry, one in lower case goes on the entry above ("Contrôle visuel … des" / "onduleurs.").
 * The column's title ("Horaires", "Lieu"), a first line of a few words, is no entry.
 */
function entriesOf(lines: string[]): string[] {
  const entries: string[][] = [];
  for (const line of lines) {
    const last = entries.at(-1);
    if (last && !/^[A-ZÀ-Ý•\-–]/.test(line)) last.push(line);
    else entries.push([line]);
  }
  const texts = entries.map((entry) => joinLines(entry).replace(/^[-–•]\s*/, ''));
  const title = texts[0] ?? '';
  if ((entries[0]?.length ?? 0) === 1 && title.split(' ').length <= 4 && !/\d/.test(title)) texts.shift();
  return texts;
}

/** The requirement texts of one unit, each with the text its kind is read from. */
function requirementsOf(unit: Unit): { text: string; kindText: string }[] {
  // A table under a sentence that announces duties ("les points suivants devront être
  // contrôlés :") lists them: each entry of its columns past the first (which names the place
  // or the item), each of its rows past the first.
  const tableLead = (unit.kind === 'column' || unit.kind === 'row') && unit.leadIn && leadsDuties(fold(unit.leadIn)) ? unit.leadIn : null;
  switch (unit.kind) {
    case 'paragraph':
      return splitSentences(unit.text)
        .filter((sentence) => statesRequirement(fold(sentence)))
        .map((text) => ({ text, kindText: text }));
    case 'column':
      if (tableLead && !unit.first) return entriesOf(unit.lines ?? []).map((entry) => ({ text: `${shortLead(tableLead)} ${entry}`, kindText: `${tableLead} ${entry}` }));
      return splitSentences(unit.text)
        .filter((sentence) => statesRequirement(fold(sentence)))
        .map((text) => ({ text, kindText: text }));
    case 'row':
      // A row under a header that demands ("Code UO : Expertises minimales requises").
      if (rowDemands(unit.cells ?? []) || (unit.header && statesRequirement(fold(unit.header)))) return [{ text: unit.text, kindText: unit.text }];
      return tableLead && unit.header ? [{ text: `${shortLead(tableLead)} ${unit.text}`, kindText: `${tableLead} ${unit.text}` }] : [];
    case 'bullet': {
      const item = unit.text.replace(/\s*[;,]$/, '');
      const own = statesRequirement(fold(item));
      const kindText = unit.leadIn ? `${unit.leadIn} ${item}` : item;
      // An item that starts in lower case ("traiter les données …") reads only after its lead-in.
      if (unit.leadIn && leadsDuties(fold(unit.leadIn))) return [{ text: own && !/^[a-zà-ÿ]/.test(item) ? item : `${shortLead(unit.leadIn)} ${item}`, kindText }];
      if (own) return [{ text: item, kindText }];
      // A bare task right under a heading ("Étude de l'architecture actuelle ;") is one; a
      // sentence of its own that states no duty is not.
      if (!unit.leadIn && unit.headed && unit.section.number && !CONTEXT_SECTION.test(fold(unit.section.title)) && !isSentence(fold(item))) return [{ text: item, kindText }];
      return [];
    }
  }
}

export function extractRequirements(document: AnalysedDocument): FoundRequirement[] {
  const found: FoundRequirement[] = [];
  const seen = new Set<string>();
  const units = unitsOf(document, (text) => splitSentences(text).some((sentence) => statesRequirement(fold(sentence))));
  units.forEach((unit, at) => {
    // A lead-in that ends in ':' is said again by its items, unless they say their duty
    // themselves and it says more than a title ("Exigences minimales :").
    const next = units[at + 1];
    const itemsStandAlone = next?.kind === 'bullet' && statesRequirement(fold(next.text));
    const listLead = next?.kind === 'bullet' && next.leadIn && (!itemsStandAlone || next.leadIn.split(' ').length < 6) ? next.leadIn : null;
    // So is the sentence that announces a table of duties, said again by each entry.
    const tableLead = (next?.kind === 'column' || next?.kind === 'row') && next.leadIn && leadsDuties(fold(next.leadIn)) ? next.leadIn : null;
    const leadIn = unit.kind === 'paragraph' ? (listLead ?? tableLead) : null;
    for (const { text, kindText } of requirementsOf(unit)) {
      if (text === leadIn) continue;
      const clean = clip(text.replace(/\s+/g, ' ').trim(), MAX);
      const key = fold(clean);
      if (clean.length < 4 || seen.has(key)) continue;
      seen.add(key);
      found.push({
        documentId: document.documentId,
        entry: document.entry,
        fileName: document.fileName,
        page: unit.page,
        section: unit.section,
        text: clean,
        kind: kindOf(kindText),
        norms: findNorms(clean),
      });
    }
  });
  return found;
}
