import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { css } from 'styled-system/css';
import { field } from 'styled-system/recipes/field';
import { Alert } from '../components/Alert';
import { Button } from '../components/Button';
import { Input } from '../components/Input';
import { TextField } from '../components/Field';
import { MultiSelect } from '../components/MultiSelect';
import { TagInput } from '../components/TagInput';
import { DEPARTEMENTS, REGIONS } from '../forms/france';
import * as rules from '../forms/rules';
import type { CompanyInput } from '../admin/admin-types';
import { readForm, useFieldErrors } from '../forms/use-field-errors';

/**
 * The contract's CompanyInput with every field present, as the form edits it; an existing
 * company's values also carry its brand colour (CompanyPatch), which a new company sets later.
 */
export type CompanyValues = Required<Omit<CompanyInput, 'profile'>> & { profile: Required<NonNullable<CompanyInput['profile']>>; brandColor?: string | null };

// The Word export's colour when the company has none (server/domains/memories/docx.ts HOUSE_COLOUR).
export const HOUSE_BRAND_COLOR = '#1f3a5f';
const HEX_COLOR = /^#[0-9a-fA-F]{6}$/;

const FIELDS = ['name', 'siret', 'address', 'postalCode', 'city', 'phone', 'website', 'description', 'amountMin', 'amountMax', 'brandColor'] as const;
const departementOptions = DEPARTEMENTS.map((d) => ({ value: d.code, label: `${d.code} · ${d.name}` }));
const regionOptions = REGIONS.map((r) => ({ value: r, label: r }));

export const emptyCompany: CompanyValues = {
  name: '',
  siret: '',
  address: '',
  postalCode: '',
  city: '',
  phone: '',
  website: '',
  description: '',
  profile: { keywords: [], cpvCodes: [], departments: [], regions: [], amountMin: null, amountMax: null },
};

type CompanyFormProps = {
  id: string;
  initial: CompanyValues;
  submitting: boolean;
  error: string | null;
  /** The refusal's per-field details (400): each shown under its input. */
  errorDetails?: unknown;
  errorTitle: string;
  onSubmit: (values: CompanyValues) => void;
  /** The buttons, placed by the caller (a dialog footer or a card footer) and tied to the form by `id`. */
  footer?: ReactNode;
};

/** The company's fields with the contract's rules (CompanyInput), for creation and edition alike. */
export function CompanyForm({ id, initial, submitting, error, errorDetails, errorTitle, onSubmit, footer }: CompanyFormProps) {
  const { t } = useTranslation();
  const [keywords, setKeywords] = useState(initial.profile.keywords);
  const [cpvCodes, setCpvCodes] = useState(initial.profile.cpvCodes);
  const [departments, setDepartments] = useState(initial.profile.departments);
  const [regions, setRegions] = useState(initial.profile.regions);
  const withBrandColor = initial.brandColor !== undefined;
  const [brandColor, setBrandColor] = useState(initial.brandColor ?? '');
  const { errors, check, onFormChange, serverErrors, refusal } = useFieldErrors<(typeof FIELDS)[number]>((values) => ({
    name: rules.companyName,
    siret: rules.siret,
    address: rules.address,
    postalCode: rules.postalCode,
    city: rules.city,
    phone: rules.phone,
    website: rules.website,
    description: rules.description,
    amountMin: rules.amount,
    amountMax: rules.amountMax(values.amountMin),
    brandColor: rules.brandColor,
  }), { error, details: errorDetails });
  // The submit button is far below the banner in a long form: bring a server refusal into view.
  const banner = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (refusal) banner.current?.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
  }, [refusal]);
  const fieldError = (name: (typeof FIELDS)[number]) => (errors[name] ? t(errors[name]) : serverErrors[name]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const raw = readForm(event.currentTarget, FIELDS);
    // Spaces typed in a SIRET (as printed on a Kbis) are dropped; the server takes digits only.
    const values = { ...raw, siret: raw.siret.replace(/\s+/g, '') };
    if (!check(values)) return;
    onSubmit({
      name: values.name.trim(),
      siret: values.siret,
      address: values.address.trim(),
      postalCode: values.postalCode.trim(),
      city: values.city.trim(),
      phone: values.phone.trim(),
      website: values.website.trim(),
      description: values.description.trim(),
      profile: { keywords, cpvCodes, departments, regions, amountMin: rules.parseAmount(values.amountMin), amountMax: rules.parseAmount(values.amountMax) },
      // Empty is the house colour (null).
      ...(withBrandColor ? { brandColor: values.brandColor.trim() === '' ? null : values.brandColor.trim().toLowerCase() } : {}),
    });
  };

  const section = css({ display: 'flex', flexDirection: 'column', gap: '4', border: 'none', p: 0, m: 0, minW: 0 });
  const legend = css({ fontSize: 'md', fontWeight: 'semibold', mb: '1', p: 0 });
  const classes = field();

  return (
    <form id={id} onSubmit={submit} onChange={onFormChange} noValidate aria-busy={submitting} className={css({ display: 'flex', flexDirection: 'column', gap: '6' })}>
      {refusal ? (
        <div ref={banner}>
          <Alert status="error" title={errorTitle}>
            {refusal}
          </Alert>
        </div>
      ) : null}
      <fieldset disabled={submitting} className={section}>
        <legend className={legend}>{t('createcompany-identity')}</legend>
        <TextField label={t('createcompany-name')} name="name" defaultValue={initial.name} autoComplete="organization" required maxLength={120} error={fieldError('name')} />
        <TextField
          label={t('createcompany-siret')}
          name="siret"
          defaultValue={initial.siret}
          inputMode="numeric"
          required
          maxLength={17}
          helperText={t('createcompany-siret_help')}
          error={fieldError('siret')}
        />
        <TextField label={t('createcompany-address')} name="address" defaultValue={initial.address} autoComplete="street-address" required maxLength={200} error={fieldError('address')} />
        <div className={css({ display: 'grid', gridTemplateColumns: { base: '1fr', sm: '8rem 1fr' }, gap: '4' })}>
          <TextField label={t('createcompany-postal_code')} name="postalCode" defaultValue={initial.postalCode} inputMode="numeric" required maxLength={5} error={fieldError('postalCode')} />
          <TextField label={t('createcompany-city')} name="city" defaultValue={initial.city} required maxLength={100} error={fieldError('city')} />
        </div>
        <div className={css({ display: 'grid', gridTemplateColumns: { base: '1fr', sm: '1fr 1fr' }, gap: '4' })}>
          <TextField label={t('createcompany-phone')} name="phone" defaultValue={initial.phone} type="tel" maxLength={30} error={fieldError('phone')} />
          <TextField label={t('createcompany-website')} name="website" defaultValue={initial.website} type="url" placeholder="https://" maxLength={200} error={fieldError('website')} />
        </div>
        <div className={classes.root}>
          <label htmlFor={`${id}-description`} className={classes.label}>
            {t('createcompany-description')}
          </label>
          <textarea
            id={`${id}-description`}
            name="description"
            rows={3}
            maxLength={2000}
            defaultValue={initial.description}
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
        <legend className={legend}>{t('createcompany-profile')}</legend>
        <p className={classes.helperText}>{t('createcompany-profile_help')}</p>
        <TagInput
          label={t('createcompany-keywords')}
          name="keywords"
          value={keywords}
          onChange={setKeywords}
          maxLength={rules.KEYWORD_MAX}
          validate={(tag) => rules.keyword(tag) ?? (keywords.length >= rules.TAGS_MAX ? 'form-tags_max' : null)}
          helperText={t('createcompany-keywords_help')}
          disabled={submitting}
        />
        <TagInput
          label={t('createcompany-cpv_codes')}
          name="cpvCodes"
          value={cpvCodes}
          onChange={setCpvCodes}
          maxLength={rules.CPV_MAX}
          validate={(tag) => rules.cpvCode(tag) ?? (cpvCodes.length >= rules.TAGS_MAX ? 'form-tags_max' : null)}
          helperText={t('createcompany-cpv_help')}
          disabled={submitting}
        />
        <MultiSelect
          label={t('createcompany-departments')}
          options={departementOptions}
          value={departments}
          onChange={setDepartments}
          filterPlaceholder={t('createcompany-departments_filter')}
          disabled={submitting}
        />
        <MultiSelect label={t('createcompany-regions')} options={regionOptions} value={regions} onChange={setRegions} filterable={false} disabled={submitting} />
        <div className={css({ display: 'grid', gridTemplateColumns: { base: '1fr', sm: '1fr 1fr' }, gap: '4', alignItems: 'start' })}>
          <TextField
            label={t('createcompany-amount_min')}
            name="amountMin"
            defaultValue={initial.profile.amountMin ?? ''}
            type="number"
            min={0}
            step={1}
            helperText={t('createcompany-amount_help')}
            error={fieldError('amountMin')}
          />
          <TextField
            label={t('createcompany-amount_max')}
            name="amountMax"
            defaultValue={initial.profile.amountMax ?? ''}
            type="number"
            min={0}
            step={1}
            helperText={t('createcompany-amount_help')}
            error={fieldError('amountMax')}
          />
        </div>
      </fieldset>
      {withBrandColor ? (
        <fieldset disabled={submitting} className={section}>
          <legend className={legend}>{t('company-brand_title')}</legend>
          <BrandColorField id={`${id}-brand`} value={brandColor} onChange={setBrandColor} error={fieldError('brandColor')} />
        </fieldset>
      ) : null}
      {footer}
    </form>
  );
}

/** The brand colour: a colour picker and its '#rrggbb' text kept together; emptied, the house colour. */
function BrandColorField({ id, value, onChange, error }: { id: string; value: string; onChange: (value: string) => void; error: string | undefined }) {
  const { t } = useTranslation();
  const classes = field();
  const valid = HEX_COLOR.test(value.trim());
  return (
    <div className={classes.root}>
      <label htmlFor={`${id}-text`} className={classes.label}>
        {t('company-brand_color')}
      </label>
      <div className={css({ display: 'flex', alignItems: 'center', gap: '3', flexWrap: 'wrap' })}>
        <input
          type="color"
          aria-label={t('company-brand_color_picker')}
          value={valid ? value.trim().toLowerCase() : HOUSE_BRAND_COLOR}
          onChange={(event) => onChange(event.currentTarget.value)}
          className={css({ w: '12', h: '10', p: '0.5', borderWidth: '1px', borderColor: 'border.emphasized', borderRadius: 'md', bg: 'bg.default', cursor: 'pointer', _disabled: { cursor: 'not-allowed', opacity: 0.65 } })}
        />
        <Input
          id={`${id}-text`}
          name="brandColor"
          value={value}
          onChange={(event) => onChange(event.currentTarget.value)}
          placeholder={HOUSE_BRAND_COLOR}
          maxLength={7}
          spellCheck={false}
          autoComplete="off"
          aria-invalid={error ? true : undefined}
          aria-describedby={[`${id}-help`, error ? `${id}-error` : ''].filter(Boolean).join(' ')}
          className={css({ w: '32', fontFamily: 'mono' })}
        />
        <Button variant="outline" size="sm" onClick={() => onChange('')} disabled={value === ''}>
          {t('company-brand_color_clear')}
        </Button>
      </div>
      <p id={`${id}-help`} className={classes.helperText}>
        {value.trim() === '' ? t('company-brand_color_help_house') : t('company-brand_color_help')}
      </p>
      {error ? (
        <p id={`${id}-error`} className={classes.errorText}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** A company as the form edits it (the contract's Company without its computed fields, with its brand colour). */
export function companyValues(company: {
  name: string;
  siret: string | null;
  address: string;
  postalCode: string;
  city: string;
  phone: string;
  website: string;
  description: string;
  profile: CompanyValues['profile'];
  brandColor: string | null;
}): CompanyValues {
  return {
    brandColor: company.brandColor,
    name: company.name,
    siret: company.siret ?? '',
    address: company.address,
    postalCode: company.postalCode,
    city: company.city,
    phone: company.phone,
    website: company.website,
    description: company.description,
    profile: { ...company.profile },
  };
}
