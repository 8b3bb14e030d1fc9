import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { BellRing, Bookmark, Pencil, Plus, Trash2 } from 'lucide-react';
import { css } from 'styled-system/css';
import type { components } from '../../../openapi/schema';
import { criteriaSummary } from '../../../rules/saved-search';
import { Alert } from '../components/Alert';
import { Button } from '../components/Button';
import { CardBody, CardDescription, CardHeader, CardRoot, CardTitle } from '../components/Card';
import { Checkbox } from '../components/Checkbox';
import { Dialog } from '../components/Dialog';
import { EmptyState } from '../components/EmptyState';
import { TextField } from '../components/Field';
import { FormDialog } from '../components/FormDialog';
import { LoadFailed } from '../components/LoadFailed';
import { MultiSelect } from '../components/MultiSelect';
import { Skeleton } from '../components/Skeleton';
import { Spinner } from '../components/Spinner';
import { TagInput } from '../components/TagInput';
import { DEPARTEMENTS, REGIONS } from '../forms/france';
import * as rules from '../forms/rules';
import { readForm, useFieldErrors } from '../forms/use-field-errors';

export type SavedSearch = components['schemas']['SavedSearch'];
export type SavedSearchValues = components['schemas']['SavedSearchInput'] & {
  keywords: string[];
  cpvCodes: string[];
  departments: string[];
  regions: string[];
  buyers: string[];
  amountMin: number | null;
  amountMax: number | null;
  alerts: boolean;
};

export const emptySavedSearch: SavedSearchValues = { name: '', keywords: [], cpvCodes: [], departments: [], regions: [], amountMin: null, amountMax: null, buyers: [], alerts: false };

export type SavedSearchesCardProps = {
  status: 'loading' | 'failed' | 'ready';
  loadError?: string | null;
  searches: SavedSearch[];
  limit: number;
  onRetry: () => void;
  /** The search the list is filtered by, if any. */
  selected: string;
  onShow: (search: SavedSearch) => void;
  /** The form: a new search (id null) or one being changed. */
  editing: { id: string | null; initial: SavedSearchValues } | null;
  saving: boolean;
  saveError: string | null;
  saveErrorDetails?: unknown;
  onNew: () => void;
  onEdit: (search: SavedSearch) => void;
  onSave: (values: SavedSearchValues) => void;
  onCloseForm: () => void;
  /** The search whose alerts are being switched. */
  toggling: string | null;
  onToggleAlerts: (search: SavedSearch) => void;
  /** The search asked to be deleted (confirmation). */
  deleting: SavedSearch | null;
  deleteBusy: boolean;
  deleteError: string | null;
  onAskDelete: (search: SavedSearch) => void;
  onConfirmDelete: () => void;
  onCancelDelete: () => void;
};

const departementOptions = DEPARTEMENTS.map((d) => ({ value: d.code, label: `${d.code} · ${d.name}` }));
const regionOptions = REGIONS.map((r) => ({ value: r, label: r }));
const FORM_ID = 'saved-search-form';
const FIELDS = ['name', 'amountMin', 'amountMax'] as const;

/**
 * "Recherches enregistrées" (issue 24): the company's named filters over the calls, each with its
 * criteria in one line and its alert switch; the form creates or changes one (the server's
 * refusals under their fields); a search is deleted after a confirmation.
 */
export function SavedSearchesCard(props: SavedSearchesCardProps) {
  const { t, i18n } = useTranslation();
  const lng = i18n.language === 'en' ? 'en' : 'fr';
  const full = props.searches.length >= props.limit;
  return (
    <CardRoot aria-labelledby="saved-searches-title">
      <CardHeader className={css({ display: 'flex', flexDirection: { base: 'column', sm: 'row' }, justifyContent: 'space-between', gap: '3', alignItems: { sm: 'flex-start' } })}>
        <div>
          <CardTitle id="saved-searches-title">{t('saved_searches-title')}</CardTitle>
          <CardDescription>{t('saved_searches-description', { limit: props.limit })}</CardDescription>
        </div>
        {props.status === 'ready' ? (
          <Button size="sm" onClick={props.onNew} disabled={full} title={full ? t('saved_searches-full', { limit: props.limit }) : undefined}>
            <Plus size={16} aria-hidden="true" />
            {t('saved_searches-new')}
          </Button>
        ) : null}
      </CardHeader>
      <CardBody>
        {props.status === 'loading' ? <Skeleton lines={2} label={t('saved_searches-loading')} /> : null}
        {props.status === 'failed' ? <LoadFailed title={t('saved_searches-load_failed')} message={props.loadError} onRetry={props.onRetry} titleAs="p" /> : null}
        {props.status === 'ready' && props.searches.length === 0 ? <EmptyState icon={<Bookmark size={22} />} title={t('saved_searches-empty_title')} description={t('saved_searches-empty_text')} /> : null}
        {props.status === 'ready' && props.searches.length > 0 ? (
          <ul aria-label={t('saved_searches-title')} className={css({ display: 'flex', flexDirection: 'column', gap: '3', listStyle: 'none', p: 0, m: 0 })}>
            {props.searches.map((s) => (
              <li key={s._id} className={css({ display: 'flex', flexDirection: { base: 'column', md: 'row' }, gap: '3', justifyContent: 'space-between', borderWidth: '1px', borderColor: 'border.default', borderRadius: 'md', p: '3', bg: props.selected === s._id ? 'bg.subtle' : undefined })}>
                <div className={css({ display: 'flex', flexDirection: 'column', gap: '1', minW: 0 })}>
                  <span className={css({ fontWeight: 'semibold', display: 'inline-flex', alignItems: 'center', gap: '2' })}>
                    {s.name}
                    {s.alerts ? <BellRing size={14} aria-label={t('saved_searches-alerts_on')} /> : null}
                  </span>
                  <span className={css({ fontSize: 'sm', color: 'fg.muted', overflowWrap: 'anywhere' })}>{criteriaSummary(s, lng)}</span>
                  {s.createdBy ? <span className={css({ fontSize: 'xs', color: 'fg.subtle' })}>{t('saved_searches-created_by', { name: s.createdBy.username })}</span> : null}
                </div>
                <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '2', alignItems: 'center', flexShrink: 0 })}>
                  <Checkbox
                    label={t('saved_searches-alerts')}
                    checked={s.alerts}
                    disabled={!s.canEdit || props.toggling === s._id}
                    aria-describedby={`saved-search-${s._id}-alerts`}
                    onChange={() => props.onToggleAlerts(s)}
                  />
                  <span id={`saved-search-${s._id}-alerts`} hidden>
                    {t('saved_searches-alerts_help', { name: s.name })}
                  </span>
                  <Button size="sm" variant="outline" onClick={() => props.onShow(s)} aria-pressed={props.selected === s._id}>
                    {t('saved_searches-show')}
                  </Button>
                  {s.canEdit ? (
                    <>
                      <Button size="sm" variant="ghost" onClick={() => props.onEdit(s)} aria-label={t('saved_searches-edit_named', { name: s.name })}>
                        <Pencil size={14} aria-hidden="true" />
                      </Button>
                      <Button size="sm" variant="ghost" onClick={() => props.onAskDelete(s)} aria-label={t('saved_searches-delete_named', { name: s.name })}>
                        <Trash2 size={14} aria-hidden="true" />
                      </Button>
                    </>
                  ) : null}
                </div>
              </li>
            ))}
          </ul>
        ) : null}
      </CardBody>
      {props.editing ? (
        <SavedSearchForm key={props.editing.id ?? 'new'} editing={props.editing} busy={props.saving} error={props.saveError} errorDetails={props.saveErrorDetails} onSave={props.onSave} onClose={props.onCloseForm} />
      ) : null}
      {props.deleting ? (
        <Dialog
          open
          role="alertdialog"
          onClose={props.deleteBusy ? () => undefined : props.onCancelDelete}
          title={t('saved_searches-delete_title', { name: props.deleting.name })}
          description={t('saved_searches-delete_text')}
          footer={
            <>
              <Button variant="outline" onClick={props.onCancelDelete} disabled={props.deleteBusy}>
                {t('dialog-cancel')}
              </Button>
              <Button variant="danger" onClick={props.onConfirmDelete} disabled={props.deleteBusy} aria-busy={props.deleteBusy || undefined}>
                {props.deleteBusy ? <Spinner size="sm" label={t('common-loading')} /> : null}
                {t('saved_searches-delete')}
              </Button>
            </>
          }
        >
          {props.deleteError ? (
            <Alert status="error" title={t('saved_searches-delete_failed')}>
              {props.deleteError}
            </Alert>
          ) : null}
        </Dialog>
      ) : null}
    </CardRoot>
  );
}

function SavedSearchForm({ editing, busy, error, errorDetails, onSave, onClose }: { editing: { id: string | null; initial: SavedSearchValues }; busy: boolean; error: string | null; errorDetails?: unknown; onSave: (values: SavedSearchValues) => void; onClose: () => void }) {
  const { t } = useTranslation();
  const { initial } = editing;
  const [keywords, setKeywords] = useState(initial.keywords);
  const [cpvCodes, setCpvCodes] = useState(initial.cpvCodes);
  const [departments, setDepartments] = useState(initial.departments);
  const [regions, setRegions] = useState(initial.regions);
  const [buyers, setBuyers] = useState(initial.buyers);
  const [alerts, setAlerts] = useState(initial.alerts);
  const { errors, check, onFormChange, serverErrors, refusal } = useFieldErrors<(typeof FIELDS)[number]>(
    (values) => ({ name: rules.required, amountMin: rules.amount, amountMax: rules.amountMax(values.amountMin) }),
    { error, details: errorDetails },
  );
  const fieldError = (name: string) => (name in errors ? t(errors[name as (typeof FIELDS)[number]]!) : serverErrors[name]);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const values = readForm(event.currentTarget, FIELDS);
    if (!check(values)) return;
    onSave({ name: values.name.trim(), keywords, cpvCodes, departments, regions, buyers, amountMin: rules.parseAmount(values.amountMin), amountMax: rules.parseAmount(values.amountMax), alerts });
  };
  return (
    <FormDialog
      formId={FORM_ID}
      size="lg"
      title={editing.id ? t('saved_searches-edit_title', { name: initial.name }) : t('saved_searches-new_title')}
      description={t('saved_searches-form_help')}
      busy={busy}
      error={refusal}
      errorTitle={t('saved_searches-save_failed')}
      submitLabel={t('saved_searches-save')}
      onClose={onClose}
      onSubmit={submit}
      onChange={onFormChange}
    >
      <TextField label={t('saved_searches-name')} name="name" defaultValue={initial.name} required maxLength={120} error={fieldError('name')} />
      <TagInput label={t('saved_searches-keywords')} name="keywords" value={keywords} onChange={setKeywords} max={20} maxLength={100} helperText={t('saved_searches-keywords_help')} error={serverErrors.keywords} disabled={busy} />
      <TagInput label={t('saved_searches-cpv')} name="cpvCodes" value={cpvCodes} onChange={setCpvCodes} maxLength={rules.CPV_MAX} validate={(tag) => rules.cpvCode(tag)} helperText={t('saved_searches-cpv_help')} error={serverErrors.cpvCodes} disabled={busy} />
      <MultiSelect label={t('saved_searches-departments')} options={departementOptions} value={departments} onChange={setDepartments} filterPlaceholder={t('createcompany-departments_filter')} disabled={busy} />
      <MultiSelect label={t('saved_searches-regions')} options={regionOptions} value={regions} onChange={setRegions} filterable={false} disabled={busy} />
      <div className={css({ display: 'grid', gridTemplateColumns: { base: '1fr', sm: '1fr 1fr' }, gap: '4', alignItems: 'start' })}>
        <TextField label={t('saved_searches-amount_min')} name="amountMin" defaultValue={initial.amountMin ?? ''} type="number" min={0} step={1} error={fieldError('amountMin')} />
        <TextField label={t('saved_searches-amount_max')} name="amountMax" defaultValue={initial.amountMax ?? ''} type="number" min={0} step={1} helperText={t('saved_searches-amount_help')} error={fieldError('amountMax')} />
      </div>
      <TagInput label={t('saved_searches-buyers')} name="buyers" value={buyers} onChange={setBuyers} max={20} maxLength={120} helperText={t('saved_searches-buyers_help')} error={serverErrors.buyers} disabled={busy} />
      <Checkbox label={t('saved_searches-alerts_label')} checked={alerts} onChange={(e) => setAlerts(e.currentTarget.checked)} />
    </FormDialog>
  );
}
