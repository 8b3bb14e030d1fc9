import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FileSignature, Pencil } from 'lucide-react';
import { css, cx } from 'styled-system/css';
import type { components } from '../../../openapi/schema';
import { Alert } from '../components/Alert';
import { Button } from '../components/Button';
import { CardBody, CardFooter, CardHeader, CardRoot, CardTitle } from '../components/Card';
import { TextField } from '../components/Field';
import { Select } from '../components/Select';
import { Spinner } from '../components/Spinner';
import { formatNumber } from '../format';
import { readForm, useFieldErrors } from '../forms/use-field-errors';
import * as rules from '../forms/rules';

export type Candidature = components['schemas']['CompanyCandidature'];

/** The financial years the form asks for: the last three closed ones. */
export const candidatureYears = (now = new Date()) => [1, 2, 3].map((back) => now.getFullYear() - back);

const NAF = /^[0-9]{2}\.?[0-9]{2}[A-Za-z]$/;
const VAT = /^FR[0-9A-Z]{2}[0-9]{9}$/;
const number = (max: number, integer = false): rules.Rule => (v) => {
  const value = v.trim().replace(/\s/g, '').replace(',', '.');
  if (value === '') return null;
  const n = Number(value);
  return Number.isFinite(n) && n >= 0 && n <= max && (!integer || Number.isInteger(n)) ? null : 'candidature-number_invalid';
};
const parsed = (v: string) => {
  const value = v.trim().replace(/\s/g, '').replace(',', '.');
  return value === '' ? null : Number(value);
};

type CardProps = {
  candidature: Candidature;
  canEdit: boolean;
  editing: boolean;
  saving: boolean;
  error: string | null;
  errorDetails?: unknown;
  onEdit: () => void;
  onCancel: () => void;
  onSave: (candidature: Candidature) => void;
};

/**
 * What the candidature forms (DC1, DC2, DUME) say of the company beyond its identity — legal
 * form, NAF code, VAT number, its legal representative, turnover and staff of the last three
 * years — and the upload speed the submission folder times the deposit with (issue 26).
 */
export function CompanyCandidatureCard(props: CardProps) {
  const { t } = useTranslation();
  return (
    <CardRoot>
      <CardHeader className={css({ display: 'flex', flexDirection: 'row', alignItems: 'center', justifyContent: 'space-between', gap: '3', flexWrap: 'wrap' })}>
        <CardTitle className={css({ display: 'flex', alignItems: 'center', gap: '2' })}>
          <FileSignature size={18} aria-hidden="true" />
          {t('candidature-title')}
        </CardTitle>
        {props.canEdit && !props.editing ? (
          <Button variant="outline" size="sm" onClick={props.onEdit} aria-label={t('candidature-edit_named')}>
            <Pencil size={14} aria-hidden="true" />
            {t('candidature-edit')}
          </Button>
        ) : null}
      </CardHeader>
      {props.editing ? <CandidatureForm {...props} /> : <CandidatureFacts candidature={props.candidature} />}
    </CardRoot>
  );
}

function CandidatureFacts({ candidature }: { candidature: Candidature }) {
  const { t, i18n } = useTranslation();
  const none = t('company-none');
  // As the company's details card lays out its facts.
  const row = css({ display: 'grid', gridTemplateColumns: { base: '1fr', sm: '14rem 1fr' }, gap: { base: '0.5', sm: '4' }, py: '2.5', borderBottomWidth: '1px', borderColor: 'border.default', _last: { borderBottom: 'none' }, '& > dd': { fontSize: 'sm', fontWeight: 'medium', m: 0, overflowWrap: 'anywhere' } });
  const term = css({ color: 'fg.muted', fontSize: 'sm' });
  const money = (value: number | null) => (value === null ? none : `${formatNumber(value, i18n.language)} €`);
  return (
    <CardBody className={css({ pt: '2' })}>
      <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>{t('candidature-help')}</p>
      <dl className={css({ m: 0 })}>
        <div className={row}>
          <dt className={term}>{t('candidature-legal_form')}</dt>
          <dd>{candidature.legalForm || none}</dd>
        </div>
        <div className={row}>
          <dt className={term}>{t('candidature-naf_code')}</dt>
          <dd className={css({ fontFamily: 'mono' })}>{candidature.nafCode || none}</dd>
        </div>
        <div className={row}>
          <dt className={term}>{t('candidature-vat_number')}</dt>
          <dd className={css({ fontFamily: 'mono' })}>{candidature.vatNumber || none}</dd>
        </div>
        <div className={row}>
          <dt className={term}>{t('candidature-sme')}</dt>
          <dd>{candidature.sme === null ? none : t(candidature.sme ? 'candidature-yes' : 'candidature-no')}</dd>
        </div>
        <div className={row}>
          <dt className={term}>{t('candidature-representative')}</dt>
          <dd>{candidature.legalRepresentative ? `${candidature.legalRepresentative.name}, ${candidature.legalRepresentative.capacity}` : none}</dd>
        </div>
        <div className={row}>
          <dt className={term}>{t('candidature-upload')}</dt>
          <dd>{candidature.uploadMbps === null ? none : t('candidature-upload_value', { value: formatNumber(candidature.uploadMbps, i18n.language) })}</dd>
        </div>
      </dl>
      {candidature.figures.length ? (
        <table className={css({ w: 'full', mt: '3', fontSize: 'sm', '& th, & td': { textAlign: 'left', py: '1.5', pr: '3', borderBottomWidth: '1px', borderColor: 'border.default' } })}>
          <caption className={css({ textAlign: 'left', fontWeight: 'semibold', mb: '1' })}>{t('candidature-figures')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('candidature-year')}</th>
              <th scope="col">{t('candidature-turnover')}</th>
              <th scope="col">{t('candidature-staff')}</th>
            </tr>
          </thead>
          <tbody>
            {candidature.figures.map((figure) => (
              <tr key={figure.year}>
                <th scope="row">{figure.year}</th>
                <td className={css({ fontVariantNumeric: 'tabular-nums' })}>{money(figure.turnover ?? null)}</td>
                <td className={css({ fontVariantNumeric: 'tabular-nums' })}>{figure.staff === null || figure.staff === undefined ? none : formatNumber(figure.staff, i18n.language)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p className={css({ mt: '3', fontSize: 'sm' })}>{t('candidature-no_figures')}</p>
      )}
    </CardBody>
  );
}

const FORM_ID = 'company-candidature';

function CandidatureForm({ candidature, saving, error, errorDetails, onCancel, onSave }: CardProps) {
  const { t } = useTranslation();
  const years = [...new Set([...candidatureYears(), ...candidature.figures.map((f) => f.year)])].sort((a, b) => b - a).slice(0, 5);
  const figureOf = (year: number) => candidature.figures.find((f) => f.year === year);
  const [sme, setSme] = useState(candidature.sme === null ? '' : String(candidature.sme));
  const names = ['legalForm', 'nafCode', 'vatNumber', 'representativeName', 'representativeCapacity', 'uploadMbps', ...years.flatMap((y) => [`turnover${y}`, `staff${y}`])];
  type Name = string;
  const { errors, check, onFormChange, serverErrors, refusal } = useFieldErrors<Name>(
    (form) => ({
      nafCode: (v) => (v.trim() === '' || NAF.test(v.trim()) ? null : 'candidature-naf_invalid'),
      vatNumber: (v) => (v.trim() === '' || VAT.test(v.trim().replace(/\s/g, '').toUpperCase()) ? null : 'candidature-vat_invalid'),
      // Both or neither: a representative is named with the capacity they sign in.
      representativeName: () => ((form.representativeCapacity ?? '').trim() && (form.representativeName ?? '').trim().length < 2 ? 'candidature-representative_both' : null),
      representativeCapacity: () => ((form.representativeName ?? '').trim() && (form.representativeCapacity ?? '').trim().length < 2 ? 'candidature-representative_both' : null),
      uploadMbps: number(10_000),
      ...Object.fromEntries(years.flatMap((y) => [[`turnover${y}`, number(rules.AMOUNT_MAX)], [`staff${y}`, number(10_000_000, true)]])),
    }),
    { error, details: errorDetails },
  );
  const fieldError = (name: Name, server?: string) => (errors[name] ? t(errors[name]!) : server ? serverErrors[server] : undefined);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const values = readForm(event.currentTarget, names);
    if (!check(values)) return;
    const get = (name: string) => values[name] ?? '';
    const name = get('representativeName').trim();
    onSave({
      legalForm: get('legalForm').trim(),
      nafCode: get('nafCode').trim().toUpperCase(),
      vatNumber: get('vatNumber').replace(/\s/g, '').toUpperCase(),
      sme: sme === '' ? null : sme === 'true',
      legalRepresentative: name ? { name, capacity: get('representativeCapacity').trim() } : null,
      figures: years.map((year) => ({ year, turnover: parsed(get(`turnover${year}`)), staff: parsed(get(`staff${year}`)) })).filter((f) => f.turnover !== null || f.staff !== null),
      uploadMbps: parsed(get('uploadMbps')),
    });
  };
  const grid = css({ display: 'grid', gridTemplateColumns: { base: '1fr', md: '1fr 1fr' }, gap: '4' });
  return (
    <>
      <CardBody>
        <form id={FORM_ID} onSubmit={submit} onChange={onFormChange} noValidate aria-busy={saving} className={css({ display: 'flex', flexDirection: 'column', gap: '4' })}>
          {refusal ? <Alert status="error">{refusal}</Alert> : null}
          <div className={grid}>
            <TextField label={t('candidature-legal_form')} name="legalForm" defaultValue={candidature.legalForm} maxLength={80} placeholder="SAS" error={fieldError('legalForm', 'legalForm')} />
            <TextField label={t('candidature-naf_code')} name="nafCode" defaultValue={candidature.nafCode} maxLength={6} placeholder="4321A" error={fieldError('nafCode', 'nafCode')} />
            <TextField label={t('candidature-vat_number')} name="vatNumber" defaultValue={candidature.vatNumber} maxLength={16} placeholder="FR12345678901" error={fieldError('vatNumber', 'vatNumber')} />
            <Select
              label={t('candidature-sme')}
              value={sme}
              onChange={setSme}
              options={[
                { value: '', label: t('candidature-unknown') },
                { value: 'true', label: t('candidature-yes') },
                { value: 'false', label: t('candidature-no') },
              ]}
            />
            <TextField label={t('candidature-representative_name')} name="representativeName" defaultValue={candidature.legalRepresentative?.name ?? ''} maxLength={120} autoComplete="name" error={fieldError('representativeName', 'name')} />
            <TextField label={t('candidature-representative_capacity')} name="representativeCapacity" defaultValue={candidature.legalRepresentative?.capacity ?? ''} maxLength={120} placeholder={t('candidature-capacity_placeholder')} error={fieldError('representativeCapacity', 'capacity')} />
            <TextField label={t('candidature-upload')} helperText={t('candidature-upload_help')} name="uploadMbps" inputMode="decimal" defaultValue={candidature.uploadMbps ?? ''} error={fieldError('uploadMbps', 'uploadMbps')} />
          </div>
          <fieldset className={css({ border: 'none', p: 0, m: 0, minW: 0, display: 'flex', flexDirection: 'column', gap: '3' })}>
            <legend className={css({ fontWeight: 'semibold', mb: '2' })}>{t('candidature-figures')}</legend>
            {years.map((year) => (
              <div key={year} className={cx(grid, css({ alignItems: 'start' }))}>
                <TextField label={t('candidature-turnover_of', { year })} name={`turnover${year}`} inputMode="decimal" defaultValue={figureOf(year)?.turnover ?? ''} error={fieldError(`turnover${year}`)} />
                <TextField label={t('candidature-staff_of', { year })} name={`staff${year}`} inputMode="numeric" defaultValue={figureOf(year)?.staff ?? ''} error={fieldError(`staff${year}`)} />
              </div>
            ))}
          </fieldset>
        </form>
      </CardBody>
      <CardFooter className={css({ display: 'flex', gap: '2', justifyContent: 'flex-end', flexWrap: 'wrap' })}>
        <Button variant="outline" onClick={onCancel} disabled={saving}>
          {t('dialog-cancel')}
        </Button>
        <Button type="submit" form={FORM_ID} disabled={saving}>
          {saving ? <Spinner size="sm" label={t('common-loading')} /> : null}
          {t('candidature-save')}
        </Button>
      </CardFooter>
    </>
  );
}
