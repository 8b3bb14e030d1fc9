import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Columns3, List } from 'lucide-react';
import { css, cx } from 'styled-system/css';
import { button } from 'styled-system/recipes/button';

/** "List | Board": the company's tenders as a table or as a kanban; the choice rides in the URL (?view=board). */
export function TendersViewSwitch({ view }: { view: 'list' | 'board' }) {
  const { t } = useTranslation();
  const item = (active: boolean) => cx(button({ variant: active ? 'solid' : 'outline', size: 'sm' }), css({ gap: '1.5' }));
  return (
    <nav aria-label={t('tenders-view_switch')} className={css({ display: 'flex', gap: '1' })}>
      <Link href="/company/tenders" aria-current={view === 'list' ? 'page' : undefined} className={item(view === 'list')}>
        <List size={16} aria-hidden="true" />
        {t('tenders-view_list')}
      </Link>
      <Link href="/company/tenders?view=board" aria-current={view === 'board' ? 'page' : undefined} className={item(view === 'board')}>
        <Columns3 size={16} aria-hidden="true" />
        {t('tenders-view_board')}
      </Link>
    </nav>
  );
}
