// What the company answers to each criterion, shared by the XML and the PDF. Only what the
// company's data says is answered: the exclusion grounds with "no" (the candidate declares none of
// them, which is what signing a DUME states), turnover and staff from the figures, the SME status
// when known. Every other question is left unanswered, as the model allows.
import type { EspdCompany, EspdCriterion, EspdProperty, EspdPropertyGroup } from './model';

export type EspdAnswerValue =
  | { kind: 'indicator'; value: boolean }
  | { kind: 'amount'; value: number; currency: 'EUR' }
  | { kind: 'period'; start: string; end: string }
  | { kind: 'quantity'; value: number; unit: 'YEAR' | 'INTEGER' }
  | { kind: 'description'; value: string };

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
// The candidate answers alone (the product's candidature has no group and no entity relied upon),
// said only where its own figures follow.
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

/** The answer to one question outside repeated groups, or undefined when the company's data does not say. */
function singleAnswer(criterion: EspdCriterion, property: EspdProperty, company: EspdCompany, state: { exclusionAnswered: boolean }): EspdAnswerValue | undefined {
  if (property.dataType !== 'INDICATOR' || isEvidenceQuestion(property)) return undefined;
  if (criterion.type === 'exclusion') {
    // The ground's own question ("Your answer") comes first; the later indicators depend on a yes.
    if (state.exclusionAnswered) return undefined;
    state.exclusionAnswered = true;
    return { kind: 'indicator', value: false };
  }
  if (ANSWERED_BY_FIGURES.has(criterion.code) && isByItselfQuestion(property)) return { kind: 'indicator', value: true };
  if (criterion.code === 'sme' && company.sme !== undefined && /^your answer/i.test(property.description)) {
    // A "yes" opens the staff and turnover questions, which must then be answered (BR-TCR-06-01).
    const { staff, turnover } = latestFigures(company);
    if (company.sme && (!staff || !turnover)) return undefined;
    return { kind: 'indicator', value: company.sme };
  }
  return undefined;
}

/** Answers the criterion's questions, following ONTRUE / ONFALSE groups only after the answer that opens them. */
export function answerCriterion(criterion: EspdCriterion, company: EspdCompany): EspdCriterionAnswers {
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
        const value = singleAnswer(criterion, property, company, state);
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
