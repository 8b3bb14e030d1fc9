import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Plus, Trash2 } from 'lucide-react';
import { css } from 'styled-system/css';
import { field } from 'styled-system/recipes/field';
import { Alert } from '../components/Alert';
import { Button } from '../components/Button';
import { Checkbox } from '../components/Checkbox';
import { TextField } from '../components/Field';
import { Select } from '../components/Select';
import { TagInput } from '../components/TagInput';
import { parisToIso } from '../format';
import { DEPARTEMENTS, REGIONS } from '../forms/france';
import * as rules from '../forms/rules';
import { readForm, useFieldErrors } from '../forms/use-field-errors';
import type { Procedure, TenderCallInput } from './tender-types';

export const PROCEDURES: Procedure[] = ['open', 'restricted', 'negotiated', 'competitive_dialogue', 'adapted', 'other'];

const FIELDS = [
  'reference',
  'title',
  'buyer',
  'estimatedAmount',
  'publicationDate',
  'deadlineDate',
  'deadlineTime',
  'questionsDate',
  'questionsTime',
  'visitDate',
  'visitTime',
  'noticeUrl',
  'description',
] as const;
type Field = (typeof FIELDS)[number];

type LotDraft = { key: number; number: string; title: string; amount: string };

const lengthRule =
  (min: number, max: number, key: string): rules.Rule =>
  (v) =>
    v.trim() === '' ? 'form-required' : v.trim().length < min || v.trim().length > max ? key : null;
// A date and its time go together: one without the other cannot be read as a moment.
const pairRule =
  (other: string): rules.Rule =>
  (v) =>
    (v === '') !== (other === '') ? 'tendercall-datetime_incomplete' : null;

type TenderCallFormProps = {
  id: string;
  submitting: boolean;
  error: string | null;
  /** The refusal's per-field details (400): each shown under its input. */
  errorDetails?: unknown;
  onSubmit: (values: TenderCallInput) => void;
};

/** A published call entered by hand, with the contract's rules (TenderCallInput); times are Paris time. */
export function TenderCallForm({ id, submitting, error, errorDetails, onSubmit }: TenderCallFormProps) {
  const { t } = useTranslation();
  const [cpvCodes, setCpvCodes] = useState<string[]>([]);
  const [procedure, setProcedure] = useState<Procedure>('open');
  const [department, setDepartment] = useState('');
  const [region, setRegion] = useState('');
  const [lots, setLots] = useState<LotDraft[]>([]);
  const [lotErrors, setLotErrors] = useState<Record<number, string>>({});
  const { errors, check, onFormChange, serverErrors, refusal } = useFieldErrors<Field>((values) => ({
    reference: lengthRule(1, 100, 'tendercall-reference_length'),
    title: lengthRule(3, 500, 'tendercall-title_length'),
    buyer: lengthRule(2, 300, 'tendercall-buyer_length'),
    estimatedAmount: rules.amount,
    deadlineDate: rules.required,
    deadlineTime: rules.required,
    questionsDate: pairRule(values.questionsTime),
    questionsTime: pairRule(values.questionsDate),
    visitDate: pairRule(values.visitTime),
    visitTime: pairRule(values.visitDate),
    noticeUrl: (v) => (v.trim() === '' || (v.trim().length <= 500 && /^https?:\/\/\S+$/.test(v.trim())) ? null : 'form-website_invalid'),
    description: (v) => (v.length > 20000 ? 'tendercall-description_length' : null),
  }), { error, details: errorDetails });
  // The server names the deadline submissionDeadline; the form splits it into a day and a time.
  const fieldError = (name: Field) => (errors[name] ? t(errors[name]) : (serverErrors[name] ?? (name === 'deadlineDate' ? serverErrors.submissionDeadline : undefined)));

  const checkLots = () => {
    const found: Record<number, string> = {};
    const numbers = new Set<number>();
    for (const lot of lots) {
      const n = Number(lot.number);
      if (!/^[0-9]+$/.test(lot.number) || n < 1 || n > 999) found[lot.key] = 'tendercall-lot_number_invalid';
      else if (numbers.has(n)) found[lot.key] = 'tendercall-lot_number_taken';
      else if (lot.title.trim() === '' || lot.title.trim().length > 300) found[lot.key] = 'tendercall-lot_title_required';
      else if (rules.amount(lot.amount)) found[lot.key] = 'form-amount_invalid';
      numbers.add(n);
    }
    setLotErrors(found);
    return Object.keys(found).length === 0;
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const values = readForm(event.currentTarget, FIELDS);
    const visitMandatory = new FormData(event.currentTarget).get('visitMandatory') === 'on';
    const fieldsOk = check(values);
    const lotsOk = checkLots();
    if (!fieldsOk || !lotsOk) return;
    const visit = parisToIso(values.visitDate, values.visitTime);
    onSubmit({
      reference: values.reference.trim(),
      title: values.title.trim(),
      buyer: values.buyer.trim(),
      procedure,
      cpvCodes,
      department: department || null,
      region: region || null,
      estimatedAmount: rules.parseAmount(values.estimatedAmount),
      publicationDate: values.publicationDate || null,
      submissionDeadline: parisToIso(values.deadlineDate, values.deadlineTime) ?? '',
      questionsDeadline: parisToIso(values.questionsDate, values.questionsTime),
      siteVisit: visit ? { date: visit, mandatory: visitMandatory } : null,
      noticeUrl: values.noticeUrl.trim(),
      description: values.description.trim(),
      lots: lots.map((lot) => ({ number: Number(lot.number), title: lot.title.trim(), estimatedAmount: rules.parseAmount(lot.amount) })),
    });
  };

  const setLot = (key: number, patch: Partial<LotDraft>) => setLots((current) => current.map((lot) => (lot.key === key ? { ...lot, ...patch } : lot)));
  const addLot = () =>
    setLots((current) => {
      const next = current.reduce((max, lot) => Math.max(max, Number(lot.number) || 0), 0) + 1;
      return [...current, { key: Date.now() + current.length, number: String(next), title: '', amount: '' }];
    });

  const section = css({ display: 'flex', flexDirection: 'column', gap: '4', border: 'none', p: 0, m: 0, minW: 0 });
  const legend = css({ fontSize: 'md', fontWeight: 'semibold', mb: '1', p: 0 });
  const pair = css({ display: 'grid', gridTemplateColumns: { base: '1fr', sm: '1fr 1fr' }, gap: '4', alignItems: 'start' });
  const classes = field();

  return (
    <form id={id} onSubmit={submit} onChange={onFormChange} noValidate aria-busy={submitting} className={css({ display: 'flex', flexDirection: 'column', gap: '6' })}>
      {refusal ? (
        <Alert status="error" title={t('tendercall-create_error')}>
          {refusal}
        </Alert>
      ) : null}
      <fieldset disabled={submitting} className={section}>
        <legend className={legend}>{t('tendercall-identity')}</legend>
        <div className={pair}>
          <TextField label={t('tendercall-reference')} name="reference" required maxLength={100} error={fieldError('reference')} />
          <Select label={t('tendercall-procedure')} value={procedure} options={PROCEDURES.map((p) => ({ value: p, label: t(`tenderdetails-procedure_${p}`) }))} onChange={(v) => setProcedure(v as Procedure)} />
        </div>
        <TextField label={t('tendercall-title')} name="title" required maxLength={500} error={fieldError('title')} />
        <TextField label={t('tendercall-buyer')} name="buyer" required maxLength={300} placeholder={t('tendercall-buyer_placeholder')} error={fieldError('buyer')} />
        <TagInput
          label={t('createcompany-cpv_codes')}
          name="cpvCodes"
          value={cpvCodes}
          onChange={setCpvCodes}
          max={30}
          maxLength={rules.CPV_MAX}
          validate={(tag) => rules.cpvCode(tag) ?? (cpvCodes.length >= 30 ? 'tendercall-cpv_max' : null)}
          helperText={t('createcompany-cpv_help')}
          disabled={submitting}
        />
        <div className={pair}>
          <Select
            label={t('tendercall-department')}
            value={department}
            options={[{ value: '', label: t('tendercall-none') }, ...DEPARTEMENTS.map((d) => ({ value: d.code, label: `${d.code} · ${d.name}` }))]}
            onChange={setDepartment}
          />
          <Select
            label={t('tendercall-region')}
            value={region}
            options={[{ value: '', label: t('tendercall-none') }, ...REGIONS.map((r) => ({ value: r, label: r }))]}
            onChange={setRegion}
          />
        </div>
        <div className={pair}>
          <TextField label={t('tendercall-amount')} name="estimatedAmount" type="number" min={0} step={1} helperText={t('createcompany-amount_help')} error={fieldError('estimatedAmount')} />
          <TextField label={t('tendercall-publication_date')} name="publicationDate" type="date" />
        </div>
      </fieldset>
      <fieldset disabled={submitting} className={section}>
        <legend className={legend}>{t('tendercall-dates')}</legend>
        <p className={classes.helperText}>{t('tendercall-dates_help')}</p>
        <div className={pair}>
          <TextField label={t('tendercall-deadline_date')} name="deadlineDate" type="date" required error={fieldError('deadlineDate')} />
          <TextField label={t('tendercall-deadline_time')} name="deadlineTime" type="time" required error={fieldError('deadlineTime')} />
        </div>
        <div className={pair}>
          <TextField label={t('tendercall-questions_date')} name="questionsDate" type="date" error={fieldError('questionsDate')} />
          <TextField label={t('tendercall-questions_time')} name="questionsTime" type="time" error={fieldError('questionsTime')} />
        </div>
        <div className={pair}>
          <TextField label={t('tendercall-visit_date')} name="visitDate" type="date" error={fieldError('visitDate')} />
          <TextField label={t('tendercall-visit_time')} name="visitTime" type="time" error={fieldError('visitTime')} />
        </div>
        <Checkbox label={t('tendercall-visit_mandatory')} name="visitMandatory" />
      </fieldset>
      <fieldset disabled={submitting} className={section}>
        <legend className={legend}>{t('tendercall-notice')}</legend>
        <TextField label={t('tendercall-notice_url')} name="noticeUrl" type="url" placeholder="https://" maxLength={500} error={fieldError('noticeUrl')} />
        <div className={classes.root}>
          <label htmlFor={`${id}-description`} className={classes.label}>
            {t('tendercall-description')}
          </label>
          <textarea
            id={`${id}-description`}
            name="description"
            rows={4}
            maxLength={20000}
            aria-invalid={errors.description ? true : undefined}
            className={css({
              w: 'full',
              px: '3',
              py: '2',
              fontSize: 'sm',
              color: 'fg.default',
              bg: 'bg.default',
              borderWidth: '1px',
              borderColor: 'border.emphasized',
              borderRadius: 'md',
              resize: 'vertical',
              _focusVisible: { borderColor: 'accent.default', boxShadow: '0 0 0 1px token(colors.accent.default)', outline: 'none' },
              _disabled: { opacity: 0.65, bg: 'bg.subtle' },
            })}
          />
          {errors.description ? <p className={classes.errorText}>{t(errors.description)}</p> : null}
        </div>
      </fieldset>
      <fieldset disabled={submitting} className={section}>
        <legend className={legend}>{t('tendercall-lots')}</legend>
        {lots.length === 0 ? <p className={classes.helperText}>{t('tendercall-lots_none')}</p> : null}
        {lots.map((lot, index) => (
          <div key={lot.key} className={css({ display: 'flex', flexDirection: 'column', gap: '1' })}>
            <div className={css({ display: 'grid', gridTemplateColumns: { base: '5rem 1fr auto', sm: '5rem 1fr 10rem auto' }, gap: '2', alignItems: 'end' })}>
              <TextField label={t('tendercall-lot_number')} value={lot.number} onChange={(e) => setLot(lot.key, { number: e.target.value })} inputMode="numeric" aria-invalid={lotErrors[lot.key] ? true : undefined} />
              <TextField label={t('tendercall-lot_title')} value={lot.title} onChange={(e) => setLot(lot.key, { title: e.target.value })} maxLength={300} />
              <TextField label={t('tendercall-lot_amount')} value={lot.amount} onChange={(e) => setLot(lot.key, { amount: e.target.value })} type="number" min={0} step={1} />
              <Button size="icon" variant="ghost" onClick={() => setLots((current) => current.filter((l) => l.key !== lot.key))} aria-label={t('tendercall-lot_remove', { index: index + 1 })}>
                <Trash2 size={16} aria-hidden="true" />
              </Button>
            </div>
            {lotErrors[lot.key] ? <p className={classes.errorText}>{t(lotErrors[lot.key] ?? '')}</p> : null}
          </div>
        ))}
        <div>
          <Button variant="outline" onClick={addLot}>
            <Plus size={16} aria-hidden="true" />
            {t('tendercall-lot_add')}
          </Button>
        </div>
      </fieldset>
    </form>
  );
}
