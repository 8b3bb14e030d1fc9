import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Building2, Pencil, Plus, Receipt, Trash2 } from 'lucide-react';
import { css, cx } from 'styled-system/css';
import { button } from 'styled-system/recipes/button';
import { Button } from '../components/Button';
import { ConfirmDialog, Dialog } from '../components/Dialog';
import { SearchInput } from '../components/SearchInput';
import { Spinner } from '../components/Spinner';
import { Table, TableCell, TableHead, TableHeader, TableRow } from '../components/Table';
import { formatDate, formatNumber } from '../format';
import type { CompanyRow } from './admin-types';
import { CompanyForm, companyValues, emptyCompany, type CompanyValues } from '../companies/CompanyForm';
import { ListFrame, PageHeading, type ListState } from '../components/ListFrame';

export type CompanyEditor = { mode: 'create' } | { mode: 'edit'; company: CompanyRow };

export type AdminCompaniesViewProps = {
  list: ListState<CompanyRow>;
  search: string;
  editor: CompanyEditor | null;
  editorBusy: boolean;
  editorError: string | null;
  deleting: CompanyRow | null;
  deleteBusy: boolean;
  deleteError: string | null;
  onSearch: (search: string) => void;
  onPage: (page: number) => void;
  onRetry: () => void;
  onCreate: () => void;
  onEdit: (company: CompanyRow) => void;
  onSave: (values: CompanyValues) => void;
  onCloseEditor: () => void;
  onDelete: (company: CompanyRow) => void;
  onConfirmDelete: () => void;
  onCancelDelete: () => void;
};

const FORM_ID = 'company-editor';

export function AdminCompaniesView(props: AdminCompaniesViewProps) {
  const { t, i18n } = useTranslation();
  const { list, editor } = props;
  const create = (
    <Button onClick={props.onCreate}>
      <Plus size={16} aria-hidden="true" />
      {t('companies-create')}
    </Button>
  );
  return (
    <div className={css({ display: 'flex', flexDirection: 'column', gap: '6' })}>
      <PageHeading title={t('companies-title')} description={t('companies-subtitle')} action={create} />
      <ListFrame
        list={list}
        narrowed={props.search.trim() !== ''}
        onRetry={props.onRetry}
        onPageChange={props.onPage}
        empty={{ icon: <Building2 size={22} />, title: t('companies-empty_title'), description: t('companies-empty_text') }}
        toolbar={<SearchInput label={t('companies-search')} placeholder={t('companies-search_placeholder')} value={props.search} onChange={props.onSearch} />}
      >
        <Table caption={t('companies-title')}>
          <TableHead>
            <TableRow>
              <TableHeader>{t('companies-col_name')}</TableHeader>
              <TableHeader>{t('createcompany-siret')}</TableHeader>
              <TableHeader>{t('createcompany-city')}</TableHeader>
              <TableHeader className={css({ textAlign: 'end' })}>{t('companies-col_members')}</TableHeader>
              <TableHeader>{t('companies-col_created')}</TableHeader>
              <TableHeader>
                <span className={css({ srOnly: true })}>{t('adminusers-col_actions')}</span>
              </TableHeader>
            </TableRow>
          </TableHead>
          <tbody>
            {list.items.map((company) => (
              <TableRow key={company._id}>
                <TableCell className={css({ minW: '12rem' })}>
                  <Link href={`/companies/${company._id}`} className={css({ fontWeight: 'medium' })}>
                    {company.name}
                  </Link>
                </TableCell>
                <TableCell className={css({ fontFamily: 'mono', whiteSpace: 'nowrap' })}>{company.siret ?? '—'}</TableCell>
                <TableCell>
                  {company.postalCode} {company.city}
                </TableCell>
                <TableCell className={css({ textAlign: 'end' })}>{formatNumber(company.membersCount, i18n.language)}</TableCell>
                <TableCell className={css({ whiteSpace: 'nowrap', color: 'fg.muted' })}>{formatDate(company.createdAt, i18n.language)}</TableCell>
                <TableCell>
                  <div className={css({ display: 'flex', justifyContent: 'flex-end', alignItems: 'center', gap: '1' })}>
                    <Link href={`/billing/${company._id}`} aria-label={t('companies-billing_named', { name: company.name })} className={cx(button({ variant: 'ghost', size: 'sm' }), css({ textDecoration: 'none' }))}>
                      <Receipt size={16} aria-hidden="true" />
                      {t('companies-billing')}
                    </Link>
                    <Button size="icon" variant="ghost" onClick={() => props.onEdit(company)} aria-label={t('companies-edit_named', { name: company.name })}>
                      <Pencil size={16} aria-hidden="true" />
                    </Button>
                    <Button size="icon" variant="ghost" onClick={() => props.onDelete(company)} aria-label={t('companies-delete_named', { name: company.name })}>
                      <Trash2 size={16} aria-hidden="true" className={css({ color: 'danger.text' })} />
                    </Button>
                  </div>
                </TableCell>
              </TableRow>
            ))}
          </tbody>
        </Table>
      </ListFrame>
      <Dialog
        open={editor !== null}
        size="lg"
        onClose={props.editorBusy ? () => undefined : props.onCloseEditor}
        title={editor?.mode === 'edit' ? t('companies-edit_title', { name: editor.company.name }) : t('companies-create_title')}
        description={editor?.mode === 'edit' ? undefined : t('companies-create_text')}
        footer={
          <>
            <Button variant="outline" onClick={props.onCloseEditor} disabled={props.editorBusy}>
              {t('dialog-cancel')}
            </Button>
            <Button type="submit" form={FORM_ID} disabled={props.editorBusy}>
              {props.editorBusy ? <Spinner size="sm" label={t('common-loading')} /> : null}
              {editor?.mode === 'edit' ? t('company-save') : t('companies-create')}
            </Button>
          </>
        }
      >
        {editor ? (
          <CompanyForm
            key={editor.mode === 'edit' ? editor.company._id : 'new'}
            id={FORM_ID}
            initial={editor.mode === 'edit' ? companyValues(editor.company) : emptyCompany}
            submitting={props.editorBusy}
            error={props.editorError}
            errorTitle={editor.mode === 'edit' ? t('company-save_error') : t('createcompany-create_error_title')}
            onSubmit={props.onSave}
          />
        ) : null}
      </Dialog>
      <ConfirmDialog
        open={props.deleting !== null}
        danger
        title={t('companies-delete_title', { name: props.deleting?.name ?? '' })}
        description={t('companies-delete_text', { name: props.deleting?.name ?? '', count: props.deleting?.membersCount ?? 0 })}
        confirmLabel={t('companies-delete_confirm')}
        busy={props.deleteBusy}
        error={props.deleteError}
        onConfirm={props.onConfirmDelete}
        onClose={props.onCancelDelete}
      />
    </div>
  );
}
