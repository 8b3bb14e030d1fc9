import { useTranslation } from 'react-i18next';
import { css } from 'styled-system/css';
import { Button } from '../components/Button';
import { CardBody, CardDescription, CardFooter, CardHeader, CardRoot, CardTitle } from '../components/Card';
import { Spinner } from '../components/Spinner';
import { CompanyForm, emptyCompany, type CompanyValues } from './CompanyForm';

type CreateCompanyViewProps = {
  submitting: boolean;
  error: string | null;
  /** The refusal's per-field details, shown under their inputs. */
  errorDetails?: unknown;
  onSubmit: (values: CompanyValues) => void;
  initialProfile?: Partial<CompanyValues['profile']>;
};

const FORM_ID = 'create-company';

/** The onboarding card of a manager who has just registered: the company form and one button. */
export function CreateCompanyView({ submitting, error, errorDetails, onSubmit, initialProfile }: CreateCompanyViewProps) {
  const { t } = useTranslation();
  return (
    // Wider than the centered layout's narrow column (a long form with lists), centred by margins:
    // a transform would paint it over the sticky header.
    <CardRoot className={css({ w: 'min(46rem, calc(100vw - 2rem))', ml: 'calc((100% - min(46rem, calc(100vw - 2rem))) / 2)' })}>
      <CardHeader>
        <CardTitle as="h1">{t('createcompany-create_title')}</CardTitle>
        <CardDescription>{t('createcompany-create_subtitle')}</CardDescription>
      </CardHeader>
      <CardBody>
        <CompanyForm
          id={FORM_ID}
          initial={{ ...emptyCompany, profile: { ...emptyCompany.profile, ...initialProfile } }}
          submitting={submitting}
          error={error}
          errorDetails={errorDetails}
          errorTitle={t('createcompany-create_error_title')}
          onSubmit={onSubmit}
        />
      </CardBody>
      <CardFooter className={css({ flexDirection: 'column', alignItems: 'stretch' })}>
        <Button type="submit" form={FORM_ID} size="lg" fullWidth disabled={submitting}>
          {submitting ? <Spinner size="sm" label={t('createcompany-create_submitting')} /> : null}
          {submitting ? t('createcompany-create_submitting') : t('createcompany-create_submit')}
        </Button>
      </CardFooter>
    </CardRoot>
  );
}
