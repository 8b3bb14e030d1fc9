import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { ArrowLeft, LayoutTemplate } from 'lucide-react';
import { css } from 'styled-system/css';
import { button } from 'styled-system/recipes/button';
import { Button } from '../components/Button';
import { CardBody, CardFooter, CardRoot } from '../components/Card';
import { ConfirmDialog } from '../components/Dialog';
import { EmptyState } from '../components/EmptyState';
import { Skeleton } from '../components/Skeleton';
import { Spinner } from '../components/Spinner';
import type { DceTemplateRow } from './DceTemplatesView';
import { DceTemplatesForm, emptyDceTemplate, type DceTemplateValues } from './DceTemplatesForm';
import { PageHeading } from '../components/ListFrame';
import { LoadFailed } from '../components/LoadFailed';

export type DceTemplatesEditorViewProps =
  | { status: 'loading' }
  | { status: 'notFound' }
  | { status: 'error'; message: string; onRetry: () => void }
  | {
      status: 'ready';
      /** The template being edited; absent when creating one. */
      template: DceTemplateRow | null;
      saving: boolean;
      saveError: string | null;
      /** The save refusal's per-field details (400), shown under their inputs. */
      saveErrorDetails?: unknown;
      /** The server's explanation when the template is in use: the change waits for a confirmation. */
      warning: string | null;
      confirming: boolean;
      confirmError: string | null;
      onSave: (values: DceTemplateValues) => void;
      onConfirm: () => void;
      onCancelWarning: () => void;
    };

const FORM_ID = 'dce-template-form';

const back = (label: string) => (
  <Link href="/dce-templates" className={button({ variant: 'ghost', size: 'sm' })}>
    <ArrowLeft size={16} aria-hidden="true" />
    {label}
  </Link>
);

/** The add and edit pages of a DCE template, with the confirmation a template in use asks for. */
export function DceTemplatesEditorView(props: DceTemplatesEditorViewProps) {
  const { t } = useTranslation();
  const frame = css({ display: 'flex', flexDirection: 'column', gap: '6', maxW: '5xl' });
  switch (props.status) {
    case 'loading':
      return (
        <div className={frame}>
          <Skeleton lines={2} label={t('dcetemplates-loading')} widths={['40%', '25%']} />
          <CardRoot>
            <CardBody>
              <Skeleton lines={6} label={t('dcetemplates-loading')} />
            </CardBody>
          </CardRoot>
        </div>
      );
    case 'notFound':
      return (
        <EmptyState
          titleAs="h1"
          icon={<LayoutTemplate size={22} />}
          title={t('dcetemplates-not_found_title')}
          description={t('dcetemplates-not_found_text')}
          actions={
            <Link href="/dce-templates" className={button({ variant: 'outline' })}>
              {t('dcetemplates-back')}
            </Link>
          }
        />
      );
    case 'error':
      return (
        <LoadFailed titleAs="h1" title={t('dcetemplates-load_error')} message={props.message} onRetry={props.onRetry} />
      );
  }
  const { template } = props;
  const busy = props.saving || props.confirming;
  const initial: DceTemplateValues = template ? { name: template.name, description: template.description, documents: template.documents.map((doc) => ({ ...doc })) } : emptyDceTemplate;
  return (
    <div className={frame}>
      <div className={css({ display: 'flex', flexDirection: 'column', gap: '2', alignItems: 'flex-start' })}>
        {back(t('dcetemplates-back'))}
        <PageHeading
          title={template ? t('dcetemplates-edit_title', { name: template.name }) : t('dcetemplates-add_title')}
          description={template ? t('dcetemplates-subtitle') : t('dcetemplates-add_text')}
        />
      </div>
      <CardRoot>
        <CardBody>
          <DceTemplatesForm
            key={template?._id ?? 'new'}
            id={FORM_ID}
            initial={initial}
            submitting={busy}
            error={props.saveError}
            errorDetails={props.saveErrorDetails}
            errorTitle={t('dcetemplates-save_error')}
            onSubmit={props.onSave}
          />
        </CardBody>
        <CardFooter className={css({ display: 'flex', justifyContent: 'flex-end', gap: '2' })}>
          <Link href="/dce-templates" className={button({ variant: 'outline' })}>
            {t('dialog-cancel')}
          </Link>
          <Button type="submit" form={FORM_ID} disabled={busy}>
            {props.saving ? <Spinner size="sm" label={t('common-loading')} /> : null}
            {template ? t('dcetemplates-save') : t('dcetemplates-create_submit')}
          </Button>
        </CardFooter>
      </CardRoot>
      <ConfirmDialog
        open={props.warning !== null}
        title={t('dcetemplates-warning_title')}
        description={props.warning ?? ''}
        confirmLabel={t('dcetemplates-warning_confirm')}
        busy={props.confirming}
        error={props.confirmError}
        onConfirm={props.onConfirm}
        onClose={props.onCancelWarning}
      />
    </div>
  );
}
