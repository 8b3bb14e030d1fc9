import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { BookOpen, BookPlus, Plus } from 'lucide-react';
import { css } from 'styled-system/css';
import type { components } from '../../../openapi/schema';
import { Alert } from '../components/Alert';
import { Badge } from '../components/Badge';
import { Button } from '../components/Button';
import { FormDialog } from '../components/FormDialog';
import { TextField } from '../components/Field';
import type { ListState } from '../components/ListFrame';
import { SearchInput } from '../components/SearchInput';
import { Spinner } from '../components/Spinner';
import { TagInput } from '../components/TagInput';
import { required } from '../forms/rules';
import { useFieldErrors } from '../forms/use-field-errors';

export type MemoryLibraryBlock = components['schemas']['LibraryBlock'];
/** What "save to library" sends besides the section's text: the block's title and tags. */
export type SaveToLibraryValues = { title: string; tags: string[] };

/** Tags shown on a block before "+N". */
const TAGS_SHOWN = 3;
/** Characters of a block's text shown as its excerpt. */
const EXCERPT = 160;
// Words that say nothing about the subject of a criterion (the search needs every word).
const STOPWORDS = new Set(['avec', 'dans', 'des', 'les', 'leur', 'leurs', 'pour', 'sans', 'sous', 'sur', 'une', 'aux', 'par', 'entre', 'vers', 'chez', 'dont', 'cette', 'ces', 'son', 'ses', 'notamment', 'moyens', 'mise', 'œuvre', 'oeuvre', 'prise', 'compte', 'qualité', 'valeur', 'technique', 'techniques']);
/** The search fills at most this many words: the library finds blocks holding every word. */
const SEARCH_WORDS = 2;

/**
 * The significant words of the section's sub-criterion (else criterion, else title), as the
 * library panel's first search: short words and the vocabulary every criterion shares left out,
 * the longest words kept (the library's search wants all of them, so few and telling ones).
 */
export function librarySearchOf(section: { title: string; criterion?: { name: string; subCriterion?: string } | null }): string {
  const name = section.criterion?.subCriterion || section.criterion?.name || section.title;
  const words = (name.toLocaleLowerCase('fr').match(/[\p{L}\p{N}]+/gu) ?? []).filter((w) => w.length >= 4 && !STOPWORDS.has(w));
  const unique = [...new Set(words)];
  const kept = new Set([...unique].sort((a, b) => b.length - a.length).slice(0, SEARCH_WORDS));
  return unique.filter((w) => kept.has(w)).join(' ');
}

const excerptOf = (text: string) => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > EXCERPT ? `${flat.slice(0, EXCERPT).replace(/\s+\S*$/, '')}…` : flat;
};

export type MemoryLibraryPanelProps = {
  list: ListState<MemoryLibraryBlock>;
  search: string;
  onSearch: (search: string) => void;
  onRetry: () => void;
  onInsert: (block: MemoryLibraryBlock) => void;
  /** Opens the dialog that saves the current section as a library block. */
  onSave: () => void;
};

const muted = css({ fontSize: 'sm', color: 'fg.muted' });

/**
 * The section's side panel's library block: the company's blocks matching the section (the search
 * starts from its criterion's words), each with its excerpt, tags and the overdue badge, inserted
 * at the cursor with its source; and "save to library" for the section.
 */
export function MemoryLibraryPanel(props: MemoryLibraryPanelProps) {
  const { t } = useTranslation();
  const { list } = props;
  const loading = list.state === 'loading' || list.state === 'debouncing';
  return (
    <section
      aria-labelledby="memory-library-panel"
      aria-busy={loading}
      className={css({ display: 'flex', flexDirection: 'column', gap: '3', p: '4', borderWidth: '1px', borderColor: 'border.default', borderRadius: 'md', bg: 'bg.default' })}
    >
      <h2 id="memory-library-panel" className={css({ fontSize: 'md', fontWeight: 'semibold', display: 'flex', alignItems: 'center', gap: '2' })}>
        <BookOpen size={18} aria-hidden="true" />
        {t('memory-library_title')}
      </h2>
      <SearchInput label={t('memory-library_search')} placeholder={t('memory-library_search_placeholder')} value={props.search} onChange={props.onSearch} />
      {loading && list.items.length === 0 ? <Spinner label={t('memory-library_loading')} /> : null}
      {list.state === 'failure' ? (
        <Alert status="error" title={t('memory-library_failed')}>
          <p>{list.error}</p>
          <Button size="sm" variant="outline" onClick={props.onRetry} className={css({ mt: '2' })}>
            {t('memory-library_retry')}
          </Button>
        </Alert>
      ) : null}
      {list.state === 'empty' ? <p className={muted}>{props.search.trim() ? t('memory-library_none_found') : t('memory-library_empty')}</p> : null}
      {list.items.length && list.state !== 'failure' && list.state !== 'empty' ? (
        <ul className={css({ display: 'flex', flexDirection: 'column', gap: '3' })}>
          {list.items.map((block) => {
            const more = block.tags.length - TAGS_SHOWN;
            return (
              <li key={block._id} className={css({ display: 'flex', flexDirection: 'column', gap: '1.5', pb: '3', borderBottomWidth: '1px', borderColor: 'border.default', _last: { borderBottomWidth: '0', pb: '0' } })}>
                <span className={css({ fontWeight: 'medium', fontSize: 'sm', overflowWrap: 'anywhere' })}>{block.title}</span>
                <p className={css({ fontSize: 'sm', color: 'fg.muted', overflowWrap: 'anywhere' })}>{excerptOf(block.text)}</p>
                {block.tags.length || block.overdue ? (
                  <span className={css({ display: 'flex', flexWrap: 'wrap', gap: '1' })}>
                    {block.overdue ? (
                      <Badge tone="warning" dot>
                        {t('memory-library_overdue')}
                      </Badge>
                    ) : null}
                    {block.tags.slice(0, TAGS_SHOWN).map((tag) => (
                      <Badge key={tag} tone="accent">
                        {tag}
                      </Badge>
                    ))}
                    {more > 0 ? <Badge tone="neutral">{t('memory-library_tags_more', { count: more })}</Badge> : null}
                  </span>
                ) : null}
                <Button size="sm" variant="outline" onClick={() => props.onInsert(block)} aria-label={t('memory-library_insert_label', { title: block.title })} className={css({ alignSelf: 'flex-start' })}>
                  <Plus size={14} aria-hidden="true" />
                  {t('memory-library_insert')}
                </Button>
              </li>
            );
          })}
        </ul>
      ) : null}
      <Button size="sm" variant="outline" onClick={props.onSave}>
        <BookPlus size={16} aria-hidden="true" />
        {t('memory-library_save')}
      </Button>
    </section>
  );
}

export type SaveToLibraryDialogProps = {
  /** The section's title: the block's title to begin with. */
  sectionTitle: string;
  busy: boolean;
  /** The server's refusal: its message, and its per-field details shown under their inputs. */
  error: string | null;
  errorDetails?: unknown;
  onSubmit: (values: SaveToLibraryValues) => void;
  onClose: () => void;
};

/** "Save to library": the section's current text becomes a block of the company's library. */
export function SaveToLibraryDialog(props: SaveToLibraryDialogProps) {
  const { t } = useTranslation();
  const [tags, setTags] = useState<string[]>([]);
  const fields = useFieldErrors<'title'>(() => ({ title: required }), { error: props.error, details: props.errorDetails });
  const errorOf = (name: 'title' | 'tags') => (name === 'title' && fields.errors.title ? t(fields.errors.title) : fields.serverErrors[name]);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const title = String(new FormData(event.currentTarget).get('title') ?? '').trim();
    if (fields.check({ title })) props.onSubmit({ title, tags });
  };
  const formId = 'memory-library-save-form';
  return (
    <FormDialog
      formId={formId}
      title={t('memory-library_save_title')}
      description={t('memory-library_save_text')}
      busy={props.busy}
      error={fields.refusal}
      errorTitle={t('memory-library_save_failed')}
      submitLabel={t('memory-library_save_submit')}
      onClose={props.onClose}
      onSubmit={submit}
      onChange={fields.onFormChange}
    >
          <TextField label={t('memory-library_field_title')} name="title" maxLength={200} autoComplete="off" defaultValue={props.sectionTitle} error={errorOf('title')} />
          <TagInput
            label={t('memory-library_field_tags')}
            name="tags"
            value={tags}
            onChange={(next) => {
              setTags(next);
              fields.clear('tags');
            }}
            max={30}
            maxLength={60}
            helperText={t('memory-library_tags_hint')}
            error={errorOf('tags')}
          />
    </FormDialog>
  );
}

type DocNode = Record<string, unknown> & { content?: DocNode[] };

/**
 * A library block as the editor inserts it: its blocks, then a small italic paragraph naming its
 * source ("Source : bibliothèque — title"). Not a blockquote: the section's blockquotes are what
 * the buyer asks (the side panel lists them as such, and the analysis reads them as the DCE's
 * words), while a library block is the company's own text, to be edited like the rest; the
 * italic line keeps where it came from and can be deleted once the text is adapted.
 */
export function libraryInsertContent(block: { content: unknown }, attribution: string): DocNode[] {
  const body = ((block.content as DocNode | null)?.content ?? []).filter((node) => node && typeof node === 'object');
  return [...body, { type: 'paragraph', content: [{ type: 'text', text: attribution, marks: [{ type: 'italic' }] }] }];
}
