import { Ajv, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { ValidationFailure, validationError } from '../../http/error-handler';

// The shape of each fact's value (docs/dce-analysis.md), checked when a person corrects one.
const isoDateTime = { type: 'string', format: 'date-time', pattern: '(Z|[+-]\\d{2}:\\d{2})$', maxLength: 40 };
const shortText = { type: 'string', minLength: 1, maxLength: 300 };
const weighted = {
  type: 'object',
  additionalProperties: false,
  required: ['name', 'weight'],
  properties: { name: shortText, weight: { type: 'number', minimum: 0, maximum: 100 } },
};
const criteriaList = {
  type: 'array',
  minItems: 1,
  maxItems: 30,
  items: { ...weighted, properties: { ...weighted.properties, subCriteria: { type: 'array', maxItems: 30, items: weighted } } },
};
const codes = { type: 'array', maxItems: 50, items: { type: 'string', minLength: 1, maxLength: 100 } };
/** File extensions as fileRules holds them: lower case, without the dot. */
const extensions = { type: 'array', minItems: 1, maxItems: 50, items: { type: 'string', pattern: '^[a-z0-9]{1,10}$' } };

export const FACT_VALUE_SCHEMAS: Record<string, object> = {
  submissionDeadline: isoDateTime,
  questionsDeadline: isoDateTime,
  siteVisit: { type: 'object', additionalProperties: false, required: ['required'], properties: { required: { type: 'boolean' }, date: isoDateTime } },
  procedure: { type: 'string', enum: ['open', 'restricted', 'adapted', 'negotiated', 'competitive_dialogue', 'other'] },
  lots: {
    type: 'object',
    additionalProperties: false,
    required: ['allotted', 'lots'],
    properties: {
      allotted: { type: 'boolean' },
      lots: {
        type: 'array',
        maxItems: 200,
        items: {
          type: 'object',
          additionalProperties: false,
          required: ['number', 'title'],
          properties: { number: { type: 'integer', minimum: 1, maximum: 999 }, title: shortText, estimatedAmount: { type: 'number', minimum: 0 } },
        },
      },
    },
  },
  awardCriteria: criteriaList,
  awardCriteriaByLots: {
    type: 'array',
    minItems: 1,
    maxItems: 50,
    items: {
      type: 'object',
      additionalProperties: false,
      required: ['lots', 'criteria'],
      properties: { lots: { type: 'array', minItems: 1, maxItems: 200, items: { type: 'integer', minimum: 1, maximum: 999 } }, criteria: criteriaList },
    },
  },
  contractDuration: shortText,
  executionDelay: shortText,
  offerValidityDays: { type: 'integer', minimum: 1, maximum: 1000 },
  variantsAllowed: { type: 'boolean' },
  priceType: { type: 'string', enum: ['firm', 'adjustable', 'revisable'] },
  warranty: shortText,
  penalties: {
    type: 'object',
    additionalProperties: false,
    required: ['summary'],
    properties: {
      summary: { type: 'string', minLength: 1, maxLength: 1000 },
      perDay: {
        type: 'object',
        additionalProperties: false,
        properties: { fraction: { type: 'number', exclusiveMinimum: 0, maximum: 1 }, amount: { type: 'number', minimum: 0 } },
      },
    },
  },
  candidatureDocuments: codes,
  offerDocuments: codes,
  submissionPlatform: shortText,
  electronicSignatureRequired: { type: 'boolean' },
  memoryPageLimit: {
    type: 'object',
    additionalProperties: false,
    anyOf: [{ required: ['pages'] }, { required: ['words'] }],
    properties: {
      pages: { type: 'integer', minimum: 1, maximum: 1000 },
      words: { type: 'integer', minimum: 1, maximum: 1000000 },
      format: { type: 'string', minLength: 1, maxLength: 20 },
      fontSize: { type: 'number', minimum: 4, maximum: 40 },
      annexesIncluded: { type: 'boolean' },
    },
  },
  fileRules: {
    type: 'object',
    additionalProperties: false,
    minProperties: 1,
    properties: {
      accepted: extensions,
      refused: extensions,
      anyCommonFormat: { type: 'boolean' },
      pdfRequiredFor: codes,
      maxFileBytes: { type: 'integer', minimum: 1 },
      maxTotalBytes: { type: 'integer', minimum: 1 },
      naming: { type: 'object', additionalProperties: false, required: ['rule'], properties: { rule: shortText } },
      folders: { type: 'array', minItems: 1, maxItems: 10, items: { type: 'string', minLength: 1, maxLength: 100 } },
    },
  },
};

const ajv = new Ajv({ allErrors: true });
addFormats.default(ajv);
const validators = new Map<string, ValidateFunction>(Object.entries(FACT_VALUE_SCHEMAS).map(([key, schema]) => [key, ajv.compile(schema)]));

type Weighted = { weight: number; subCriteria?: { weight: number }[] };

function checkWeights(criteria: Weighted[], field: string): void {
  const total = criteria.reduce((sum, c) => sum + c.weight, 0);
  if (Math.abs(total - 100) > 0.5) throw new ValidationFailure([{ field, key: 'dceanalysis-weights_total', vars: { total: Math.round(total * 10) / 10 } }]);
  const unbalanced = criteria.findIndex((c) => c.subCriteria?.length && Math.abs(c.subCriteria.reduce((sum, s) => sum + s.weight, 0) - c.weight) > 0.5);
  if (unbalanced >= 0) throw new ValidationFailure([{ field: `${field}.${unbalanced}.subCriteria`, key: 'dceanalysis-subweights_total', vars: {} }]);
}

/** Refuses a corrected value that does not have its key's shape; criteria must add up to 100 %. */
export function checkFactValue(key: string, value: unknown): void {
  const validate = validators.get(key)!;
  if (!validate(value)) {
    throw validationError((validate.errors ?? []).map((issue) => ({ ...issue, instancePath: `/value${issue.instancePath}` })));
  }
  if (key === 'awardCriteria') checkWeights(value as Weighted[], 'value');
  if (key === 'awardCriteriaByLots') (value as { criteria: Weighted[] }[]).forEach((group, at) => checkWeights(group.criteria, `value.${at}.criteria`));
  if ((key === 'submissionDeadline' || key === 'questionsDeadline') && Number.isNaN(new Date(value as string).getTime())) {
    throw new ValidationFailure([{ field: 'value', key: 'validation-invalid', vars: { field: 'value' } }]);
  }
}
