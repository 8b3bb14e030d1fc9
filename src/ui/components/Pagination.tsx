import { useTranslation } from 'react-i18next';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { pagination } from 'styled-system/recipes/pagination';

type PaginationProps = {
  page: number;
  totalPages: number;
  count: number;
  onPageChange: (page: number) => void;
  disabled?: boolean;
  /** The list's name, when a page holds more than one list: each navigation landmark needs its own name. */
  label?: string;
};

/** The pages around the current one, the first and the last; gaps become an ellipsis. */
export function pageItems(page: number, totalPages: number): (number | 'gap')[] {
  const pages = new Set([1, totalPages, page - 1, page, page + 1].filter((p) => p >= 1 && p <= totalPages));
  const sorted = [...pages].sort((a, b) => a - b);
  const items: (number | 'gap')[] = [];
  sorted.forEach((p, i) => {
    if (i > 0 && p - sorted[i - 1]! > 1) items.push('gap');
    items.push(p);
  });
  return items;
}

export function Pagination({ page, totalPages, count, onPageChange, disabled, label }: PaginationProps) {
  const { t } = useTranslation();
  const classes = pagination();
  return (
    <nav className={classes.root} aria-label={label ? t('list-pagination_named', { name: label }) : t('list-pagination')}>
      <p className={classes.summary}>{t('list-summary', { count, page, totalPages: Math.max(totalPages, 1) })}</p>
      {totalPages > 1 ? (
        <ul className={classes.list}>
          <li>
            <button type="button" className={classes.item} disabled={disabled || page <= 1} onClick={() => onPageChange(page - 1)} aria-label={t('list-previous')}>
              <ChevronLeft size={16} aria-hidden="true" />
            </button>
          </li>
          {pageItems(page, totalPages).map((item, i) =>
            item === 'gap' ? (
              <li key={`gap-${i}`} className={classes.ellipsis} aria-hidden="true">
                …
              </li>
            ) : (
              <li key={item}>
                <button
                  type="button"
                  className={classes.item}
                  disabled={disabled}
                  aria-current={item === page ? 'page' : undefined}
                  aria-label={t('list-page', { page: item })}
                  onClick={() => onPageChange(item)}
                >
                  {item}
                </button>
              </li>
            ),
          )}
          <li>
            <button type="button" className={classes.item} disabled={disabled || page >= totalPages} onClick={() => onPageChange(page + 1)} aria-label={t('list-next')}>
              <ChevronRight size={16} aria-hidden="true" />
            </button>
          </li>
        </ul>
      ) : null}
    </nav>
  );
}
