// The official criteria (ESPD-EDM v4.1.0 taxonomy, kept in taxonomy.json by build-taxonomy.ts) and
// their names in English and French (code list Criterion.gc).
import taxonomy from './taxonomy.json' with { type: 'json' };
import { FRENCH_EXCLUSION_ARTICLES } from './articles';
import type { EspdCriterion } from './model';

const labels = taxonomy.labels as Record<string, { en: string; fr: string }>;
const officialCriteria = taxonomy.criteria as EspdCriterion[];

/** The DUME's criteria when the buyer sent no ESPD request: the exclusion grounds of articles L.2141-1 to L.2141-11 of the Code de la commande publique, then the general yearly turnover and the average annual manpower. */
export const FRENCH_DEFAULT_CRITERIA: readonly EspdCriterion[] = [
  ...officialCriteria.filter((c) => c.code in FRENCH_EXCLUSION_ARTICLES),
  ...['gen-year-to', 'year-manpower'].map((code) => officialCriteria.find((c) => c.code === code)!),
];

/** "Economic operator together with others" (C59_OT_eo-group): added to the criteria answered when the company leads a groupement. */
export const EO_GROUP_CRITERION: EspdCriterion = officialCriteria.find((c) => c.code === 'eo-group')!;

/** The criterion's official name in the language (falls back on the name the request gives). */
export function criterionName(criterion: Pick<EspdCriterion, 'code' | 'name'>, language: 'fr' | 'en'): string {
  return labels[criterion.code]?.[language] ?? criterion.name;
}

/** The article of the Code de la commande publique that an exclusion ground transposes, if any. */
export const frenchArticle = (code: string): string | undefined => FRENCH_EXCLUSION_ARTICLES[code];
