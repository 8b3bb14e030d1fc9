import { fold, lineSource, type PageView } from './text';
import type { Criterion, FactSource } from './types';

// Award criteria as RCs write them (R. 2152-7 and R. 2152-11 of the Code de la commande publique:
// the criteria and their weighting, or their order of importance, for every lot): numbered lists
// ("Critère n°2 : Valeur technique (50 %)", "1-Prix des prestations   40.0 %", "a) Méthodologie
// 40 points"), sub-criteria under their criterion ("Sous-critère 2.1 : … (20 %)", bullets), tables
// whose weight column stands apart from multi-line cells ("Prix des prestations jugé …" with
// "40/100" centred in the next column), and one list per group of lots ("Les critères
// d'attribution des lots 1 à 6 sont …").

type Line = { view: PageView; raw: string; text: string; folded: string };
type Marker = 'number' | 'sub' | 'deep' | 'bullet' | 'plain';
type Row = { id: string | null; marker: Marker; name: string; raw: number; unit: 'percent' | 'points'; sources: FactSource[] };
export type CriteriaGroup = { lots: number[] | null; criteria: Criterion[]; sources: FactSource[] };

const HEADER = /\bcriteres?\b.{0,80}\b(?:ponder|hierarchis|jugement des offres|attribution|notation|classement|choix de l'offre)|^\s*criteres?\s+(?:ponderation|points|coefficient|%)/;
// The weight ends its line, possibly with the sentence's full stop ("… : sur 5 points.").
const WEIGHT = /(?:[:=-]\s*)?\(?\s*(?:sur\s+|note sur\s+)?(\d{1,3}(?:[.,]\d{1,2})?)\s*(%|pts?\b|points?\b|\/\s*100\b)\s*\)?\s*[.;]?\s*$/;
// Lines of a criteria table that are no criterion: its total, a definition of a notation.
const NOT_CRITERION = /^(?:sous-)?total\b|^definitions?\b|^ponderation\b|^note\b/;
// "Critère n°2 :", "Sous-critère 2.1 :", "2.1-", "3." (ids with two dots are sub-sub-criteria).
const NUMBERED = /^(?:(?:sous-)?crit[eè]re\s*(?:n\s*[°o]\s*)?)?(\d{1,2}(?:\.\d{1,2})*)\s*[-.)/:]?\s*(?=\D)/i;
const LETTERED = /^(?:sous-crit[eè]re\s*)?([a-h])\s*[).-]\s+/i;
const BULLET = /^(?:[-•▪·*o➢►→◦▸‣]|\uf0a7|\uf0b7|\uf0d8)\s+/;
const STOP = /\bnote (?:globale|finale)\b|\bsont notes\b|\ben cas d'egalite\b|\bdans le cas ou\b|\bformule\b|\bmethode de notation\b|\bmodalites de notation\b/;
const OPEN_END = /(?:,|\b(?:de|du|des|d'|en|et|la|le|les|l'|a|au|aux|avec|sur|pour|par|dans|lien|ou))$/;
// "Prix des prestations jugé sur la base du montant …", "Valeur technique appréciée au regard
// des sous-critères suivants :": the criterion is the words before how it is judged.
const HOW_JUDGED = /\s+(?:(?:juge|apprecie|evalue|note|analyse|examine)e?s?\s+(?:sur|selon|au regard|a partir|en fonction|par|d'apres|a l'aide)|au regard (?:de|du|des|d'))\b.*$/;

const lineOf = (view: PageView, raw: string): Line => {
  const text = raw.replace(/\s+/g, ' ').trim();
  return { view, raw, text, folded: fold(text) };
};

function cleanName(name: string): string {
  const cleaned = name
    .replace(/\s+/g, ' ')
    // "Critère n°2 : Valeur technique", "Critère : prix" — but "Critères techniques" keeps its word.
    .replace(/^(?:sous-)?crit[eè]re\s*(?:(?:n\s*[°o]\s*)?\d+(?:\.\d+)*\s*[:-]?|[:-])\s*/i, '')
    .replace(/[\s:=–-]+$/, '')
    .replace(/\s+(?:sur|pondéré à|pondération|note sur)$/i, '')
    .trim();
  // fold keeps the length, so the cut found on the folded name applies to the name itself.
  const judged = HOW_JUDGED.exec(fold(cleaned));
  return judged && judged.index >= 4 ? cleaned.slice(0, judged.index).replace(/[\s:,–-]+$/, '') : cleaned;
}

/** The label part of a line: its marker (number, sub-criterion, bullet) and its name. */
function parseLabel(label: string): Pick<Row, 'id' | 'marker' | 'name'> {
  let name = label.trim();
  let bullet = false;
  if (BULLET.test(name)) {
    bullet = true;
    name = name.replace(BULLET, '');
  }
  const numbered = NUMBERED.exec(name);
  if (numbered) {
    const id = numbered[1] as string;
    const depth = id.split('.').length - 1;
    return { id, marker: depth === 0 ? 'number' : depth === 1 ? 'sub' : 'deep', name: cleanName(name.slice(numbered[0].length)) };
  }
  const lettered = LETTERED.exec(name);
  if (lettered) return { id: null, marker: 'sub', name: cleanName(name.slice(lettered[0].length)) };
  return { id: null, marker: bullet ? 'bullet' : 'plain', name: cleanName(name) };
}

/** A line ending with a weight; its name may be empty (a weight alone under its label). */
function parseRow(line: Line): Row | undefined {
  const weight = WEIGHT.exec(line.folded);
  if (!weight) return undefined;
  const raw = Number((weight[1] as string).replace(',', '.'));
  if (!(raw > 0 && raw <= 100)) return undefined;
  const unit = weight[2] === '%' ? 'percent' : 'points';
  const label = parseLabel(line.text.slice(0, weight.index));
  if (label.name && (!/[a-zà-ÿ]{3}/i.test(label.name) || NOT_CRITERION.test(fold(label.name)))) return undefined;
  return { ...label, raw, unit, sources: [lineSource(line.view, line.text)] };
}

/** The criteria of a list, from the line after its header; `end` is the first line not read. */
function parseList(lines: Line[], from: number): Parsed {
  const rows: Row[] = [];
  let start = from;
  let pending: Line[] = [];
  let idle = 0;
  let at = from;
  for (; at < lines.length && at < from + 80; at++) {
    const line = lines[at] as Line;
    if (!line.folded) continue;
    if (rows.length > 0 && HEADER.test(line.folded) && !WEIGHT.test(line.folded)) break;
    const row = parseRow(line);
    if (row) {
      const head = pending.length ? parseLabel(pending.map((l) => l.text).join(' ')) : undefined;
      // "Critère n°3 : Considérations … du marché\n(15%)", "1- Valeur technique appréciée au
      // regard\ndu mémoire technique   60 %": the label began on the lines before the weight.
      if (head && (!row.name || (row.marker === 'plain' && /^[a-zà-ÿ(]/.test(row.name)))) {
        Object.assign(row, { ...head, name: cleanName([head.name, row.name].filter(Boolean).join(' ')) });
        row.sources.unshift(...pending.map((l) => lineSource(l.view, l.text)));
      }
      if (!rows.length) start = at - pending.length;
      pending = [];
      idle = 0;
      if (row.name) rows.push(row);
      continue;
    }
    if (rows.length > 0 && STOP.test(line.folded)) break;
    const last = rows.at(-1);
    // A label wrapped after its weight: the next line goes on in lower case.
    if (last && idle === 0 && !pending.length && /^[a-zà-ÿ(]/.test(line.text) && OPEN_END.test(fold(last.name)) && !/^(?:apprecie|evalue|note|jug)/.test(line.folded)) {
      last.name = cleanName(`${last.name} ${line.text}`);
      last.sources.push(lineSource(line.view, line.text));
      idle = 1;
      continue;
    }
    const label = BULLET.test(line.text) ? line.text.replace(BULLET, '') : line.text;
    if (NUMBERED.test(label) && line.text.length < 160) pending = [line];
    else if (pending.length === 1 && /^[a-zà-ÿ(]/.test(line.text) && line.text.length < 160) pending.push(line);
    else pending = [];
    if (rows.length > 0 && ++idle > 12) break;
  }
  return { rows, start, end: at };
}

/** Rows read from a list or table; `start` is its first row's line, `end` the first line not read. */
type Parsed = { rows: Row[]; start: number; end: number };

const WEIGHT_HEADER = /\b(?:ponderation|points?|notes?|coefficients?|poids|bareme)\b|%/g;
const indentOf = (raw: string) => raw.length - raw.trimStart().length;

/**
 * A table whose header names its weight column ("Critères      Pondération"), cells running over
 * several lines: a weight standing alone in that column belongs to the row it sits in; a row
 * starts with a line at the table's left edge. Weighted bullets in a row are its sub-criteria.
 */
function parseWeightColumn(lines: Line[], headerAt: number): Parsed | undefined {
  const header = lines[headerAt] as Line;
  const foldedRaw = fold(header.raw);
  const named = /\bcriteres?\b/.exec(foldedRaw);
  // A header row names its columns; a row with a weight is already a criterion.
  if (!named || WEIGHT.test(header.folded)) return undefined;
  WEIGHT_HEADER.lastIndex = named.index + 20;
  const weightHeader = WEIGHT_HEADER.exec(foldedRaw);
  if (!weightHeader || !/\S\s{4,}\S/.test(foldedRaw.slice(named.index, weightHeader.index + 1))) return undefined;
  const column = weightHeader.index;
  type Open = { head: string[]; weight?: Row; subs: Row[]; sub?: string; sources: FactSource[] };
  const open: Open[] = [];
  let left: number | undefined;
  let at = headerAt + 1;
  for (; at < lines.length && at < headerAt + 60; at++) {
    const line = lines[at] as Line;
    if (!line.folded) continue;
    if (STOP.test(line.folded) || (open.length > 0 && HEADER.test(line.folded))) break;
    // A weight in the weight column stands apart: alone, or after a wide gap.
    const weight = WEIGHT.exec(fold(line.raw));
    // Where its figures start (the match may start on the spaces or the colon before them).
    const weightAt = weight ? weight.index + weight[0].search(/\d/) : -1;
    const before = line.raw.slice(0, weightAt);
    const inColumn = weight && weightAt >= column * 0.6 && (!before.trim() || /\s{3,}(?:\(|sur\s+)?$/i.test(before));
    const label = (inColumn ? before.replace(/\s+(?:\(|sur\s+)?$/i, '') : line.raw).trimEnd();
    // Prose running across the weight column: the table is over.
    if (!inColumn && label.length >= column - 2) break;
    const columnWeight = inColumn ? parseRow(lineOf(line.view, line.raw.slice(weightAt))) : undefined;
    const current = open.at(-1);
    if (inColumn && !label.trim()) {
      if (!current || current.weight || !columnWeight) break;
      current.weight = columnWeight;
      current.sources.push(lineSource(line.view, line.text));
      continue;
    }
    const indent = indentOf(label);
    left ??= indent;
    const text = label.replace(/\s+/g, ' ').trim();
    if (BULLET.test(text) || indent > left + 1) {
      if (!current) break;
      // An indented row with its own weight in the column: a sub-criterion ("2.1-Finesse … 20 %").
      if (columnWeight && current.weight) {
        const label = parseLabel([current.sub, text].filter(Boolean).join(' '));
        current.subs.push({ ...label, marker: label.marker === 'deep' ? 'deep' : 'sub', raw: columnWeight.raw, unit: columnWeight.unit, sources: [lineSource(line.view, line.text)] });
        current.sub = undefined;
        continue;
      }
      // A weighted bullet is a sub-criterion; its label may wrap onto the next lines.
      if (BULLET.test(text)) current.sub = text.replace(BULLET, '');
      else if (current.sub) current.sub = `${current.sub} ${text}`;
      const sub = current.sub && WEIGHT.test(fold(current.sub)) ? parseRow(lineOf(line.view, current.sub)) : undefined;
      if (sub) {
        current.subs.push({ ...sub, marker: 'sub' });
        current.sub = undefined;
        current.sources.push(lineSource(line.view, line.text));
      }
      if (columnWeight && !current.weight) {
        current.weight = columnWeight;
        current.sources.push(lineSource(line.view, line.text));
      }
      continue;
    }
    // "3-Qualité des services associés : livraison, …   10 %\nformation, SAV": the label goes on.
    if (current && !columnWeight && /^[a-zà-ÿ(]/.test(text)) {
      current.head.push(text);
      current.sources.push(lineSource(line.view, line.text));
      continue;
    }
    // A new row once the current one has its weight; before that, the label goes on.
    if (!current || current.weight || (/^[A-ZÀ-Ý]/.test(text) && current.head.at(-1)?.endsWith(':'))) {
      if (current && !current.weight) break;
      open.push({ head: [text], subs: [], sources: [lineSource(line.view, line.text)] });
    } else if (!current.head.at(-1)?.match(/[.:]$/)) {
      current.head.push(text);
      current.sources.push(lineSource(line.view, line.text));
    }
    if (columnWeight) (open.at(-1) as Open).weight = columnWeight;
  }
  const complete = open.filter((row): row is Open & { weight: Row } => !!row.weight);
  if (complete.length < 2 || complete.length !== open.length) return undefined;
  const rows: Row[] = [];
  for (const row of complete) {
    const label = parseLabel(row.head.join(' ').replace(/:$/, ''));
    rows.push({ ...label, marker: 'number', raw: row.weight.raw, unit: row.weight.unit, sources: row.sources });
    rows.push(...row.subs);
  }
  return { rows, start: headerAt + 1, end: at };
}

const round = (n: number) => Math.round(n * 100) / 100;

/**
 * The criteria with their weights as the RC states them, never scaled: a list that does not add
 * up to 100 is a finding (facts.ts lowers its confidence, red-flags.ts says so), not something to
 * hide. Sub-criteria weighed as shares of their criterion ("70 % / 30 % of the technical value")
 * are converted to shares of the whole; otherwise they stay as stated. Sub-sub-criteria (2.1.1)
 * refine a sub-criterion whose weight already counts them: they are not listed.
 */
function toCriteria(rows: Row[]): { criteria: Criterion[]; sources: FactSource[] } | undefined {
  type Node = { row: Row; children: Row[] };
  const top: Node[] = [];
  for (const row of rows) {
    if (row.marker === 'deep') continue;
    const parent = top.at(-1);
    const isChild =
      parent &&
      ((row.id && parent.row.id && row.id.startsWith(`${parent.row.id}.`)) ||
        (row.marker === 'sub' && !row.id) ||
        (row.marker === 'sub' && !parent.row.id) ||
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
  return { criteria, sources: [...top.flatMap(({ row, children }) => [...row.sources, ...children.flatMap((c) => c.sources)])] };
}

// "des lots 1 à 6", "du lot n°7", "Lots 2, 3 et 5", "pour le lot 1 :".
const LOT_SCOPE = /\blots?\s*(?:n\s*[°o]\s*)?(\d{1,2}(?:\s*(?:,|et|a|au|-)\s*(?:n\s*[°o]\s*)?\d{1,2})*)/;

function lotsIn(text: string): number[] | null {
  const scope = LOT_SCOPE.exec(text);
  if (!scope) return null;
  const lots = new Set<number>();
  const parts = (scope[1] as string).split(/\s*(?:,|\bet\b)\s*/);
  for (const part of parts) {
    const range = /(\d{1,2})\s*(?:\ba\b|\bau\b|-)\s*(?:n\s*[°o]\s*)?(\d{1,2})/.exec(part);
    if (range) for (let n = Number(range[1]); n <= Number(range[2]) && n - Number(range[1]) < 50; n++) lots.add(n);
    else for (const n of part.match(/\d{1,2}/g) ?? []) lots.add(Number(n));
  }
  return lots.size ? [...lots].sort((a, b) => a - b) : null;
}

const total = (criteria: Criterion[]) => criteria.reduce((sum, c) => sum + c.weight, 0);
const sameList = (a: Criterion[], b: Criterion[]) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Every criteria list of the RC with the lots it is for (null: all). Lists repeated further on
 * (a notation method restating the criteria) are read once; a list for lots already covered is
 * a restatement too.
 */
export function findCriteriaGroups(views: PageView[]): CriteriaGroup[] {
  const lines: Line[] = views.flatMap((view) => view.lines.map((raw) => lineOf(view, raw)));
  const groups: CriteriaGroup[] = [];
  let firstComplete: CriteriaGroup | undefined;
  for (let at = 0; at < lines.length; at++) {
    if (!HEADER.test((lines[at] as Line).folded)) continue;
    // The header's own line may already hold the first criterion.
    // A table's header row may come a few lines under the heading that announces it.
    let parsed: Parsed | undefined;
    for (let row = at; row < at + 6 && row < lines.length && !parsed; row++) parsed = parseWeightColumn(lines, row);
    parsed ??= parseList(lines, at);
    const found = toCriteria(parsed.rows);
    if (!found) continue;
    const scopeText = lines
      .slice(Math.max(0, at - 3), Math.max(parsed.start, at + 1))
      .map((line) => line.folded)
      .join(' ');
    const group: CriteriaGroup = { lots: lotsIn(scopeText), ...found };
    if (Math.abs(total(found.criteria) - 100) <= 1) firstComplete ??= group;
    const covered = new Set(groups.flatMap((g) => g.lots ?? []));
    if (!groups.some((g) => sameList(g.criteria, group.criteria)) && !(group.lots && group.lots.every((lot) => covered.has(lot)))) groups.push(group);
    at = Math.max(at, parsed.end - 1);
  }
  const scoped = groups.filter((g) => g.lots);
  if (scoped.length >= 2 && scoped.every((g) => Math.abs(total(g.criteria) - 100) <= 1)) return scoped;
  const one = firstComplete ?? groups[0];
  return one ? [{ ...one, lots: null }] : [];
}
