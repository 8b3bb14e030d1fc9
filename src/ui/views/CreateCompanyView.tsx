import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { css } from 'styled-system/css';
import { field } from 'styled-system/recipes/field';
import { Alert } from '../components/Alert';
import { Button } from '../components/Button';
import { CardBody, CardDescription, CardFooter, CardHeader, CardRoot, CardTitle } from '../components/Card';
import { TextField } from '../components/Field';
import { MultiSelect } from '../components/MultiSelect';
import { Spinner } from '../components/Spinner';
import { TagInput } from '../components/TagInput';
import { DEPARTEMENTS, REGIONS } from '../forms/france';
import * as rules from '../forms/rules';
import { readForm, useFieldErrors } from '../forms/use-field-errors';

export type CompanyValues = {
  name: string;
  siret: string;
  address: string;
  postalCode: string;
  city: string;
  phone: string;
  website: string;
  description: string;
  profile: { keywords: string[]; cpvCodes: string[]; departments: string[]; regions: string[] };
};

type CreateCompanyViewProps = {
  submitting: boolean;
  error: string | null;
  onSubmit: (values: CompanyValues) => void;
  initialProfile?: Partial<CompanyValues['profile']>;
};

const FIELDS = ['name', 'siret', 'address', 'postalCode', 'city', 'phone', 'website', 'description'] as const;

const departementOptions = DEPARTEMENTS.map((d) => ({ value: d.code, label: `${d.code} · ${d.name}` }));
const regionOptions = REGIONS.map((r) => ({ value: r, label: r }));

export function CreateCompanyView({ submitting, error, onSubmit, initialProfile }: CreateCompanyViewProps) {
  const { t } = useTranslation();
  const [keywords, setKeywords] = useState<string[]>(initialProfile?.keywords ?? []);
  const [cpvCodes, setCpvCodes] = useState<string[]>(initialProfile?.cpvCodes ?? []);
  const [departments, setDepartments] = useState<string[]>(initialProfile?.departments ?? []);
  const [regions, setRegions] = useState<string[]>(initialProfile?.regions ?? []);
  const { errors, check, onFormChange } = useFieldErrors<(typeof FIELDS)[number]>(() => ({
    name: rules.companyName,
    siret: rules.siret,
    address: rules.address,
    postalCode: rules.postalCode,
    city: rules.city,
    phone: rules.phone,
    website: rules.website,
    description: rules.description,
  }));
  // The submit button is far below the banner: bring a server refusal into view.
  const banner = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (error) banner.current?.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
  }, [error]);
  const fieldError = (name: (typeof FIELDS)[number]) => (errors[name] ? t(errors[name]) : undefined);

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
      profile: { keywords, cpvCodes, departments, regions },
    });
  };

  const section = css({ display: 'flex', flexDirection: 'column', gap: '4', border: 'none', p: 0, m: 0, minW: 0 });
  const sectionTitle = css({ fontSize: 'md', fontWeight: 'semibold', color: 'fg.default', mb: '1', p: 0 });
  const twoColumns = css({ display: 'grid', gridTemplateColumns: { base: '1fr', sm: '8rem 1fr' }, gap: '4' });
  const classes = field();

  return (
    // Wider than the centered layout's narrow column (a long form with lists), centred by margins:
    // a transform would paint it over the sticky header.
    <CardRoot className={css({ w: 'min(46rem, calc(100vw - 2rem))', ml: 'calc((100% - min(46rem, calc(100vw - 2rem))) / 2)' })}>
      <CardHeader>
        <CardTitle as="h1">{t('createcompany-create_title')}</CardTitle>
        <CardDescription>{t('createcompany-create_subtitle')}</CardDescription>
      </CardHeader>
      <form onSubmit={submit} onChange={onFormChange} noValidate aria-busy={submitting}>
        <CardBody className={css({ gap: '6' })}>
          {error ? (
            <div ref={banner}>
              <Alert status="error" title={t('createcompany-create_error_title')}>
                {error}
              </Alert>
            </div>
          ) : null}
          <fieldset disabled={submitting} className={section}>
            <legend className={sectionTitle}>{t('createcompany-identity')}</legend>
            <TextField label={t('createcompany-name')} name="name" autoComplete="organization" required maxLength={120} error={fieldError('name')} />
            <TextField
              label={t('createcompany-siret')}
              name="siret"
              inputMode="numeric"
              required
              maxLength={17}
              helperText={t('createcompany-siret_help')}
              error={fieldError('siret')}
            />
            <TextField label={t('createcompany-address')} name="address" autoComplete="street-address" required maxLength={200} error={fieldError('address')} />
            <div className={twoColumns}>
              <TextField label={t('createcompany-postal_code')} name="postalCode" autoComplete="postal-code" inputMode="numeric" required maxLength={5} error={fieldError('postalCode')} />
              <TextField label={t('createcompany-city')} name="city" autoComplete="address-level2" required maxLength={100} error={fieldError('city')} />
            </div>
            <TextField label={t('createcompany-phone')} name="phone" type="tel" autoComplete="tel" maxLength={30} error={fieldError('phone')} />
            <TextField label={t('createcompany-website')} name="website" type="url" autoComplete="url" placeholder="https://" maxLength={200} error={fieldError('website')} />
            <div className={classes.root}>
              <label htmlFor="company-description" className={classes.label}>
                {t('createcompany-description')}
              </label>
              <textarea
                id="company-description"
                name="description"
                rows={4}
                maxLength={2000}
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
            <legend className={sectionTitle}>{t('createcompany-profile')}</legend>
            <p className={classes.helperText}>{t('createcompany-profile_help')}</p>
            <TagInput
              label={t('createcompany-keywords')}
              name="keywords"
              value={keywords}
              onChange={setKeywords}
              validate={(tag) => rules.keyword(tag) ?? (keywords.length >= rules.TAGS_MAX ? 'form-tags_max' : null)}
              helperText={t('createcompany-keywords_help')}
              disabled={submitting}
            />
            <TagInput
              label={t('createcompany-cpv_codes')}
              name="cpvCodes"
              value={cpvCodes}
              onChange={setCpvCodes}
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
          </fieldset>
        </CardBody>
        <CardFooter className={css({ flexDirection: 'column', alignItems: 'stretch' })}>
          <Button type="submit" size="lg" fullWidth disabled={submitting}>
            {submitting ? <Spinner size="sm" label={t('createcompany-create_submitting')} /> : null}
            {submitting ? t('createcompany-create_submitting') : t('createcompany-create_submit')}
          </Button>
        </CardFooter>
      </form>
    </CardRoot>
  );
}
