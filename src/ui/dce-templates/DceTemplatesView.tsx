import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { LayoutTemplate, Pencil, Plus, Trash2 } from 'lucide-react';
import { css } from 'styled-system/css';
import { button } from 'styled-system/recipes/button';
import type { components } from '../../../openapi/schema';
import { Badge } from '../components/Badge';
import { Button } from '../components/Button';
import { ConfirmDialog } from '../components/Dialog';
import { SearchInput } from '../components/SearchInput';
import { Table, TableCell, TableHead, TableHeader, TableRow } from '../components/Table';
import { formatDate } from '../format';
import { ListFrame, PageHeading, type ListState } from '../components/ListFrame';

export type DceTemplateRow = components['schemas']['DceTemplate'];

export type DceTemplatesViewProps = {
  list: ListState<DceTemplateRow>;
  search: string;
  deleting: DceTemplateRow | null;
  deleteBusy: boolean;
  deleteError: string | null;
  onSearch: (search: string) => void;
  onPage: (page: number) => void;
  onRetry: () => void;
  onDelete: (template: DceTemplateRow) => void;
  onConfirmDelete: () => void;
  onCancelDelete: () => void;
};

/** The admin's DCE templates: what each expects, how many calls use it; add, edit, delete. */
export function DceTemplatesView(props: DceTemplatesViewProps) {
  const { t, i18n } = useTranslation();
  const { list, deleting } = props;
  const create = (
    <Link href="/dce-templates/add" className={button()}>
      <Plus size={16} aria-hidden="true" />
      {t('dcetemplates-create')}
    </Link>
  );
  return (
    <div className={css({ display: 'flex', flexDirection: 'column', gap: '6' })}>
      <PageHeading title={t('dcetemplates-title')} description={t('dcetemplates-subtitle')} action={create} />
      <ListFrame
        list={list}
        narrowed={props.search.trim() !== ''}
        onRetry={props.onRetry}
        onPageChange={props.onPage}
        empty={{ icon: <LayoutTemplate size={22} />, title: t('dcetemplates-empty_title'), description: t('dcetemplates-empty_text') }}
        toolbar={<SearchInput label={t('dcetemplates-search')} placeholder={t('dcetemplates-search_placeholder')} value={props.search} onChange={props.onSearch} />}
      >
        <Table caption={t('dcetemplates-title')}>
          <TableHead>
            <TableRow>
              <TableHeader>{t('dcetemplates-col_name')}</TableHeader>
              <TableHeader>{t('dcetemplates-col_documents')}</TableHeader>
              <TableHeader>{t('dcetemplates-col_used_by')}</TableHeader>
              <TableHeader>{t('dcetemplates-col_updated')}</TableHeader>
              <TableHeader>
                <span className={css({ srOnly: true })}>{t('dcetemplates-col_actions')}</span>
              </TableHeader>
            </TableRow>
          </TableHead>
          <tbody>
            {list.items.map((template) => {
              const required = template.documents.filter((doc) => doc.required).length;
              return (
                <TableRow key={template._id}>
                  <TableCell className={css({ minW: '14rem', maxW: '28rem' })}>
                    <Link href={`/dce-templates/edit/${template._id}`} className={css({ fontWeight: 'medium' })}>
                      {template.name}
                    </Link>
                    {template.description ? <p className={css({ color: 'fg.muted', fontSize: 'xs', mt: '0.5', lineClamp: 2 })}>{template.description}</p> : null}
                  </TableCell>
                  <TableCell className={css({ minW: '12rem' })}>
                    <div className={css({ whiteSpace: 'nowrap' })}>
                      {t('dcetemplates-documents', { count: template.documents.length })}
                      <span className={css({ color: 'fg.muted' })}> · {t('dcetemplates-required', { count: required })}</span>
                    </div>
                    <p className={css({ color: 'fg.muted', fontSize: 'xs', fontFamily: 'mono', mt: '0.5' })}>{template.documents.map((doc) => doc.code).join(' · ')}</p>
                  </TableCell>
                  <TableCell className={css({ whiteSpace: 'nowrap' })}>
                    {template.usedBy > 0 ? <Badge tone="accent">{t('dcetemplates-used_by', { count: template.usedBy })}</Badge> : <span className={css({ color: 'fg.muted' })}>{t('dcetemplates-unused')}</span>}
                  </TableCell>
                  <TableCell className={css({ whiteSpace: 'nowrap', color: 'fg.muted' })}>{formatDate(template.updatedAt, i18n.language)}</TableCell>
                  <TableCell>
                    <div className={css({ display: 'flex', justifyContent: 'flex-end', gap: '1' })}>
                      <Link href={`/dce-templates/edit/${template._id}`} className={button({ variant: 'ghost', size: 'icon' })} aria-label={t('dcetemplates-edit_named', { name: template.name })}>
                        <Pencil size={16} aria-hidden="true" />
                      </Link>
                      <Button size="icon" variant="ghost" onClick={() => props.onDelete(template)} aria-label={t('dcetemplates-delete_named', { name: template.name })}>
                        <Trash2 size={16} aria-hidden="true" className={css({ color: 'danger.text' })} />
                      </Button>
                    </div>
                  </TableCell>
                </TableRow>
              );
            })}
          </tbody>
        </Table>
      </ListFrame>
      <ConfirmDialog
        open={deleting !== null}
        danger
        title={t('dcetemplates-delete_title', { name: deleting?.name ?? '' })}
        description={
          deleting && deleting.usedBy > 0 ? `${t('dcetemplates-delete_text')} ${t('dcetemplates-delete_used', { count: deleting.usedBy })}` : t('dcetemplates-delete_text')
        }
        confirmLabel={t('dcetemplates-delete_confirm')}
        busy={props.deleteBusy}
        error={props.deleteError}
        onConfirm={props.onConfirmDelete}
        onClose={props.onCancelDelete}
      />
    </div>
  );
}
