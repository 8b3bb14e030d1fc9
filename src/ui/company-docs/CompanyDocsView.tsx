import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Download, FilePlus, FolderOpen, Pencil, Trash2 } from 'lucide-react';
import { css } from 'styled-system/css';
import { button } from 'styled-system/recipes/button';
import type { components } from '../../../openapi/schema';
import { Alert } from '../components/Alert';
import { Badge } from '../components/Badge';
import { Button } from '../components/Button';
import { ConfirmDialog, Dialog } from '../components/Dialog';
import { TextField } from '../components/Field';
import { FileDrop } from '../components/FileDrop';
import { SearchInput } from '../components/SearchInput';
import { Select } from '../components/Select';
import { Spinner } from '../components/Spinner';
import { Table, TableCell, TableHead, TableHeader, TableRow } from '../components/Table';
import { formatDate } from '../format';
import { ListFrame, PageHeading, type ListState } from '../components/ListFrame';

export type CompanyDocRow = components['schemas']['CompanyDocument'];
export type CompanyDocKind = CompanyDocRow['kind'];
export type CompanyDocFilters = { kind: string; validity: string };
/** What the add and edit dialog sends; dates as `YYYY-MM-DD` or empty. */
export type CompanyDocValues = { kind: CompanyDocKind; title: string; issueDate: string; validUntil: string; file: File | null };

export const DOCUMENT_KINDS: CompanyDocKind[] = ['kbis', 'urssaf', 'tax', 'insurance', 'certification', 'reference_letter', 'other'];
const VALIDITIES = ['valid', 'expiring', 'expired'] as const;

export type CompanyDocsViewProps = {
  companyName: string | null;
  list: ListState<CompanyDocRow>;
  search: string;
  filters: CompanyDocFilters;
  accept: string;
  onSearch: (search: string) => void;
  onFilter: (filters: Partial<CompanyDocFilters>) => void;
  onPage: (page: number) => void;
  onRetry: () => void;
  /** The open dialog: adding, or editing one document. */
  form: null | { mode: 'add' } | { mode: 'edit'; doc: CompanyDocRow };
  formBusy: boolean;
  formError: string | null;
  onAdd: () => void;
  onEdit: (doc: CompanyDocRow) => void;
  onCloseForm: () => void;
  onSubmitForm: (values: CompanyDocValues) => void;
  deleting: CompanyDocRow | null;
  deleteBusy: boolean;
  deleteError: string | null;
  onDelete: (doc: CompanyDocRow) => void;
  onConfirmDelete: () => void;
  onCancelDelete: () => void;
};

/** The server's validity as a badge: valid, expires in N days (within 30), expired. */
export function ValidityBadge({ doc }: { doc: Pick<CompanyDocRow, 'validity' | 'daysLeft'> }) {
  const { t } = useTranslation();
  if (doc.validity === 'expired') return <Badge tone="danger" dot>{t('companydocs-validity_expired')}</Badge>;
  if (doc.validity === 'expiring') {
    const days = doc.daysLeft ?? 0;
    return (
      <Badge tone="warning" dot>
        {days <= 0 ? t('companydocs-expires_today') : t('companydocs-expires_in', { count: days })}
      </Badge>
    );
  }
  return <Badge tone="success" dot>{t('companydocs-validity_valid')}</Badge>;
}

export function CompanyDocsView(props: CompanyDocsViewProps) {
  const { t, i18n } = useTranslation();
  const { list, filters } = props;
  const narrowed = props.search.trim() !== '' || filters.kind !== '' || filters.validity !== '';
  const addButton = (
    <Button onClick={props.onAdd}>
      <FilePlus size={16} aria-hidden="true" />
      {t('companydocs-add')}
    </Button>
  );
  return (
    <div className={css({ display: 'flex', flexDirection: 'column', gap: '6' })}>
      <PageHeading
        title={t('companydocs-title')}
        description={props.companyName ? t('companydocs-subtitle', { company: props.companyName }) : t('companydocs-subtitle_plain')}
        action={addButton}
      />
      <ListFrame
        list={list}
        narrowed={narrowed}
        onRetry={props.onRetry}
        onPageChange={props.onPage}
        empty={{ icon: <FolderOpen size={22} />, title: t('companydocs-empty_title'), description: t('companydocs-empty_text') }}
        toolbar={
          <>
            <SearchInput label={t('companydocs-search')} placeholder={t('companydocs-search_placeholder')} value={props.search} onChange={props.onSearch} />
            <Select
              label={t('companydocs-kind')}
              value={filters.kind}
              options={[{ value: '', label: t('companydocs-kind_all') }, ...DOCUMENT_KINDS.map((kind) => ({ value: kind, label: t(`companydocs-kind_${kind}`) }))]}
              onChange={(kind) => props.onFilter({ kind })}
            />
            <Select
              label={t('companydocs-validity')}
              value={filters.validity}
              options={[{ value: '', label: t('companydocs-validity_all') }, ...VALIDITIES.map((v) => ({ value: v, label: t(`companydocs-validity_${v}`) }))]}
              onChange={(validity) => props.onFilter({ validity })}
            />
            <Button
              variant={filters.validity === 'expiring' ? 'solid' : 'outline'}
              aria-pressed={filters.validity === 'expiring'}
              onClick={() => props.onFilter({ validity: filters.validity === 'expiring' ? '' : 'expiring' })}
              className={css({ alignSelf: 'flex-end', flex: '0 0 auto !important' })}
            >
              {t('companydocs-expiring_soon')}
            </Button>
          </>
        }
      >
        <Table caption={t('companydocs-table')}>
          <TableHead>
            <TableRow>
              <TableHeader>{t('companydocs-col_kind')}</TableHeader>
              <TableHeader>{t('companydocs-col_title')}</TableHeader>
              <TableHeader>{t('companydocs-col_issue')}</TableHeader>
              <TableHeader>{t('companydocs-col_valid_until')}</TableHeader>
              <TableHeader>{t('companydocs-col_status')}</TableHeader>
              <TableHeader>
                <span className={css({ srOnly: true })}>{t('adminusers-col_actions')}</span>
              </TableHeader>
            </TableRow>
          </TableHead>
          <tbody>
            {list.items.map((doc) => (
              <TableRow key={doc._id}>
                <TableCell>{t(`companydocs-kind_${doc.kind}`)}</TableCell>
                <TableCell className={css({ minW: '12rem' })}>
                  <div className={css({ display: 'flex', flexDirection: 'column' })}>
                    <span className={css({ fontWeight: 'medium', overflowWrap: 'anywhere' })}>{doc.title}</span>
                    <span className={css({ color: 'fg.muted', fontSize: 'xs', overflowWrap: 'anywhere' })}>{doc.fileName}</span>
                  </div>
                </TableCell>
                <TableCell className={css({ whiteSpace: 'nowrap', color: 'fg.muted' })}>{doc.issueDate ? formatDate(doc.issueDate, i18n.language) : '—'}</TableCell>
                <TableCell className={css({ whiteSpace: 'nowrap', color: 'fg.muted' })}>{doc.validUntil ? formatDate(doc.validUntil, i18n.language) : t('companydocs-no_end')}</TableCell>
                <TableCell>
                  <ValidityBadge doc={doc} />
                </TableCell>
                <TableCell>
                  <div className={css({ display: 'flex', justifyContent: 'flex-end', alignItems: 'center', gap: '1' })}>
                    <a href={doc.url} download className={button({ variant: 'ghost', size: 'sm' })} aria-label={t('list-action_named', { action: t('companydocs-download'), target: doc.title })}>
                      <Download size={14} aria-hidden="true" />
                      {t('companydocs-download')}
                    </a>
                    <Button size="icon" variant="ghost" onClick={() => props.onEdit(doc)} aria-label={t('list-action_named', { action: t('companydocs-edit'), target: doc.title })}>
                      <Pencil size={16} aria-hidden="true" />
                    </Button>
                    <Button size="icon" variant="ghost" onClick={() => props.onDelete(doc)} aria-label={t('list-action_named', { action: t('companydocs-delete'), target: doc.title })}>
                      <Trash2 size={16} aria-hidden="true" className={css({ color: 'danger.text' })} />
                    </Button>
                  </div>
                </TableCell>
              </TableRow>
            ))}
          </tbody>
        </Table>
      </ListFrame>
      {props.form ? <DocumentDialog key={props.form.mode === 'edit' ? props.form.doc._id : 'add'} {...props} form={props.form} /> : null}
      <ConfirmDialog
        open={props.deleting !== null}
        danger
        title={t('companydocs-delete_title')}
        description={t('companydocs-delete_text', { title: props.deleting?.title ?? '' })}
        confirmLabel={t('companydocs-delete')}
        busy={props.deleteBusy}
        error={props.deleteError}
        onConfirm={props.onConfirmDelete}
        onClose={props.onCancelDelete}
      />
    </div>
  );
}

type FieldErrors = Partial<Record<'title' | 'validUntil' | 'file', string>>;

function DocumentDialog(props: CompanyDocsViewProps & { form: NonNullable<CompanyDocsViewProps['form']> }) {
  const { t } = useTranslation();
  const editing = props.form.mode === 'edit' ? props.form.doc : null;
  const [kind, setKind] = useState<CompanyDocKind>(editing?.kind ?? 'kbis');
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const title = String(data.get('title') ?? '').trim();
    const issueDate = String(data.get('issueDate') ?? '');
    const validUntil = String(data.get('validUntil') ?? '');
    const found: FieldErrors = {};
    if (title.length < 2 || title.length > 200) found.title = 'companydocs-title_length';
    if (issueDate && validUntil && validUntil < issueDate) found.validUntil = 'companydocs-dates_order';
    if (!editing && !file) found.file = 'companydocs-file_required';
    setErrors(found);
    if (Object.keys(found).length === 0) props.onSubmitForm({ kind, title, issueDate, validUntil, file });
  };
  const formId = 'company-document-form';
  return (
    <Dialog
      open
      onClose={props.formBusy ? () => undefined : props.onCloseForm}
      title={editing ? t('companydocs-edit_title') : t('companydocs-add_title')}
      footer={
        <>
          <Button variant="outline" onClick={props.onCloseForm} disabled={props.formBusy}>
            {t('dialog-cancel')}
          </Button>
          <Button type="submit" form={formId} disabled={props.formBusy} aria-busy={props.formBusy || undefined}>
            {props.formBusy ? <Spinner size="sm" label={t('common-loading')} /> : null}
            {t('companydocs-save')}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={submit} noValidate aria-busy={props.formBusy} className={css({ display: 'flex', flexDirection: 'column', gap: '4' })}>
        {props.formError ? (
          <Alert status="error" title={t('companydocs-save_error')}>
            {props.formError}
          </Alert>
        ) : null}
        <fieldset disabled={props.formBusy} className={css({ display: 'flex', flexDirection: 'column', gap: '4', border: 'none', p: 0, m: 0, minW: 0 })}>
          <Select
            label={t('companydocs-kind')}
            value={kind}
            options={DOCUMENT_KINDS.map((k) => ({ value: k, label: t(`companydocs-kind_${k}`) }))}
            onChange={(value) => setKind(value as CompanyDocKind)}
          />
          <TextField
            label={t('companydocs-form_title')}
            name="title"
            required
            maxLength={200}
            defaultValue={editing?.title ?? ''}
            error={errors.title ? t(errors.title) : undefined}
            onChange={() => setErrors((e) => ({ ...e, title: undefined }))}
          />
          {/* One date a row: side by side in this narrow dialog, a wrapped label set the two fields askew. */}
          <div className={css({ display: 'grid', gridTemplateColumns: '1fr', gap: '4' })}>
            <TextField label={t('companydocs-issue_date')} name="issueDate" type="date" defaultValue={editing?.issueDate ?? ''} />
            <TextField
              label={t('companydocs-valid_until')}
              name="validUntil"
              type="date"
              defaultValue={editing?.validUntil ?? ''}
              error={errors.validUntil ? t(errors.validUntil) : undefined}
              onChange={() => setErrors((e) => ({ ...e, validUntil: undefined }))}
            />
          </div>
          <div className={css({ display: 'flex', flexDirection: 'column', gap: '1.5' })}>
            <span className={css({ fontSize: 'sm', fontWeight: 'medium' })}>{editing ? t('companydocs-file_new') : t('companydocs-file')}</span>
            <FileDrop
              label={t('companydocs-file_drop')}
              accept={props.accept}
              disabled={props.formBusy}
              onFile={(chosen) => {
                setFile(chosen);
                setErrors((e) => ({ ...e, file: undefined }));
              }}
            />
            <p className={css({ fontSize: 'sm', color: 'fg.muted', overflowWrap: 'anywhere' })}>
              {file ? t('companydocs-file_chosen', { name: file.name }) : editing ? t('companydocs-file_current', { name: editing.fileName }) : null}
            </p>
            {errors.file ? (
              <p role="alert" className={css({ fontSize: 'sm', color: 'danger.text' })}>
                {t(errors.file)}
              </p>
            ) : null}
          </div>
        </fieldset>
      </form>
    </Dialog>
  );
}
