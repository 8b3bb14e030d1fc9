import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Building2, Globe, MapPin, Pencil, Phone, Users } from 'lucide-react';
import { css, cx } from 'styled-system/css';
import { button } from 'styled-system/recipes/button';
import { Badge } from '../components/Badge';
import { Button } from '../components/Button';
import { CardBody, CardHeader, CardRoot, CardTitle } from '../components/Card';
import { EmptyState } from '../components/EmptyState';
import { Skeleton } from '../components/Skeleton';
import { Spinner } from '../components/Spinner';
import { DEPARTEMENTS } from '../forms/france';
import { formatDate, formatNumber } from '../format';
import type { CompanyRow } from '../admin/admin-types';
import { CompanyForm, companyValues, type CompanyValues } from './CompanyForm';
import { PageHeading } from '../components/ListFrame';
import { LoadFailed } from '../components/LoadFailed';

export type CompanyViewProps =
  | { status: 'loading' }
  | { status: 'notFound' }
  | { status: 'error'; message: string; onRetry: () => void }
  | {
      status: 'loaded';
      company: CompanyRow;
      canEdit: boolean;
      /** Members are listed on /company/users for the company's own staff. */
      membersHref: string | null;
      editing: boolean;
      saving: boolean;
      saveError: string | null;
      /** The refusal's per-field details, shown under their inputs. */
      saveErrorDetails?: unknown;
      onEdit: () => void;
      onCancel: () => void;
      onSave: (values: CompanyValues) => void;
      /** The logo card (CompanyLogoCard), wired by the page. */
      logo?: ReactNode;
      /** The organisation charts section, wired by the page (issue 5). */
      organigrammes?: ReactNode;
      /** The calls the company won and lost (issue 13), wired by the page. */
      awards?: ReactNode;
      /** The company pages' tabs (profile, resumes), wired by the page. */
      tabs?: ReactNode;
      /** The candidature data card (issue 26), wired by the page. */
      candidature?: ReactNode;
    };

const FORM_ID = 'company-edit';

export function CompanyView(props: CompanyViewProps) {
  const { t } = useTranslation();
  switch (props.status) {
    case 'loading':
      return (
        <div className={css({ display: 'flex', flexDirection: 'column', gap: '6', maxW: '4xl' })}>
          <Skeleton lines={2} label={t('company-loading')} widths={['40%', '25%']} />
          <CardRoot>
            <CardBody>
              <Skeleton lines={5} label={t('company-loading')} />
            </CardBody>
          </CardRoot>
        </div>
      );
    case 'notFound':
      return (
        <EmptyState
          titleAs="h1"
          icon={<Building2 size={22} />}
          title={t('company-not_found_title')}
          description={t('company-not_found_text')}
          actions={
            <Link href="/dashboard" className={button({ variant: 'outline' })}>
              {t('userpage-back_dashboard')}
            </Link>
          }
        />
      );
    case 'error':
      return (
        <LoadFailed titleAs="h1" title={t('company-load_error')} message={props.message} onRetry={props.onRetry} />
      );
    case 'loaded':
      return <CompanyDetails {...props} />;
  }
}

function CompanyDetails(props: Extract<CompanyViewProps, { status: 'loaded' }>) {
  const { t, i18n } = useTranslation();
  const { company } = props;
  const row = css({ display: 'grid', gridTemplateColumns: { base: '1fr', sm: '11rem 1fr' }, gap: { base: '0.5', sm: '4' }, py: '2.5', borderBottomWidth: '1px', borderColor: 'border.default', _last: { borderBottom: 'none' } });
  const term = css({ fontSize: 'sm', color: 'fg.muted', display: 'inline-flex', alignItems: 'center', gap: '2' });
  // Its links (phone, website) alone on their line: 24 px high, a pointer target by WCAG 2.2's measure (2.5.8).
  const value = css({ fontSize: 'sm', fontWeight: 'medium', m: 0, overflowWrap: 'anywhere', '& a': { display: 'inline-flex', alignItems: 'center', minH: 'target' } });
  const departement = (code: string) => DEPARTEMENTS.find((d) => d.code === code)?.name;

  if (props.editing) {
    return (
      <div className={css({ display: 'flex', flexDirection: 'column', gap: '6', maxW: '3xl' })}>
        <PageHeading title={t('company-edit_title', { name: company.name })} />
        <CardRoot>
          <CardBody>
            <CompanyForm
              id={FORM_ID}
              initial={companyValues(company)}
              submitting={props.saving}
              error={props.saveError}
              errorDetails={props.saveErrorDetails}
              errorTitle={t('company-save_error')}
              onSubmit={props.onSave}
              footer={
                <div className={css({ display: 'flex', justifyContent: 'flex-end', gap: '3' })}>
                  <Button variant="outline" onClick={props.onCancel} disabled={props.saving}>
                    {t('dialog-cancel')}
                  </Button>
                  <Button type="submit" disabled={props.saving}>
                    {props.saving ? <Spinner size="sm" label={t('common-loading')} /> : null}
                    {t('company-save')}
                  </Button>
                </div>
              }
            />
          </CardBody>
        </CardRoot>
      </div>
    );
  }

  const tags = (items: string[], label: (item: string) => string) =>
    items.length === 0 ? (
      <span className={css({ color: 'fg.muted', fontWeight: 'normal' })}>{t('company-none')}</span>
    ) : (
      <ul className={css({ display: 'flex', flexWrap: 'wrap', gap: '1.5', listStyle: 'none', p: 0, m: 0 })}>
        {items.map((item) => (
          <li key={item}>
            <Badge tone="accent">{label(item)}</Badge>
          </li>
        ))}
      </ul>
    );

  return (
    <div className={css({ display: 'flex', flexDirection: 'column', gap: '6', maxW: '4xl' })}>
      <PageHeading
        title={company.name}
        description={t('company-since', { date: formatDate(company.createdAt, i18n.language) })}
        action={
          props.canEdit ? (
            <Button onClick={props.onEdit}>
              <Pencil size={16} aria-hidden="true" />
              {t('company-edit')}
            </Button>
          ) : null
        }
      />
      {props.tabs}
      <div className={css({ display: 'grid', gridTemplateColumns: { base: '1fr', lg: '2fr 1fr' }, gap: '6', alignItems: 'start' })}>
        <CardRoot>
          <CardHeader>
            <CardTitle>{t('company-details')}</CardTitle>
          </CardHeader>
          <CardBody className={css({ pt: '2' })}>
            <dl className={css({ m: 0 })}>
              <div className={row}>
                <dt className={term}>{t('createcompany-siret')}</dt>
                <dd className={cx(value, css({ fontFamily: 'mono' }))}>{company.siret ?? '—'}</dd>
              </div>
              <div className={row}>
                <dt className={term}>
                  <MapPin size={14} aria-hidden="true" />
                  {t('createcompany-address')}
                </dt>
                <dd className={value}>
                  {company.address}, {company.postalCode} {company.city}
                </dd>
              </div>
              <div className={row}>
                <dt className={term}>
                  <Phone size={14} aria-hidden="true" />
                  {t('company-phone')}
                </dt>
                <dd className={value}>{company.phone ? <a href={`tel:${company.phone.replace(/[^+0-9]/g, '')}`}>{company.phone}</a> : t('company-none')}</dd>
              </div>
              <div className={row}>
                <dt className={term}>
                  <Globe size={14} aria-hidden="true" />
                  {t('company-website')}
                </dt>
                <dd className={value}>
                  {company.website ? (
                    <a href={company.website} target="_blank" rel="noreferrer noopener">
                      {company.website}
                    </a>
                  ) : (
                    t('company-none')
                  )}
                </dd>
              </div>
              <div className={row}>
                <dt className={term}>{t('company-description')}</dt>
                <dd className={cx(value, css({ fontWeight: 'normal', whiteSpace: 'pre-line' }))}>{company.description || t('company-none')}</dd>
              </div>
            </dl>
          </CardBody>
        </CardRoot>
        <div className={css({ display: 'flex', flexDirection: 'column', gap: '6' })}>
          <CardRoot>
            <CardHeader>
              <CardTitle>{t('company-members')}</CardTitle>
            </CardHeader>
            <CardBody className={css({ gap: '3' })}>
              <p className={css({ display: 'flex', alignItems: 'center', gap: '3' })}>
                <Users size={20} aria-hidden="true" className={css({ color: 'accent.text' })} />
                <span className={css({ fontSize: '2xl', fontWeight: 'semibold' })}>{formatNumber(company.membersCount, i18n.language)}</span>
                <span className={css({ color: 'fg.muted', fontSize: 'sm' })}>{t('company-members_count', { count: company.membersCount })}</span>
              </p>
              {props.membersHref ? <Link href={props.membersHref}>{t('company-see_members')}</Link> : null}
            </CardBody>
          </CardRoot>
          {props.logo}
        </div>
      </div>
      <CardRoot>
        <CardHeader>
          <CardTitle>{t('company-profile')}</CardTitle>
        </CardHeader>
        <CardBody className={css({ pt: '2' })}>
          <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>{t('company-profile_help')}</p>
          <dl className={css({ m: 0 })}>
            <div className={row}>
              <dt className={term}>{t('createcompany-keywords')}</dt>
              <dd className={value}>{tags(company.profile.keywords, (k) => k)}</dd>
            </div>
            <div className={row}>
              <dt className={term}>{t('createcompany-cpv_codes')}</dt>
              <dd className={value}>{tags(company.profile.cpvCodes, (k) => k)}</dd>
            </div>
            <div className={row}>
              <dt className={term}>{t('createcompany-departments')}</dt>
              <dd className={value}>{tags(company.profile.departments, (code) => `${code} · ${departement(code) ?? ''}`)}</dd>
            </div>
            <div className={row}>
              <dt className={term}>{t('createcompany-regions')}</dt>
              <dd className={value}>{tags(company.profile.regions, (r) => r)}</dd>
            </div>
          </dl>
        </CardBody>
      </CardRoot>
      {props.candidature}
      {props.awards}
      {props.organigrammes}
    </div>
  );
}
