// Reading a CV's text into a resume's fields by rules: French CVs first (English ones too), as
// pdftotext -layout or mammoth's raw text gives them. Pure functions, no I/O: the job
// (server/domains/resumes/job.ts) extracts the text and writes what these return.
import { fold } from '../admin/lists';
import type { ResumeCertificationItem, ResumeEducationItem, ResumeExperienceItem, ResumeLanguageItem, ResumeProjectItem } from '../../db/schema';

export type ParsedResume = {
  fullName: string | null;
  jobTitle: string | null;
  yearsExperience: number | null;
  education: ResumeEducationItem[];
  certifications: ResumeCertificationItem[];
  skills: string[];
  languages: ResumeLanguageItem[];
  projects: ResumeProjectItem[];
  experiences: ResumeExperienceItem[];
};

export const PARSED_FIELDS = ['fullName', 'jobTitle', 'yearsExperience', 'education', 'certifications', 'skills', 'languages', 'projects', 'experiences'] as const;
export type ParsedField = (typeof PARSED_FIELDS)[number];

/** The contract's limits: what is longer is cut, what is beyond the count dropped. */
export const LIMITS = { fullName: 120, jobTitle: 160, text: 200, short: 160, skill: 80, level: 60, role: 120, education: 30, certifications: 60, skills: 60, languages: 20, projects: 60, experiences: 40 };

type Section = 'header' | 'education' | 'certifications' | 'skills' | 'languages' | 'projects' | 'experience' | 'other';

// Section headings, folded, as whole lines (a trailing colon allowed). Experience and references
// both hold projects; a heading that is none of ours ends the previous section.
const HEADINGS: [Section, RegExp][] = [
  ['education', /^(formations?|diplomes?|diplomes? et formations?|formations? et diplomes?|formation initiale|cursus|etudes|parcours scolaire|education|academic background|degrees?)$/],
  [
    'certifications',
    /^(certifications?|habilitations?|qualifications?|certificats?|accreditations?|agrements?|permis et habilitations|formations? reglementaires?|(certifications?|habilitations?|qualifications?)( (et|&) (certifications?|habilitations?|qualifications?|permis|formations? securite))+|certifications? and licen[cs]es|licen[cs]es)$/,
  ],
  ['skills', /^(competences?|competences? (cles|techniques?|professionnelles?)|savoir-faire|domaines? de competences?|expertises?|outils|logiciels|outils et logiciels|skills|key skills|technical skills|core skills)$/],
  ['languages', /^(langues?|langues? (etrangeres?|parlees?)|languages?)$/],
  ['projects', /^(references?|references? (chantiers?|professionnelles?|significatives?|principales?)|principales? references?|principaux chantiers|chantiers|chantiers (realises|de reference)|realisations?|principales realisations|projets?|projets? (realises|de reference)|projects?|key projects|references? projects?)$/],
  ['experience', /^(experiences?|experiences? professionnelles?|parcours( professionnel)?|emplois?|work experience|professional experience|employment( history)?|career)$/],
  ['other', /^(profil|profile|summary|resume|a propos|about( me)?|contact|coordonnees|informations? personnelles?|centres? d'interets?|loisirs|interests|hobbies|divers|atouts|(mes )?points forts|savoir-etre|qualites|soft skills|permis|personal details)$/],
];

const MONTHS: Record<string, number> = {
  janvier: 1, fevrier: 2, mars: 3, avril: 4, mai: 5, juin: 6, juillet: 7, aout: 8, septembre: 9, octobre: 10, novembre: 11, decembre: 12,
  january: 1, february: 2, march: 3, april: 4, may: 5, june: 6, july: 7, august: 8, september: 9, october: 10, november: 11, december: 12,
  janv: 1, fevr: 2, fev: 2, avr: 4, juil: 7, sept: 9, oct: 10, nov: 11, dec: 12, jan: 1, feb: 2, mar: 3, apr: 4, jun: 6, jul: 7, aug: 8, sep: 9,
};
const MONTH_NAMES = Object.keys(MONTHS).sort((a, b) => b.length - a.length).join('|');

const LANGUAGES = new Set(
  [
    'francais', 'anglais', 'allemand', 'espagnol', 'italien', 'portugais', 'arabe', 'neerlandais', 'neerlandais', 'polonais', 'roumain', 'russe', 'chinois', 'mandarin', 'japonais', 'turc', 'grec', 'catalan', 'breton', 'basque', 'corse', 'occitan', 'wolof', 'lingala', 'berbere', 'kabyle', 'tamoul', 'vietnamien', 'coreen', 'hindi', 'ukrainien', 'serbe', 'croate', 'bulgare', 'hongrois', 'tcheque', 'slovaque', 'suedois', 'danois', 'norvegien', 'finnois', 'hebreu', 'persan', 'farsi', 'langue des signes francaise', 'lsf',
    'french', 'english', 'german', 'spanish', 'italian', 'portuguese', 'arabic', 'dutch', 'polish', 'romanian', 'russian', 'chinese', 'japanese', 'turkish', 'greek', 'hindi', 'korean', 'ukrainian', 'swedish', 'danish', 'norwegian', 'finnish', 'hebrew', 'czech', 'hungarian',
  ],
);

// Words of a role on a project or of a job title.
const ROLE = /\b(chef|cheffe|conducteur|conductrice|ingenieur|ingenieure|projeteur|projeteuse|responsable|directeur|directrice|manager|engineer|technicien|technicienne|assistant|assistante|adjoint|adjointe|coordinateur|coordinatrice|coordinator|pilote|opc|charge|chargee|economiste|dessinateur|dessinatrice|architecte|architect|superviseur|supervisor|animateur|animatrice|referent|referente|consultant|consultante|geometre|mandataire|encadrant|compagnon|macon|electricien|plombier|chauffagiste|grutier|foreman|lead|officer|head|qhse|qse|hse|bim manager)\b/;
const SCHOOL = /\b(lycee|iut|universite|university|insa|ecole|school|cfa|institut|institute|ensam|cnam|afpa|esitc|estp|eivp|polytech|centrale|mines|ponts|college|campus|greta|afpi|faculte|faculty|ens|enise|eseo|isba|cesi|iae|iep|business school|hei|ecam|icam|ensa|upmc|sorbonne|btp cfa)\b/;
const ISSUERS = /^(afnor|buildingsmart|bureau veritas|veritas|apave|socotec|dekra|inrs|qualibat|qualifelec|afpa|oppbtp|autodesk|certibat|cofrac|lrqa|bsi|sgs|ineris|cnpp|afpi|cstb|mase|icert|aib vincotte|vinci|bouygues|eiffage|fntp|ffb|capeb|preventica|pmi|prince2)$/i;

/** The line without its list marker (•, -, –, ●, ▪, *, numbers like "1." or "a)"). */
const BULLET = /^\s*(?:[•●▪■◦○◆►▸‣⁃∙·*✓✔➢➤→-]|–|—|\d{1,2}[.)](?!\d))\s*/;
const stripBullet = (line: string) => line.replace(BULLET, '');

/** Collapsed spaces, no spaces before a closing or after an opening bracket. */
const clean = (text: string) =>
  text
    .replace(/[\u00a0\u202f\t]/g, ' ')
    .replace(/\s+/g, ' ')
    .replace(/\(\s+/g, '(')
    .replace(/\s+\)/g, ')')
    .trim();
/** A value's surrounding separators and punctuation, once its pieces are taken out. */
const trimSeparators = (text: string) => clean(text).replace(/^[\s,;:·|/–—-]+|[\s,;:·|/–—-]+$/g, '').trim();
const cut = (text: string, max: number) => (text.length <= max ? text : text.slice(0, max).replace(/\s+\S*$/, '').trim() || text.slice(0, max));

const isEmail = (line: string) => /[\w.+-]+@[\w-]+\.[\w.]+/.test(line);
const isPhone = (line: string) => /(?:\+33\s?|0)[1-9](?:[\s.-]?\d{2}){4}/.test(line);
const isContact = (line: string) => isEmail(line) || isPhone(line) || /\b(https?:\/\/|www\.|linkedin)/i.test(line);

export function sectionOf(line: string): Section | undefined {
  const text = fold(stripBullet(line)).replace(/[’‘]/g, "'").replace(/[:.]+$/, '').replace(/\s+/g, ' ').trim();
  if (!text || text.length > 60 || /\d/.test(text)) return undefined;
  return HEADINGS.find(([, pattern]) => pattern.test(text))?.[0];
}

/**
 * The text's logical lines: list markers kept apart, wrapped lines of pdftotext (a continuation
 * indented under its item, starting in lower case, or after a line ending with a separator)
 * joined to the line they continue.
 */
export function logicalLines(text: string): { text: string; bullet: boolean }[] {
  const out: { text: string; bullet: boolean; indent: number }[] = [];
  for (const raw of text.replace(/\r\n?/g, '\n').split('\n')) {
    if (!raw.trim()) {
      out.push({ text: '', bullet: false, indent: 0 });
      continue;
    }
    const expanded = raw.replace(/\t/g, '    ');
    const indent = expanded.length - expanded.trimStart().length;
    const bullet = BULLET.test(expanded) && !/^\s*\d{1,2}[.)]\d/.test(expanded) && !/^\s*[-–—]\s*\d{4}/.test(expanded) ? /^\s*[^\w\s(«"']/u.test(expanded) : false;
    const body = clean(bullet ? stripBullet(expanded) : expanded);
    const previous = [...out].reverse().find((l) => l.text !== '');
    const adjacent = out.length > 0 && out[out.length - 1]!.text !== '';
    const continues =
      previous &&
      adjacent &&
      !bullet &&
      !sectionOf(body) &&
      !isContact(body) &&
      (/[,;:·|/–—-]$|\b(et|de|du|des|la|le|les|en|à|au|and|of|the|in)$/i.test(previous.text) ||
        /^[a-zà-ÿœ]/.test(body) ||
        (previous.bullet && indent > previous.indent && indent > 0));
    if (continues) previous.text = clean(`${previous.text} ${body}`);
    else out.push({ text: body, bullet, indent });
  }
  return out.filter((l) => l.text !== '').map(({ text, bullet }) => ({ text, bullet }));
}

/** Splits on the separators of a list, never inside brackets. */
export function splitOutside(text: string, separators: RegExp): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === '(' || c === '[') depth++;
    else if ((c === ')' || c === ']') && depth > 0) depth--;
    else if (depth === 0) {
      const match = separators.exec(text.slice(i));
      if (match && match.index === 0) {
        parts.push(text.slice(start, i));
        i += match[0].length - 1;
        start = i + 1;
      }
    }
  }
  parts.push(text.slice(start));
  return parts.map(trimSeparators).filter(Boolean);
}

const lastDay = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();
const pad = (n: number) => String(n).padStart(2, '0');
const iso = (year: number, month: number, day: number) => `${year}-${pad(month)}-${pad(day)}`;
const plausibleYear = (year: number) => year >= 1950 && year <= 2100;

// A date as CVs write it: 12/05/2026, 12.05.2026, 05/2026, mai 2026, 12 mai 2026, 2026.
const DATE = `(\\d{1,2}[/.-]\\d{1,2}[/.-](?:19|20)\\d{2}|\\d{1,2}[/.-](?:19|20)\\d{2}|(?:\\d{1,2}(?:er)?\\s+)?(?:${MONTH_NAMES})\\.?\\s+(?:19|20)\\d{2}|(?:19|20)\\d{2}(?:-\\d{2}-\\d{2})?)`;

/**
 * A date of a CV as a calendar day: a month alone is its last day for an end of validity and its
 * first for a date obtained; a year alone the 31 December or the 1 January.
 */
export function readDate(text: string, end: boolean): string | null {
  const t = fold(text).trim();
  let m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(t);
  if (m) return validDay(Number(m[1]), Number(m[2]), Number(m[3]));
  m = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(t);
  if (m) return validDay(Number(m[3]), Number(m[2]), Number(m[1]));
  m = /^(\d{1,2})[/.-](\d{4})$/.exec(t);
  if (m) return monthDay(Number(m[2]), Number(m[1]), end);
  m = new RegExp(`^(?:(\\d{1,2})(?:er)?\\s+)?(${MONTH_NAMES})\\.?\\s+(\\d{4})$`).exec(t);
  if (m) return m[1] ? validDay(Number(m[3]), MONTHS[m[2]!]!, Number(m[1])) : monthDay(Number(m[3]), MONTHS[m[2]!]!, end);
  m = /^(\d{4})$/.exec(t);
  if (m && plausibleYear(Number(m[1]))) return end ? iso(Number(m[1]), 12, 31) : iso(Number(m[1]), 1, 1);
  return null;
}
const validDay = (year: number, month: number, day: number) => (plausibleYear(year) && month >= 1 && month <= 12 && day >= 1 && day <= lastDay(year, month) ? iso(year, month, day) : null);
const monthDay = (year: number, month: number, end: boolean) => (plausibleYear(year) && month >= 1 && month <= 12 ? iso(year, month, end ? lastDay(year, month) : 1) : null);

// Phrases before an end of validity, and before the date a certificate was obtained.
const VALID_UNTIL = new RegExp(
  `(?:valable|valide|validite|en cours de validite|recyclage|renouvellement|a renouveler|valid|expires?|expiring|expiration|expire|echeance|fin de validite|date de fin|jusqu)(?:\\s+(?:jusqu'?\\s*(?:au|a|en|fin)?|le|en|au|fin|until|on|in|:|-))*\\s*:?\\s*(?:le\\s+|fin\\s+)?${DATE}`,
  'i',
);
const OBTAINED = new RegExp(`(?:obtenue?s?|delivree?s?|passee?s?|acquise?s?|certifiee?|depuis|obtained|issued|awarded|since|le|en|in)\\s+(?:le\\s+|en\\s+|in\\s+|on\\s+)?${DATE}`, 'i');
const PAREN_DATES = new RegExp(`\\(\\s*${DATE}\\s*\\)`, 'i');

/** The text with the span at [index, index + length[ of its folded twin removed (folding keeps lengths here). */
const without = (text: string, index: number, length: number) => text.slice(0, index) + ' ' + text.slice(index + length);

/** Folded to the same length as the text, so that indexes found in one hold in the other. */
const foldSameLength = (text: string) =>
  text
    .split('')
    .map((c) => (fold(c).length === 1 ? fold(c) : c.toLowerCase().length === 1 ? c.toLowerCase() : c))
    .join('')
    .replace(/[’‘]/g, "'");

export function parseCertification(line: string): ResumeCertificationItem | null {
  let text = line.replace(/[’‘]/g, "'");
  let validUntil: string | null = null;
  let obtainedOn: string | null = null;
  let m = VALID_UNTIL.exec(foldSameLength(text));
  if (m) {
    validUntil = readDate(text.slice(m.index + m[0].length - m[1]!.length, m.index + m[0].length), true);
    text = without(text, m.index, m[0].length);
  }
  m = OBTAINED.exec(foldSameLength(text));
  // "2019 : Certification AMIANTE SS4": the date the line opens with is when it was obtained.
  const leading = m ? null : new RegExp(`^\\s*${DATE}\\s*[:–—-]\\s*`, 'i').exec(foldSameLength(text));
  if (leading) {
    obtainedOn = readDate(leading[1]!, false);
    text = text.slice(leading[0].length);
  } else if (m) {
    obtainedOn = readDate(text.slice(m.index + m[0].length - m[1]!.length, m.index + m[0].length), false);
    text = without(text, m.index, m[0].length);
  } else if ((m = PAREN_DATES.exec(foldSameLength(text)))) {
    obtainedOn = readDate(m[1]!, false);
    text = without(text, m.index, m[0].length);
  }
  let issuer: string | null = null;
  text = text.replace(/\(([^()]+)\)\s*$|\(([^()]+)\)(?=\s*[–—-]?\s*$)/, (whole, a: string | undefined, b: string | undefined) => {
    const inside = clean(a ?? b ?? '');
    if (ISSUERS.test(fold(inside))) {
      issuer = inside;
      return ' ';
    }
    return whole;
  });
  text = trimSeparators(text);
  const by = /\b(?:délivrée? par|delivree? par|par|by|issued by)\s+([A-Z][\w&.' -]{1,60})$/u.exec(text);
  if (by && ISSUERS.test(fold(clean(by[1]!)))) {
    issuer = clean(by[1]!);
    text = text.slice(0, by.index);
  }
  // Brackets emptied by the dates taken out of them ("SST (obtenu en 2021, recyclage en 2025)").
  text = text.replace(/\(\s*[,;:–—-]*\s*\)/g, ' ');
  const name = cut(trimSeparators(text.replace(/\s[–—-]\s*$/, '')), LIMITS.short);
  if (!name || name.length < 2) return null;
  return { name, issuer, obtainedOn, validUntil };
}

// Certificates a CV names anywhere (a line under "Profil" or "Divers"), when it has no section for them.
const KNOWN_CERTIFICATE = /\b(caces|habilitation|aipr|sst\b|sauveteur secouriste|qualibat|qualifelec|iso \d{4,5}|mase\b|amiante|ss[34]\b|travail en hauteur|echafaudage|atex|gies|certification|certifie|certified|lead auditor)/;

const YEARS = [
  /(?:plus de |pres de |environ |over |more than |\+ ?)?(\d{1,2}) ?\+? ?(?:ans?|annees?) d'?\s*(?:experience|anciennete)/,
  /(?:experience|anciennete)\s*(?:professionnelle)?\s*:?\s*(?:de\s+)?(?:plus de\s+)?(\d{1,2}) ?\+? ?(?:ans?|annees?)\b/,
  /(?:over |more than |nearly |about )?(\d{1,2}) ?\+? ?years?(?: of)? (?:professional )?experience/,
];

export function yearsOfExperience(text: string): number | null {
  const folded = fold(text).replace(/[’‘]/g, "'");
  for (const pattern of YEARS) {
    const m = pattern.exec(folded);
    if (m) {
      const years = Number(m[1]);
      if (years >= 0 && years <= 60) return years;
    }
  }
  return null;
}

/** "DUPUIS" → "Dupuis", "Jean-Marc" kept, "LEFÈVRE" → "Lefèvre"; particles in lower case. */
function personName(line: string): string {
  return line
    .split(/\s+/)
    .map((word) =>
      /^(de|du|des|le|la|van|von|d'|di|da)$/i.test(word) && word !== word.toUpperCase()
        ? word
        : word === word.toUpperCase()
          ? word
              .toLowerCase()
              .replace(/(^|[-'’])(\p{L})/gu, (_, sep: string, c: string) => sep + c.toUpperCase())
          : word,
    )
    .join(' ');
}

const NOT_A_NAME = /\b(curriculum|vitae|cv|resume|profil|profile|page|contact|candidat|candidature|dossier|confidentiel)\b/;

/** A person's name: two to five words of letters (hyphens and apostrophes allowed), no digit. */
function looksLikeName(line: string): boolean {
  const folded = fold(line);
  if (NOT_A_NAME.test(folded) || /\d|@/.test(line) || line.length > 60) return false;
  const words = line.split(/\s+/);
  if (words.length < 2 || words.length > 5) return false;
  if (ROLE.test(folded) && !/^\p{Lu}+$/u.test(words[words.length - 1]!)) return false;
  return words.every((w) => /^[\p{L}][\p{L}'’.-]*$/u.test(w));
}

function parseEducation(line: string): ResumeEducationItem | null {
  let text = line;
  let year: number | null = null;
  // The latest year of "2004 – 2006", "(2011)", "2017 :", "…, 2011".
  const years = [...text.matchAll(/\b(19[5-9]\d|20\d{2})\b/g)].map((m) => Number(m[1]));
  if (years.length) year = Math.max(...years);
  text = text
    .replace(/\(\s*(?:19|20)\d{2}\s*(?:[–—-]\s*(?:19|20)\d{2})?\s*\)/g, ' ')
    .replace(/^\s*(?:(?:de |from )?(?:19|20)\d{2}\s*(?:[–—/-]|a|à|to)\s*)?(?:19|20)\d{2}\s*[:–—,-]?\s*/i, '')
    .replace(/[,–—-]\s*(?:19|20)\d{2}\s*$/, '');
  // "Titre – École, Ville" or "Titre, École": the school starts at the first part naming one;
  // without one, what follows a dash.
  text = clean(text);
  const parts = splitOutside(text, /^\s[–—-]\s|^,\s/);
  if (parts.length === 0) return null;
  let title = text;
  let school: string | null = null;
  const at = parts.findIndex((p, i) => i > 0 && SCHOOL.test(fold(p)));
  const dashParts = splitOutside(text, /^\s[–—]\s|^\s-\s/);
  const start = at > 0 ? text.indexOf(parts[at]!, parts[0]!.length) : dashParts.length > 1 ? text.indexOf(dashParts[1]!, dashParts[0]!.length) : -1;
  if (start > 0) {
    title = text.slice(0, start);
    school = text.slice(start);
  }
  title = cut(trimSeparators(title), LIMITS.text);
  if (!title) return null;
  return { title, school: school ? cut(trimSeparators(school), LIMITS.text) : null, year };
}

/** The language a piece of a languages line opens with ("Allemand intermédiaire" → Allemand). */
function languageAt(item: string): string | null {
  const words = item.split(/\s+/);
  for (let n = Math.min(4, words.length); n >= 1; n--) {
    const head = words.slice(0, n).join(' ').replace(/[:,;–—-]+$/, '');
    if (LANGUAGES.has(fold(head))) return head;
  }
  return null;
}

function parseLanguages(line: string): ResumeLanguageItem[] {
  const out: ResumeLanguageItem[] = [];
  // "Anglais courant, Allemand intermédiaire": a comma starts a new language only when one follows
  // ("Anglais : lu, écrit, parlé" keeps its level whole).
  const items: string[] = [];
  for (const piece of splitOutside(line, /^\s*[;·|•]\s*|^,\s/u)) {
    if (items.length && !languageAt(piece)) items[items.length - 1] += `, ${piece}`;
    else items.push(piece);
  }
  for (const item of items) {
    const spoken = languageAt(item);
    // "Anglais courant": the level follows the language without a colon.
    if (spoken && /^\s+\p{L}/u.test(item.slice(spoken.length))) {
      out.push({ language: cut(clean(spoken), LIMITS.level), level: cut(clean(item.slice(spoken.length)), LIMITS.level) });
      continue;
    }
    const m = /^([\p{L}' ]+?)\s*(?::|[–—-]|\(|$)\s*(.*?)\)?$/u.exec(item);
    if (!m) continue;
    const language = clean(m[1]!);
    if (!LANGUAGES.has(fold(language))) continue;
    let level = clean(item.slice(m[1]!.length)).replace(/^[:–—-]\s*/, '');
    if (level.startsWith('(') && level.endsWith(')') && !level.slice(1).includes('(')) level = level.slice(1, -1);
    out.push({ language: cut(language, LIMITS.level), level: level ? cut(level, LIMITS.level) : null });
  }
  return out;
}

/** "1,2 M€ HT", "850 k€", "9 800 k€ HT", "150 000 €", "2.5 millions d'euros" in euros. */
const AMOUNT = /(\d{1,3}(?:[  .]\d{3})*(?:[.,]\d+)?|\d+(?:[.,]\d+)?)\s*(m€|meur|m ?d'?euros|millions? d'?euros|millions? €|millions?|k€|keur|k ?euros|€|eur|euros)(?:\s*(?:ht|ttc|h\.t\.))?(?=$|[\s,;)–—-])/i;

export function readAmount(text: string): { amount: number; match: string } | null {
  const m = AMOUNT.exec(foldSameLength(text));
  if (!m) return null;
  const digits = m[1]!.replace(/[  ]/g, '');
  // "9.800" with a dot as thousands separator, "2.5" as a decimal point.
  const value = /^\d{1,3}(\.\d{3})+$/.test(digits) ? Number(digits.replace(/\./g, '')) : Number(digits.replace(',', '.'));
  const unit = m[2]!.toLowerCase();
  const factor = /^m|million/.test(unit) ? 1_000_000 : /^k/.test(unit) ? 1_000 : 1;
  const amount = Math.round(value * factor);
  if (!Number.isFinite(amount) || amount <= 0 || amount > 100_000_000_000) return null;
  return { amount, match: text.slice(m.index, m.index + m[0].length) };
}

/** An employment line ("2019 – aujourd'hui : Chef de chantier, Bâtisseurs du Rhône"): a period, not a project. */
const PERIOD = /^(?:(?:de |depuis |since |from )?(?:\w+\.? )?(?:19|20)\d{2}\s*(?:[–—/-]|a|à|to)\s*(?:(?:\w+\.? )?(?:19|20)\d{2}|aujourd'hui|ce jour|present|présent|now|current|actuel|en cours)|depuis (?:\w+ )?(?:19|20)\d{2})\b/i;

// A job's period at the start of its line, folded: "2015 – 2020", "03/2015 - 06/2020", "mars 2015 à juin 2020",
// "2020 – aujourd'hui", "depuis 2019", "de 2011 à 2015".
const PERIOD_PART = `(?:\\d{1,2}[/.]|(?:${MONTH_NAMES})\\.?\\s+)?((?:19|20)\\d{2})`;
const JOB_PERIOD = new RegExp(
  `^(?:(?:de|from)\\s+)?${PERIOD_PART}\\s*(?:[–—/-]|a|au|to)\\s*(?:${PERIOD_PART}|(aujourd'hui|ce jour|present|now|current|actuel(?:lement)?|en cours))|^(?:depuis|since)\\s+${PERIOD_PART}`,
);

/** An employment line: "2015 – 2020 : Conductrice de travaux, Eiffage Construction" (or the employer first). */
export function parseExperience(line: string, thisYear = new Date().getUTCFullYear()): ResumeExperienceItem | null {
  const trimmed = line.replace(/[’‘]/g, "'").trim();
  const m = JOB_PERIOD.exec(foldSameLength(trimmed));
  if (!m) return null;
  const startYear = Number(m[1] ?? m[4]);
  const endYear = m[2] ? Number(m[2]) : null;
  if (!plausibleYear(startYear) || startYear > thisYear || (endYear !== null && (endYear < startYear || endYear > thisYear + 1))) return null;
  let rest = trimmed.slice(m[0].length).replace(/^\s*[:–—,|-]\s*/, '');
  // "(Lyon)" after the employer is where, not who.
  rest = rest.replace(/\s*\([^()]*\)\s*$/, '');
  const parts = splitOutside(rest, /^\s[–—]\s|^\s-\s|^,\s|^\s*\|\s*|^\s+(?:chez|at|@)\s+/);
  if (parts.length === 0) return null;
  // The role is the part naming one; the employer, the part after (or before) it.
  const at = parts.findIndex((p) => ROLE.test(fold(p)));
  const titleAt = at >= 0 ? at : 0;
  const employer = parts.filter((_, i) => i !== titleAt).join(', ') || null;
  return { title: cut(parts[titleAt]!, LIMITS.text), employer: employer ? cut(employer, LIMITS.text) : null, startYear, endYear };
}

/** Years worked, from the jobs' periods: overlapping periods counted once, an ongoing job up to this year. */
export function yearsFromExperiences(experiences: ResumeExperienceItem[], thisYear = new Date().getUTCFullYear()): number | null {
  const spans = experiences
    .filter((e) => e.startYear !== null)
    .map((e) => [e.startYear!, Math.min(e.endYear ?? thisYear, thisYear)] as const)
    .sort((a, b) => a[0] - b[0]);
  if (!spans.length) return null;
  let total = 0;
  let [from, to] = spans[0]!;
  for (const [start, end] of spans.slice(1)) {
    if (start <= to) to = Math.max(to, end);
    else {
      total += to - from;
      [from, to] = [start, end];
    }
  }
  total += to - from;
  return total > 0 && total <= 60 ? total : null;
}

export function parseProject(line: string): ResumeProjectItem | null {
  let text = line.replace(/[’‘]/g, "'");
  if (PERIOD.test(text.trim())) return null;
  let amount: number | null = null;
  const found = readAmount(text);
  if (found) {
    amount = found.amount;
    text = text.replace(found.match, ' ');
  }
  let year: number | null = null;
  const leading = /^\s*((?:19|20)\d{2})\s*[:–—,-]\s*/.exec(text);
  if (leading) {
    year = Number(leading[1]);
    text = text.slice(leading[0].length);
  }
  const segments = splitOutside(text, /^\s[–—]\s|^\s-\s|^,\s|^\s*\|\s*|^;\s/);
  const rest: string[] = [];
  let role: string | null = null;
  for (const segment of segments) {
    const only = /^\(?((?:19|20)\d{2})\)?$/.exec(segment);
    if (only && year === null) {
      year = Number(only[1]);
      continue;
    }
    if (only) continue;
    if (!role && rest.length > 0 && segment.split(/\s+/).length <= 6 && ROLE.test(fold(segment))) {
      role = cut(segment, LIMITS.role);
      continue;
    }
    rest.push(segment);
  }
  if (rest.length === 0) return null;
  let title = rest[0]!;
  let client: string | null = rest.length > 1 ? rest.slice(1).join(', ') : null;
  // "Aménagement de la ZAC des Portes du Sud (Grenoble-Alpes Métropole)": the buyer in brackets.
  const bracket = /^(.*\S)\s*\(([^()]+)\)$/.exec(title);
  if (bracket && !client) {
    title = bracket[1]!;
    client = bracket[2]!;
  }
  // A title with a comma and a bracketed client ("Renouvellement des réseaux, rue Jean Jaurès (Ville d'Échirolles)").
  if (!bracket && client && /\([^()]+\)$/.test(client)) {
    const m = /^(.*\S)\s*\(([^()]+)\)$/.exec(client)!;
    title = `${title}, ${m[1]}`;
    client = m[2]!;
  }
  title = cut(trimSeparators(title), LIMITS.text);
  if (!title || (year === null && amount === null && client === null && role === null)) return null;
  return { title, client: client ? cut(trimSeparators(client), LIMITS.text) : null, year, amount, role };
}

function parseSkills(line: string): string[] {
  const parts = splitOutside(line, /^\s*[;·•|]\s*|^,\s/);
  return parts.map((p) => cut(p.replace(/\.$/, ''), LIMITS.skill)).filter((p) => p.length >= 2 && p.length <= LIMITS.skill);
}

const unique = <T>(items: T[], key: (item: T) => string) => {
  const seen = new Set<string>();
  return items.filter((item) => {
    const k = fold(key(item));
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
};

/** A CV's text read into the resume's fields by rules; what is not found stays null or empty. */
export function parseResumeText(text: string, options: { thisYear?: number } = {}): ParsedResume {
  const thisYear = options.thisYear ?? new Date().getUTCFullYear();
  const lines = logicalLines(text);
  const result: ParsedResume = { fullName: null, jobTitle: null, yearsExperience: yearsOfExperience(text), education: [], certifications: [], skills: [], languages: [], projects: [], experiences: [] };
  let section: Section = 'header';
  const header: string[] = [];
  for (const { text: line } of lines) {
    const heading = sectionOf(line);
    if (heading) {
      section = heading;
      continue;
    }
    switch (section) {
      case 'header':
        header.push(line);
        break;
      case 'education': {
        const item = parseEducation(line);
        if (item) result.education.push(item);
        break;
      }
      case 'certifications': {
        // A line with neither a date nor a certificate's name is something else under an
        // unknown heading ("Mes points forts" and what follows).
        const item = parseCertification(line);
        if (item && (item.validUntil || item.obtainedOn || item.issuer || KNOWN_CERTIFICATE.test(fold(line)))) result.certifications.push(item);
        break;
      }
      case 'skills':
        result.skills.push(...parseSkills(line));
        break;
      case 'languages':
        result.languages.push(...parseLanguages(line));
        break;
      case 'projects':
      case 'experience': {
        // A dated job ("2015 – 2020 : Conductrice de travaux, Eiffage"), or a project under it.
        const job = parseExperience(line, thisYear);
        if (job) result.experiences.push(job);
        const item = job ? null : parseProject(line);
        if (item) result.projects.push(item);
        break;
      }
      case 'other':
        break;
    }
  }
  // The header: the name is the first line that looks like one, the job title the next line that
  // is neither contact details nor the years of experience.
  const nameAt = header.findIndex((line, i) => i < 6 && looksLikeName(line));
  if (nameAt >= 0) result.fullName = cut(personName(header[nameAt]!), LIMITS.fullName);
  const titleLine = header.slice(nameAt + 1, nameAt + 4).find((line) => !isContact(line) && yearsOfExperience(line) === null && !/^(ne|nee|born|age)\b/.test(fold(line)) && line.length <= LIMITS.jobTitle && !/\d{2}[ .]\d{2}[ .]\d{2}/.test(line));
  if (nameAt >= 0 && titleLine) result.jobTitle = trimSeparators(titleLine);
  // Without a section for them, certificates named anywhere.
  if (result.certifications.length === 0) {
    for (const { text: line } of lines) {
      if (KNOWN_CERTIFICATE.test(fold(line)) && line.length <= 160 && !sectionOf(line)) {
        const item = parseCertification(line);
        if (item) result.certifications.push(item);
      }
    }
  }
  result.education = unique(result.education, (e) => e.title).slice(0, LIMITS.education);
  result.certifications = unique(result.certifications, (c) => c.name).slice(0, LIMITS.certifications);
  result.skills = unique(result.skills, (s) => s).slice(0, LIMITS.skills);
  result.languages = unique(result.languages, (l) => l.language).slice(0, LIMITS.languages);
  result.projects = unique(result.projects, (p) => p.title).slice(0, LIMITS.projects);
  result.experiences = result.experiences.slice(0, LIMITS.experiences);
  // Not written anywhere: counted from the dated jobs.
  result.yearsExperience ??= yearsFromExperiences(result.experiences, thisYear);
  return result;
}
