// With a language model configured, the fields of a CV the rules left empty are asked of it in
// one JSON request with the CV's text. What it answers is kept only in its field's shape and when
// the CV says it: every name, title, skill or certification must be found in the text (case,
// accents and spacing aside); a value the text does not hold is an invention, dropped.
import { fold } from '../admin/lists';
import { isCalendarDate } from '../../openapi/bind';
import { LlmError, type ChatMessage, type Llm } from '../../llm/client';
import { LIMITS, type ParsedField, type ParsedResume } from './parse';

/** The CV's text sent: a CV is one or two pages; longer ones are cut. */
const MAX_TEXT_CHARS = 12_000;

const SHAPES: Record<ParsedField, string> = {
  fullName: 'texte : prénom et nom de la personne',
  jobTitle: 'texte : son poste ou métier, tel qu\'écrit',
  yearsExperience: "entier : années d'expérience professionnelle, seulement si le CV les dit",
  education: '[{"title": diplôme ou formation, "school"?: établissement, "year"?: année}]',
  certifications: '[{"name": certification, habilitation ou qualification (CACES, habilitation électrique, SST, AIPR, Qualibat, ISO…), "issuer"?: organisme, "obtainedOn"?: "AAAA-MM-JJ", "validUntil"?: "AAAA-MM-JJ"}]',
  skills: '[texte court : une compétence]',
  languages: '[{"language": langue, "level"?: niveau tel qu\'écrit}]',
  projects: '[{"title": chantier ou projet, "client"?: maître d\'ouvrage, "year"?: année, "amount"?: montant en euros (nombre), "role"?: rôle de la personne}]',
  experiences: '[{"title": poste occupé, "employer"?: employeur, "startYear"?: année de début, "endYear"?: année de fin (null si le poste est actuel)}]',
};

const SYSTEM_PROMPT = [
  "Tu lis le CV d'un salarié d'une entreprise du BTP ou de l'ingénierie pour remplir sa fiche.",
  'Tu réponds uniquement à partir du texte du CV fourni, jamais de mémoire, en JSON.',
  "Quand le CV ne dit pas une information, sa valeur est null : ne devine pas.",
].join('\n');

function messages(fields: ParsedField[], text: string): ChatMessage[] {
  const user = [
    `Champs demandés, avec la forme de chaque valeur :\n${fields.map((f) => `- ${f} : ${SHAPES[f]}`).join('\n')}`,
    'Réponds par un objet JSON {"fields": {"<champ>": <valeur> ou null}}, une entrée par champ demandé.',
    `Texte du CV :\n\n${text.slice(0, MAX_TEXT_CHARS)}`,
  ].join('\n\n');
  return [
    { role: 'system', content: SYSTEM_PROMPT },
    { role: 'user', content: user },
  ];
}

const flat = (text: string) => fold(text).replace(/[’‘`]/g, "'").replace(/[^\p{L}\p{N}']+/gu, ' ').trim();

type Checker = { said: (value: string) => boolean };
const str = (value: unknown, max: number, check?: Checker): string | null => {
  if (typeof value !== 'string') return null;
  const text = value.replace(/\s+/g, ' ').trim();
  if (!text || text.length > max) return null;
  if (check && !check.said(text)) return null;
  return text;
};
const optStr = (value: unknown, max: number) => (value == null ? null : str(value, max));
const int = (value: unknown, min: number, max: number) => (typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max ? value : null);
const day = (value: unknown) => (typeof value === 'string' && isCalendarDate(value) ? value : null);
const list = <T>(value: unknown, max: number, item: (v: Record<string, unknown>) => T | null): T[] =>
  Array.isArray(value) ? value.filter((v): v is Record<string, unknown> => typeof v === 'object' && v !== null).map(item).filter((v): v is T => v !== null).slice(0, max) : [];

/** One field of the model's answer, in its shape and said by the CV, or undefined. */
function checked(field: ParsedField, value: unknown, check: Checker): Partial<ParsedResume> | undefined {
  switch (field) {
    case 'fullName': {
      const v = str(value, LIMITS.fullName, check);
      return v ? { fullName: v } : undefined;
    }
    case 'jobTitle': {
      const v = str(value, LIMITS.jobTitle, check);
      return v ? { jobTitle: v } : undefined;
    }
    case 'yearsExperience': {
      const v = int(value, 0, 60);
      return v !== null && check.said(String(v)) ? { yearsExperience: v } : undefined;
    }
    case 'education': {
      const v = list(value, LIMITS.education, (e) => {
        const title = str(e.title, LIMITS.text, check);
        return title ? { title, school: optStr(e.school, LIMITS.text), year: int(e.year, 1950, 2100) } : null;
      });
      return v.length ? { education: v } : undefined;
    }
    case 'certifications': {
      const v = list(value, LIMITS.certifications, (c) => {
        const name = str(c.name, LIMITS.short, check);
        const obtainedOn = day(c.obtainedOn);
        const validUntil = day(c.validUntil);
        if (!name || (obtainedOn && validUntil && validUntil < obtainedOn)) return null;
        return { name, issuer: optStr(c.issuer, LIMITS.short), obtainedOn, validUntil };
      });
      return v.length ? { certifications: v } : undefined;
    }
    case 'skills': {
      const v = Array.isArray(value) ? value.map((s) => str(s, LIMITS.skill, check)).filter((s): s is string => s !== null).slice(0, LIMITS.skills) : [];
      return v.length ? { skills: v } : undefined;
    }
    case 'languages': {
      const v = list(value, LIMITS.languages, (l) => {
        const language = str(l.language, LIMITS.level, check);
        return language ? { language, level: optStr(l.level, LIMITS.level) } : null;
      });
      return v.length ? { languages: v } : undefined;
    }
    case 'projects': {
      const v = list(value, LIMITS.projects, (p) => {
        const title = str(p.title, LIMITS.text, check);
        const amount = typeof p.amount === 'number' && Number.isFinite(p.amount) && p.amount >= 0 && p.amount <= 100_000_000_000 ? p.amount : null;
        return title ? { title, client: optStr(p.client, LIMITS.text), year: int(p.year, 1950, 2100), amount, role: optStr(p.role, LIMITS.role) } : null;
      });
      return v.length ? { projects: v } : undefined;
    }
    case 'experiences': {
      const v = list(value, LIMITS.experiences, (e) => {
        const title = str(e.title, LIMITS.text, check);
        const startYear = int(e.startYear, 1950, 2100);
        const endYear = int(e.endYear, 1950, 2100);
        if (!title || (startYear !== null && endYear !== null && endYear < startYear)) return null;
        return { title, employer: optStr(e.employer, LIMITS.text), startYear, endYear };
      });
      return v.length ? { experiences: v } : undefined;
    }
  }
}

/**
 * Asks the model for the given fields (those nobody typed and the rules did not find) and returns
 * the ones it answered in their shape with values the CV holds. Throws LlmError when the model
 * fails or answers no JSON.
 */
export async function fillWithLlm(llm: Llm, text: string, fields: ParsedField[], options: { signal?: AbortSignal } = {}): Promise<Partial<ParsedResume>> {
  if (fields.length === 0) return {};
  const reply = await llm.complete(messages(fields, text), { json: true, temperature: 0, signal: options.signal });
  let answer: unknown;
  try {
    answer = JSON.parse(reply.trim().replace(/^```(?:json)?\s*|\s*```$/g, ''));
  } catch (error) {
    throw new LlmError('llm-unavailable', error);
  }
  const values = (answer as { fields?: unknown } | null)?.fields;
  if (typeof values !== 'object' || values === null) return {};
  const cv = ` ${flat(text)} `;
  const check: Checker = { said: (value) => flat(value).length > 0 && cv.includes(` ${flat(value)} `) };
  const out: Partial<ParsedResume> = {};
  for (const field of fields) Object.assign(out, checked(field, (values as Record<string, unknown>)[field], check) ?? {});
  return out;
}
