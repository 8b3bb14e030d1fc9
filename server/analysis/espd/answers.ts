// What the company answers to each criterion, shared by the XML and the PDF. Only what the
// company's data says is answered: the exclusion grounds with "no" (the candidate declares none of
// them, which is what signing a DUME states), turnover and staff from the figures, the SME status
// when known. Every other question is left unanswered, as the model allows.
import type { EspdCompany, EspdCriterion, EspdGroup, EspdProperty, EspdPropertyGroup } from './model';

export type EspdAnswerValue =
  | { kind: 'indicator'; value: boolean }
  | { kind: 'amount'; value: number; currency: 'EUR' }
  | { kind: 'period'; start: string; end: string }
  | { kind: 'quantity'; value: number; unit: 'YEAR' | 'INTEGER' }
  | { kind: 'description'; value: string }
  /** A code of the economic operator role list (eo-role-type): group-lead for the groupement's mandataire. */
  | { kind: 'role'; value: 'group-lead' };

export interface EspdAnswer {
  property: EspdProperty;
  value: EspdAnswerValue;
  /** The row of a repeated group (a year of turnover…), from 1; 1 for a single answer. */
  row: number;
}

export interface EspdCriterionAnswers {
  criterion: EspdCriterion;
  answers: EspdAnswer[];
}

const isQuestion = (property: EspdProperty) => property.typeCode === 'QUESTION';
// "Is this information available electronically?" needs a URL the product does not have.
const isEvidenceQuestion = (property: EspdProperty) => /available electronically/i.test(property.description);
// Alone, the candidate fulfils the criteria by itself (the product knows no entity relied upon),
// said only where its own figures follow; in a groupement the capacities are the group's as a whole
// (C. comm. pub., art. R. 2142-25), so the question is left to the company.
const ANSWERED_BY_FIGURES = new Set(['gen-year-to', 'year-manpower']);
const isByItselfQuestion = (property: EspdProperty) => /fulfil the criteria by itself/i.test(property.description);

const latest = <T extends { year: number }>(rows: T[]) => [...rows].sort((a, b) => b.year - a.year)[0];
export const latestFigures = (company: EspdCompany) => ({ staff: latest(company.staff), turnover: latest(company.turnover) });

type Row = Partial<Record<string, EspdAnswerValue>>;

/** Rows for a repeated group, by the data types of its questions. */
function rowsFor(criterion: EspdCriterion, group: EspdPropertyGroup, company: EspdCompany): Row[] | null {
  const types = new Set(group.properties.filter(isQuestion).map((p) => p.dataType));
  if (criterion.code === 'gen-year-to' && types.has('PERIOD') && types.has('AMOUNT'))
    // The company gives calendar years: its financial year is taken as the calendar year.
    return [...company.turnover]
      .sort((a, b) => b.year - a.year)
      .map((t) => ({ PERIOD: { kind: 'period', start: `${t.year}-01-01`, end: `${t.year}-12-31` }, AMOUNT: { kind: 'amount', value: t.amount, currency: 'EUR' } }));
  if (criterion.code === 'year-manpower' && types.has('QUANTITY_YEAR') && types.has('QUANTITY_INTEGER'))
    return [...company.staff].sort((a, b) => b.year - a.year).map((s) => ({ QUANTITY_YEAR: { kind: 'quantity', value: s.year, unit: 'YEAR' }, QUANTITY_INTEGER: { kind: 'quantity', value: s.count, unit: 'INTEGER' } }));
  if (criterion.code === 'sme' && group.groupType === 'ONTRUE' && types.has('QUANTITY_INTEGER') && types.has('AMOUNT')) {
    const { staff, turnover } = latestFigures(company);
    return staff && turnover ? [{ QUANTITY_INTEGER: { kind: 'quantity', value: staff.count, unit: 'INTEGER' }, AMOUNT: { kind: 'amount', value: turnover.amount, currency: 'EUR' } }] : [];
  }
  return null;
}

const RECORDED_NONE = new Set(['relied', 'subco-ent']);
const formatSiret = (siret: string) => siret.replace(/\s/g, '').replace(/^(\d{3})(\d{3})(\d{3})(\d{5})$/, '$1 $2 $3 $4');

/**
 * "Economic operator together with others": alone, no; in a groupement, yes, as its leader (the
 * mandataire, eo-role-type group-lead), naming the other members and the group.
 */
function groupAnswer(property: EspdProperty, group: EspdGroup | undefined): EspdAnswerValue | undefined {
  if (isEvidenceQuestion(property)) return undefined;
  if (property.dataType === 'INDICATOR') return { kind: 'indicator', value: !!group };
  if (!group) return undefined;
  if (property.dataType === 'CODE' && /role of the economic operator/i.test(property.description)) return { kind: 'role', value: 'group-lead' };
  if (property.dataType === 'DESCRIPTION' && /identify the other economic operators/i.test(property.description))
    return { kind: 'description', value: group.members.map((m) => `${m.name} (SIRET ${formatSiret(m.siret)})${m.role ? ` : ${m.role}` : ''}`).join(' ; ') };
  if (property.dataType === 'DESCRIPTION' && /name of the participating group/i.test(property.description)) return { kind: 'description', value: group.name };
  return undefined;
}

/** The answer to one question outside repeated groups, or undefined when the company's data does not say. */
function singleAnswer(criterion: EspdCriterion, property: EspdProperty, company: EspdCompany, group: EspdGroup | undefined, state: { exclusionAnswered: boolean }): EspdAnswerValue | undefined {
  if (criterion.code === 'eo-group') return groupAnswer(property, group);
  // A group leader's response must answer these when asked (BR-LEAD-10-S20, S30, fatal). Soumissio
  // records no entity relied upon and no subcontractor: "no", which the company corrects if it has some.
  if (group && RECORDED_NONE.has(criterion.code)) return property.dataType === 'INDICATOR' && !isEvidenceQuestion(property) && /^your answer/i.test(property.description) ? { kind: 'indicator', value: false } : undefined;
  if (property.dataType !== 'INDICATOR' || isEvidenceQuestion(property)) return undefined;
  if (criterion.type === 'exclusion') {
    // The ground's own question ("Your answer") comes first; the later indicators depend on a yes.
    if (state.exclusionAnswered) return undefined;
    state.exclusionAnswered = true;
    return { kind: 'indicator', value: false };
  }
  if (ANSWERED_BY_FIGURES.has(criterion.code) && isByItselfQuestion(property)) return group ? undefined : { kind: 'indicator', value: true };
  if (criterion.code === 'sme' && company.sme !== undefined && /^your answer/i.test(property.description)) {
    // A "yes" opens the staff and turnover questions, which must then be answered (BR-TCR-06-01).
    const { staff, turnover } = latestFigures(company);
    if (company.sme && (!staff || !turnover)) return undefined;
    return { kind: 'indicator', value: company.sme };
  }
  return undefined;
}

/** Answers the criterion's questions, following ONTRUE / ONFALSE groups only after the answer that opens them. */
export function answerCriterion(criterion: EspdCriterion, company: EspdCompany, groupement?: EspdGroup): EspdCriterionAnswers {
  const answers: EspdAnswer[] = [];
  const state = { exclusionAnswered: false };

  const walk = (group: EspdPropertyGroup) => {
    const rows = rowsFor(criterion, group, company);
    let gate: boolean | undefined;
    if (rows) {
      rows.forEach((row, index) => {
        for (const property of group.properties.filter(isQuestion)) {
          const value = row[property.dataType];
          if (value) answers.push({ property, value, row: index + 1 });
        }
      });
    } else {
      for (const property of group.properties.filter(isQuestion)) {
        const value = singleAnswer(criterion, property, company, groupement, state);
        if (!value) continue;
        answers.push({ property, value, row: 1 });
        if (value.kind === 'indicator') gate = value.value;
      }
    }
    for (const subgroup of group.subgroups) {
      if (subgroup.groupType === 'ONTRUE' && gate !== true) continue;
      if (subgroup.groupType === 'ONFALSE' && gate !== false) continue;
      walk(subgroup);
    }
  };
  criterion.requirementGroups.forEach(walk);
  return { criterion, answers };
}
