import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { css, cx } from 'styled-system/css';

export type CompanyTab = 'profile' | 'resumes' | 'library';

const TABS: { id: CompanyTab; label: string; href: (companyId: string) => string }[] = [
  { id: 'profile', label: 'companytabs-profile', href: (id) => `/companies/${id}` },
  { id: 'resumes', label: 'companytabs-resumes', href: (id) => `/companies/${id}/resumes` },
  { id: 'library', label: 'companytabs-library', href: (id) => `/companies/${id}/library` },
];

const tab = css({
  display: 'inline-flex',
  alignItems: 'center',
  px: '3',
  py: '2',
  mb: '-1px',
  fontSize: 'sm',
  fontWeight: 'medium',
  color: 'fg.muted',
  borderBottomWidth: '2px',
  borderBottomColor: 'transparent',
  textDecoration: 'none',
  whiteSpace: 'nowrap',
  _hover: { color: 'fg.default' },
  _focusVisible: { outline: '2px solid', outlineColor: 'accent.default', outlineOffset: '2px', borderRadius: 'sm' },
});
const current = css({ color: 'fg.default', borderBottomColor: 'accent.default' });

/** The company's pages as tabs (links, so each is an address of its own): its profile, its staff's resumes and its content library. */
export function CompanyTabs({ companyId, active }: { companyId: string; active: CompanyTab }) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('companytabs-label')} className={css({ display: 'flex', gap: '2', borderBottomWidth: '1px', borderColor: 'border.default', overflowX: 'auto' })}>
      {TABS.map((item) => (
        <Link key={item.id} href={item.href(companyId)} className={cx(tab, item.id === active && current)} aria-current={item.id === active ? 'page' : undefined}>
          {t(item.label)}
        </Link>
      ))}
    </nav>
  );
}
