import { fold, lineSource, type PageView } from './text';
import type { Criterion, FactSource } from './types';

// Award criteria from the layout lines of the RC's table: "1-Prix des prestations   40.0 %",
// "  2.1-Finesse de structuration laser :   20.0 %", "Valeur technique : sur 60 points".

type Line = { view: PageView; text: string; folded: string };
type Row = { id: string | null; marker: 'number' | 'sub' | 'bullet' | 'plain'; name: string; raw: number; unit: 'percent' | 'points'; sources: FactSource[] };

const HEADER = /\bcriteres?\b.{0,80}\b(?:ponder|hierarchis|jugement des offres|attribution|notation|classement)|^\s*criteres?\s+(?:ponderation|points|coefficient|%)/;
// The weight ends its line, possibly with the sentence's full stop ("… : sur 5 points.").
const WEIGHT = /(?:[:=-]\s*)?\(?\s*(?:sur\s+)?(\d{1,3}(?:[.,]\d{1,2})?)\s*(%|pts?\b|points?\b|\/\s*100\b)\s*\)?\s*[.;]?\s*$/;
// Lines of a criteria table that are no criterion: its total, a definition of a notation.
const NOT_CRITERION = /^(?:sous-)?total\b|^definitions?\b|^ponderation\b|^note\b/;
const NUMBERED = /^(?:crit[eè]re\s*(?:n\s*[°o]\s*)?)?(\d{1,2}(?:\.\d{1,2})*)\s*[-.)/:]?\s*(?=\D)/i;
const LETTERED = /^(?:sous-crit[eè]re\s*)?([a-h])\s*[).-]\s+/i;
const BULLET = /^[-•▪·*o]\s+/;
const STOP = /\bnote (?:globale|finale)\b|\bsont notes\b|\ben cas d'egalite\b|\bdans le cas ou\b|\bformule\b|\bmethode de notation\b/;
const OPEN_END = /(?:,|\b(?:de|du|des|d'|en|et|la|le|les|l'|a|au|aux|avec|sur|pour|par|dans|lien|ou))$/;

function parseRow(line: Line): Row | undefined {
  const weight = WEIGHT.exec(line.folded);
  if (!weight) return undefined;
  const raw = Number((weight[1] as string).replace(',', '.'));
  if (!(raw > 0 && raw <= 100)) return undefined;
  const unit = weight[2] === '%' ? 'percent' : 'points';
  let name = line.text.slice(0, weight.index).trim();
  let id: string | null = null;
  let marker: Row['marker'] = 'plain';
  const numbered = NUMBERED.exec(name);
  const lettered = numbered ? null : LETTERED.exec(name);
  if (numbered) {
    id = numbered[1] as string;
    marker = id.includes('.') ? 'sub' : 'number';
    name = name.slice(numbered[0].length);
  } else if (lettered) {
    marker = 'sub';
    name = name.slice(lettered[0].length);
  } else if (BULLET.test(name)) {
    marker = 'bullet';
    name = name.replace(BULLET, '');
  }
  name = cleanName(name);
  if (!/[a-zà-ÿ]{3}/i.test(name) || NOT_CRITERION.test(fold(name))) return undefined;
  return { id, marker, name, raw, unit, sources: [lineSource(line.view, line.text)] };
}

const cleanName = (name: string) =>
  name
    .replace(/\s+/g, ' ')
    // "Critère n°2 : Valeur technique", "Critère : prix" — but "Critères techniques" keeps its word.
    .replace(/^crit[eè]re\s*(?:(?:n\s*[°o]\s*)?\d+\s*[:-]?|[:-])\s*/i, '')
    .replace(/[\s:=–-]+$/, '')
    .replace(/\s+(?:sur|pondéré à|pondération)$/i, '')
    .trim();

function parseBlock(lines: Line[]): Row[] {
  const rows: Row[] = [];
  let pending: Line | null = null;
  let idle = 0;
  for (const line of lines) {
    if (!line.folded) continue;
    const row = parseRow(line);
    if (row) {
      // "1- Valeur technique appréciée au regard\ndu mémoire technique   60 %": the label
      // began on the line before the weight.
      if (pending && row.marker === 'plain' && /^[a-zà-ÿ]/.test(row.name)) {
        const head = parseHead(pending);
        if (head) Object.assign(row, { ...head, name: `${head.name} ${row.name}` }, { sources: [lineSource(pending.view, pending.text), ...row.sources] });
      }
      rows.push(row);
      pending = null;
      idle = 0;
      continue;
    }
    if (rows.length > 0 && STOP.test(line.folded)) break;
    const last = rows.at(-1);
    const text = line.text.replace(/\s+/g, ' ').trim();
    // A label wrapped after its weight: the next line goes on in lower case.
    if (last && idle === 0 && /^[a-zà-ÿ(]/.test(text) && OPEN_END.test(fold(last.name)) && !/^(?:apprecie|evalue|note|jug)/.test(line.folded)) {
      last.name = cleanName(`${last.name} ${text}`);
      last.sources.push(lineSource(line.view, line.text));
      idle = 1;
      continue;
    }
    pending = NUMBERED.test(text) && !WEIGHT.test(line.folded) && text.length < 160 ? line : null;
    if (rows.length > 0 && ++idle > 12) break;
  }
  return rows;
}

function parseHead(line: Line): Pick<Row, 'id' | 'marker' | 'name'> | undefined {
  const text = line.text.replace(/\s+/g, ' ').trim();
  const numbered = NUMBERED.exec(text);
  if (!numbered) return undefined;
  const id = numbered[1] as string;
  return { id, marker: id.includes('.') ? 'sub' : 'number', name: cleanName(text.slice(numbered[0].length)) };
}

const round = (n: number) => Math.round(n * 100) / 100;

/**
 * The criteria with their weights as the RC states them, never scaled: a list that does not add
 * up to 100 is a finding (facts.ts lowers its confidence, red-flags.ts says so), not something to
 * hide. Sub-criteria weighed as shares of their criterion ("70 % / 30 % of the technical value")
 * are converted to shares of the whole; otherwise they stay as stated.
 */
function toCriteria(rows: Row[]): { criteria: Criterion[]; sources: FactSource[] } | undefined {
  type Node = { row: Row; children: Row[] };
  const top: Node[] = [];
  for (const row of rows) {
    const parent = top.at(-1);
    const isChild =
      parent &&
      ((row.id && parent.row.id && row.id.startsWith(`${parent.row.id}.`)) ||
        (row.marker === 'sub' && !row.id) ||
        (row.marker === 'bullet' && parent.row.marker !== 'bullet'));
    if (isChild) parent.children.push(row);
    else top.push({ row, children: [] });
  }
  if (top.length < 2) return undefined;
  const criteria = top.map(({ row, children }): Criterion => {
    const criterion: Criterion = { name: row.name, weight: round(row.raw) };
    if (children.length > 0) {
      const subTotal = children.reduce((sum, child) => sum + child.raw, 0);
      const shareOfCriterion = Math.abs(subTotal - row.raw) > 0.5 && Math.abs(subTotal - 100) <= 0.5;
      criterion.subCriteria = children.map((child) => ({ name: child.name, weight: round(shareOfCriterion ? (child.raw * row.raw) / 100 : child.raw) }));
    }
    return criterion;
  });
  return { criteria, sources: rows.flatMap((row) => row.sources) };
}

/** The award criteria of the first criteria table that has at least two weighted criteria. */
export function findCriteria(views: PageView[]): { criteria: Criterion[]; sources: FactSource[] } | undefined {
  const lines: Line[] = views.flatMap((view) =>
    view.lines.map((raw) => {
      const text = raw.replace(/\s+/g, ' ').trim();
      return { view, text, folded: fold(text) };
    }),
  );
  let best: { criteria: Criterion[]; sources: FactSource[] } | undefined;
  for (let at = 0; at < lines.length; at++) {
    if (!HEADER.test((lines[at] as Line).folded)) continue;
    // The header's own line may already hold the first criterion.
    const block = parseBlock(lines.slice(at, at + 80));
    const found = toCriteria(block);
    if (!found) continue;
    const sum = found.criteria.reduce((total, c) => total + c.weight, 0);
    if (Math.abs(sum - 100) <= 1) return found;
    best ??= found;
  }
  return best;
}
