import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SearchX } from 'lucide-react';
import { css } from 'styled-system/css';
import { EmptyState } from './EmptyState';
import { Pagination } from './Pagination';
import { Skeleton } from './Skeleton';
import { LoadFailed } from './LoadFailed';

/** What a list view is given: the list statechart's state name and context, read by the page. */
export type ListState<TItem> = {
  state: 'loading' | 'debouncing' | 'loaded' | 'empty' | 'failure';
  items: TItem[];
  page: number;
  totalPages: number;
  count: number;
  error: string | null;
};

type ListFrameProps<TItem> = {
  list: ListState<TItem>;
  /** True when a search or a filter narrows the list: the empty state then says "no match". */
  narrowed: boolean;
  /** The list's name, given when a page shows several lists (it names the pagination). */
  label?: string;
  toolbar?: ReactNode;
  empty: { icon: ReactNode; title: string; description: string; actions?: ReactNode };
  onRetry: () => void;
  onPageChange: (page: number) => void;
  children: ReactNode;
};

/** Toolbar, then skeleton, error, empty state or the table with its pagination. */
export function ListFrame<TItem>({ list, narrowed, label, toolbar, empty, onRetry, onPageChange, children }: ListFrameProps<TItem>) {
  const { t } = useTranslation();
  const busy = list.state === 'loading' || list.state === 'debouncing';
  let body: ReactNode;
  if (list.state === 'failure') {
    body = (
      <LoadFailed title={t('list-error_title')} message={list.error} onRetry={onRetry} />
    );
  } else if (list.items.length === 0 && busy) {
    body = (
      <div className={css({ bg: 'bg.default', borderWidth: '1px', borderColor: 'border.default', borderRadius: 'lg', p: '5' })}>
        <Skeleton lines={6} label={t('list-loading')} widths={['100%', '96%', '88%', '94%', '82%', '90%']} />
      </div>
    );
  } else if (list.state === 'empty' || list.items.length === 0) {
    body = narrowed ? (
      <EmptyState icon={<SearchX size={22} />} title={t('list-no_match_title')} description={t('list-no_match_text')} />
    ) : (
      <EmptyState icon={empty.icon} title={empty.title} description={empty.description} actions={empty.actions} />
    );
  } else {
    body = (
      <div className={css({ display: 'flex', flexDirection: 'column', gap: '3', opacity: busy ? 0.6 : 1, transition: 'opacity 150ms' })} aria-busy={busy || undefined}>
        {children}
        <Pagination page={list.page} totalPages={list.totalPages} count={list.count} onPageChange={onPageChange} disabled={busy} label={label} />
      </div>
    );
  }
  return (
    <div className={css({ display: 'flex', flexDirection: 'column', gap: '4' })}>
      {toolbar ? <div className={css({ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', gap: '3', '& > *': { flex: { base: '1 1 100%', sm: '1 1 12rem' }, maxW: { sm: '20rem' } } })}>{toolbar}</div> : null}
      {body}
    </div>
  );
}

export function PageHeading({ title, description, action }: { title: string; description?: string; action?: ReactNode }) {
  return (
    <div className={css({ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', justifyContent: 'space-between', gap: '4' })}>
      <div>
        <h1 className={css({ fontSize: '2xl', fontWeight: 'semibold', letterSpacing: '-0.01em' })}>{title}</h1>
        {description ? <p className={css({ color: 'fg.muted', mt: '1' })}>{description}</p> : null}
      </div>
      {action}
    </div>
  );
}
