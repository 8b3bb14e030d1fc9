import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { BookOpen, CheckCheck, Pencil, Plus, Trash2 } from 'lucide-react';
import { css } from 'styled-system/css';
import type { components } from '../../../openapi/schema';
import { Badge } from '../components/Badge';
import { Button } from '../components/Button';
import { Checkbox } from '../components/Checkbox';
import { ConfirmDialog } from '../components/Dialog';
import { FormDialog } from '../components/FormDialog';
import { TextField } from '../components/Field';
import { ListFrame, PageHeading, type ListState } from '../components/ListFrame';
import { SearchInput } from '../components/SearchInput';
import { Spinner } from '../components/Spinner';
import { Table, TableCell, TableHead, TableHeader, TableRow } from '../components/Table';
import { TagInput } from '../components/TagInput';
import { Textarea } from '../components/Textarea';
import { formatDate, formatList } from '../format';
import { serverFieldErrors } from '../forms/use-field-errors';
import { docToText } from './block-text';

export type LibraryBlockRow = components['schemas']['LibraryBlock'];
/** What the add/edit dialog sends: the text as typed (the page makes it a TipTap document). */
export type LibraryBlockValues = { title: string; text: string; tags: string[]; cpvCodes: string[]; reviewDue: string | null };
export type LibraryDialog = { mode: 'add' } | { mode: 'edit'; block: LibraryBlockRow } | null;

/** Tags shown in a row before "+N". */
const TAGS_SHOWN = 3;
/** The longest text the dialog takes (the server keeps documents up to 2 MB). */
export const LIBRARY_TEXT_MAX = 20_000;
const CPV = /^[0-9]{8}(-[0-9])?$/;

export type LibraryViewProps = {
  companyName: string | null;
  /** The company pages' tabs, wired by the page. */
  tabs?: ReactNode;
  list: ListState<LibraryBlockRow>;
  search: string;
  /** Only the blocks due for review. */
  due: boolean;
  onSearch: (search: string) => void;
  onDue: (due: boolean) => void;
  onPage: (page: number) => void;
  onRetry: () => void;
  dialog: LibraryDialog;
  saveBusy: boolean;
  saveError: string | null;
  /** The refusal's per-field details, shown under their inputs. */
  saveErrorDetails?: unknown;
  onAdd: () => void;
  onEdit: (block: LibraryBlockRow) => void;
  onCloseDialog: () => void;
  onSubmit: (values: LibraryBlockValues) => void;
  /** The block being marked as reviewed. */
  reviewingId: string | null;
  onReviewed: (block: LibraryBlockRow) => void;
  deleting: LibraryBlockRow | null;
  deleteBusy: boolean;
  deleteError: string | null;
  onDelete: (block: LibraryBlockRow) => void;
  onConfirmDelete: () => void;
  onCancelDelete: () => void;
};

const muted = css({ color: 'fg.muted' });

export function LibraryView(props: LibraryViewProps) {
  const { t, i18n } = useTranslation();
  const { list } = props;
  return (
    <div className={css({ display: 'flex', flexDirection: 'column', gap: '6' })}>
      <PageHeading
        title={t('library-title')}
        description={props.companyName ? t('library-subtitle', { company: props.companyName }) : t('library-subtitle_plain')}
        action={
          <Button onClick={props.onAdd}>
            <Plus size={16} aria-hidden="true" />
            {t('library-add')}
          </Button>
        }
      />
      {props.tabs}
      <ListFrame
        list={list}
        narrowed={props.search.trim() !== '' || props.due}
        onRetry={props.onRetry}
        onPageChange={props.onPage}
        empty={{ icon: <BookOpen size={22} />, title: t('library-empty_title'), description: t('library-empty_text') }}
        toolbar={
          <div className={css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '4' })}>
            <SearchInput label={t('library-search')} placeholder={t('library-search_placeholder')} value={props.search} onChange={props.onSearch} />
            <Checkbox label={t('library-due_filter')} checked={props.due} onChange={(event) => props.onDue(event.currentTarget.checked)} />
          </div>
        }
      >
        <Table caption={t('library-table')} stackOnPhone>
          <TableHead>
            <TableRow>
              <TableHeader>{t('library-col_block')}</TableHeader>
              <TableHeader>{t('library-col_tags')}</TableHeader>
              <TableHeader>{t('library-col_owner')}</TableHeader>
              <TableHeader>{t('library-col_review')}</TableHeader>
              <TableHeader>{t('library-col_actions')}</TableHeader>
            </TableRow>
          </TableHead>
          <tbody>
            {list.items.map((block) => {
              const more = block.tags.length - TAGS_SHOWN;
              const reviewing = props.reviewingId === block._id;
              return (
                <TableRow key={block._id}>
                  <TableCell className={css({ minW: '14rem', maxW: '28rem' })}>
                    <div className={css({ display: 'flex', flexDirection: 'column', gap: '0.5' })}>
                      <span className={css({ fontWeight: 'medium', overflowWrap: 'anywhere' })}>{block.title}</span>
                      <span className={css({ fontSize: 'sm', color: 'fg.muted', lineClamp: '2', overflowWrap: 'anywhere' })}>{block.text}</span>
                      {block.cpvCodes.length ? <span className={css({ fontSize: 'xs', color: 'fg.muted' })}>CPV {formatList(block.cpvCodes, i18n.language)}</span> : null}
                    </div>
                  </TableCell>
                  <TableCell label={t('library-col_tags')} className={css({ minW: '10rem', maxW: '18rem' })}>
                    {block.tags.length === 0 ? (
                      <span className={muted}>—</span>
                    ) : (
                      <span className={css({ display: 'flex', flexWrap: 'wrap', gap: '1' })} title={formatList(block.tags, i18n.language)}>
                        {block.tags.slice(0, TAGS_SHOWN).map((tag) => (
                          <Badge key={tag} tone="accent">
                            {tag}
                          </Badge>
                        ))}
                        {more > 0 ? <Badge tone="neutral">{t('library-tags_more', { count: more })}</Badge> : null}
                      </span>
                    )}
                  </TableCell>
                  <TableCell label={t('library-col_owner')}>{block.owner ? block.owner.username : <span className={muted}>—</span>}</TableCell>
                  <TableCell label={t('library-col_review')} className={css({ whiteSpace: 'nowrap' })}>
                    <div className={css({ display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: '1' })}>
                      {block.reviewDue ? <span>{formatDate(block.reviewDue, i18n.language)}</span> : <span className={muted}>{t('library-no_review')}</span>}
                      {block.overdue ? (
                        <Badge tone="warning" dot>
                          {t('library-overdue')}
                        </Badge>
                      ) : null}
                      {block.lastReviewedAt ? <span className={css({ fontSize: 'xs', color: 'fg.muted' })}>{t('library-reviewed_on', { date: formatDate(block.lastReviewedAt, i18n.language) })}</span> : null}
                    </div>
                  </TableCell>
                  <TableCell label={t('library-col_actions')}>
                    <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '1' })}>
                      <Button
                        variant="ghost"
                        size="sm"
                        onClick={() => props.onReviewed(block)}
                        disabled={reviewing}
                        aria-busy={reviewing || undefined}
                        aria-label={t('list-action_named', { action: t('library-mark_reviewed'), target: block.title })}
                      >
                        {reviewing ? <Spinner size="sm" label={t('common-loading')} /> : <CheckCheck size={14} aria-hidden="true" />}
                        {t('library-mark_reviewed')}
                      </Button>
                      <Button variant="ghost" size="sm" onClick={() => props.onEdit(block)} aria-label={t('list-action_named', { action: t('library-edit'), target: block.title })}>
                        <Pencil size={14} aria-hidden="true" />
                        {t('library-edit')}
                      </Button>
                      <Button variant="ghost" size="sm" onClick={() => props.onDelete(block)} aria-label={t('list-action_named', { action: t('library-delete'), target: block.title })}>
                        <Trash2 size={14} aria-hidden="true" />
                        {t('library-delete')}
                      </Button>
                    </div>
                  </TableCell>
                </TableRow>
              );
            })}
          </tbody>
        </Table>
      </ListFrame>
      {props.dialog ? <BlockDialog key={props.dialog.mode === 'edit' ? props.dialog.block._id : 'add'} {...props} dialog={props.dialog} /> : null}
      <ConfirmDialog
        open={props.deleting !== null}
        danger
        title={t('library-delete_title', { title: props.deleting?.title ?? '' })}
        description={t('library-delete_text')}
        confirmLabel={t('library-delete')}
        busy={props.deleteBusy}
        error={props.deleteError}
        onConfirm={props.onConfirmDelete}
        onClose={props.onCancelDelete}
      />
    </div>
  );
}

type Field = 'title' | 'text' | 'tags' | 'cpvCodes' | 'reviewDue';

function BlockDialog(props: LibraryViewProps & { dialog: NonNullable<LibraryDialog> }) {
  const { t } = useTranslation();
  const editing = props.dialog.mode === 'edit' ? props.dialog.block : null;
  const [tags, setTags] = useState<string[]>(editing?.tags ?? []);
  const [cpvCodes, setCpvCodes] = useState<string[]>(editing?.cpvCodes ?? []);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const server = serverFieldErrors(props.saveErrorDetails);
  const fieldError = (name: Field) => (errors[name] ? t(errors[name]) : server[name]);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const title = String(data.get('title') ?? '').trim();
    const text = String(data.get('text') ?? '');
    const reviewDue = String(data.get('reviewDue') ?? '') || null;
    const found: Partial<Record<Field, string>> = {
      ...(title ? {} : { title: 'library-title_required' }),
      ...(text.trim() ? {} : { text: 'library-text_required' }),
    };
    setErrors(found);
    if (Object.keys(found).length === 0) props.onSubmit({ title, text, tags, cpvCodes, reviewDue });
  };
  const formId = 'library-block-form';
  return (
    <FormDialog
      formId={formId}
      size="lg"
      title={editing ? t('library-edit_title') : t('library-add_title')}
      description={t('library-form_text')}
      busy={props.saveBusy}
      error={props.saveError}
      errorTitle={t('library-save_failed')}
      submitLabel={t('library-save')}
      onClose={props.onCloseDialog}
      onSubmit={submit}
      onChange={(event) => {
        const name = (event.target as unknown as HTMLInputElement).name as Field;
        if (name) setErrors((e) => ({ ...e, [name]: undefined }));
      }}
    >
          <TextField label={t('library-field_title')} name="title" maxLength={200} autoComplete="off" defaultValue={editing?.title ?? ''} error={fieldError('title')} />
          <TextAreaField label={t('library-field_text')} name="text" hint={t('library-text_hint')} defaultValue={editing ? docToText(editing.content) : ''} error={fieldError('text')} />
          <TagInput label={t('library-field_tags')} name="tags" value={tags} onChange={setTags} max={30} maxLength={60} helperText={t('library-tags_hint')} error={fieldError('tags')} />
          <TagInput
            label={t('library-field_cpv')}
            name="cpvCodes"
            value={cpvCodes}
            onChange={setCpvCodes}
            max={30}
            maxLength={10}
            validate={(code) => (CPV.test(code) ? null : 'library-cpv_invalid')}
            helperText={t('library-cpv_hint')}
            error={fieldError('cpvCodes')}
            placeholder="45000000-7"
          />
          <TextField
            label={t('library-field_review_due')}
            name="reviewDue"
            type="date"
            defaultValue={editing ? (editing.reviewDue ?? '') : ''}
            helperText={t('library-review_hint')}
            error={fieldError('reviewDue')}
          />
    </FormDialog>
  );
}

/** A labelled plain textarea with its hint and error read after the label. */
function TextAreaField({ label, name, hint, defaultValue, error }: { label: string; name: string; hint: string; defaultValue: string; error?: string }) {
  const id = `library-${name}`;
  const describedBy = [`${id}-hint`, error ? `${id}-error` : null].filter(Boolean).join(' ');
  return (
    <div className={css({ display: 'flex', flexDirection: 'column', gap: '1.5' })}>
      <label htmlFor={id} className={css({ fontSize: 'sm', fontWeight: 'medium' })}>
        {label}
      </label>
      <Textarea id={id} name={name} rows={10} maxLength={LIBRARY_TEXT_MAX} defaultValue={defaultValue} aria-invalid={error ? true : undefined} aria-describedby={describedBy} />
      <p id={`${id}-hint`} className={css({ fontSize: 'sm', color: 'fg.muted' })}>
        {hint}
      </p>
      {error ? (
        <p id={`${id}-error`} role="alert" className={css({ fontSize: 'sm', color: 'danger.text' })}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
