import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { ChevronDown } from 'lucide-react';
import { css, cx } from 'styled-system/css';

export type SideMenuBadge = { count: number; /** i18n key with {{count}}, read by screen readers */ label: string };

export type SideMenuLink = { kind: 'link'; id: string; label: string; href: string; icon: ReactNode; badge?: SideMenuBadge };

export type SideMenuGroup = { kind: 'group'; id: string; label: string; icon: ReactNode; badge?: SideMenuBadge; children: SideMenuLink[] };

/** A block of entries under an optional heading. Labels are i18n keys. */
export type SideMenuSection = { id: string; heading?: string; items: (SideMenuLink | SideMenuGroup)[] };

type SideMenuProps = {
  sections: SideMenuSection[];
  currentPath: string;
  /**
   * `responsive`: full (270 px) from the 1280 px breakpoint, compact (72 px, icons with tooltips)
   * below it. `full`: always full, as in the drawer on small screens.
   */
  mode?: 'responsive' | 'full';
};

export function isCurrent(href: string, currentPath: string) {
  return currentPath === href || currentPath.startsWith(`${href}/`);
}

/** The one entry of the page: the longest href the path is under (/companies/c1/resumes is the resumes', not the company's). */
export function currentHref(sections: SideMenuSection[], currentPath: string): string | null {
  let best: string | null = null;
  const links = sections.flatMap((section) => section.items.flatMap((item) => (item.kind === 'link' ? [item] : item.children)));
  for (const link of links) if (isCurrent(link.href, currentPath) && (best === null || link.href.length > best.length)) best = link.href;
  return best;
}

export function SideMenu({ sections, currentPath, mode = 'responsive' }: SideMenuProps) {
  const { t } = useTranslation();
  const compact = mode === 'responsive';
  return (
    <nav aria-label={t('sidemenu-label')} className={css({ display: 'flex', flexDirection: 'column', gap: '4', py: '3', px: compact ? { base: '3', mdToWide: '2' } : '3' })}>
      {sections.map((section) => (
        <Section key={section.id} section={section} current={currentHref(sections, currentPath)} compact={compact} />
      ))}
    </nav>
  );
}

function Section({ section, current, compact }: { section: SideMenuSection; current: string | null; compact: boolean }) {
  const { t } = useTranslation();
  const headingId = useId();
  return (
    <div className={css({ display: 'flex', flexDirection: 'column', gap: '1' })}>
      {section.heading ? (
        <h2
          id={headingId}
          className={cx(
            css({ px: '3', pb: '1', fontSize: 'xs', fontWeight: 'semibold', color: 'fg.muted', textTransform: 'uppercase', letterSpacing: '0.06em' }),
            // The compact menu keeps the heading for screen readers and shows a rule instead.
            compact && css({ mdToWide: { srOnly: true } }),
          )}
        >
          {t(section.heading)}
        </h2>
      ) : null}
      {section.heading && compact ? <hr aria-hidden="true" className={css({ display: 'none', mdToWide: { display: 'block', border: 'none', h: '1px', bg: 'border.default', mx: '2', my: '1' } })} /> : null}
      <ul aria-labelledby={section.heading ? headingId : undefined} className={css({ listStyle: 'none', m: '0', p: '0', display: 'flex', flexDirection: 'column', gap: '0.5' })}>
        {section.items.map((item) =>
          item.kind === 'link' ? (
            <li key={item.id}>
              <MenuLink link={item} current={current} compact={compact} />
            </li>
          ) : (
            <li key={item.id}>
              <MenuGroup group={item} current={current} compact={compact} />
            </li>
          ),
        )}
      </ul>
    </div>
  );
}

const entry = css({
  position: 'relative',
  display: 'flex',
  alignItems: 'center',
  gap: '3',
  w: 'full',
  h: '9',
  px: '3',
  borderRadius: 'md',
  fontSize: 'sm',
  fontWeight: 'medium',
  color: 'fg.muted',
  textDecoration: 'none',
  bg: 'transparent',
  border: 'none',
  cursor: 'pointer',
  textAlign: 'start',
  transitionProperty: 'background, color',
  transitionDuration: 'popover',
  _hover: { bg: 'bg.subtle', color: 'fg.default' },
  '&[aria-current=page]': { bg: 'accent.subtle', color: 'accent.text', fontWeight: 'semibold' },
  '& > svg': { w: '5', h: '5', flexShrink: '0' },
});

const compactEntry = css({ mdToWide: { justifyContent: 'center', px: '0' } });

function Label({ text, compact }: { text: string; compact: boolean }) {
  return <span className={cx(css({ flex: '1', minW: '0', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }), compact && css({ mdToWide: { srOnly: true } }))}>{text}</span>;
}

function Badge({ badge, compact }: { badge: SideMenuBadge; compact: boolean }) {
  const { t } = useTranslation();
  if (badge.count <= 0) return null;
  return (
    <>
      <span
        aria-hidden="true"
        className={cx(
          css({ minW: '5', h: '5', px: '1.5', borderRadius: 'full', bg: 'accent.default', color: 'accent.fg', fontSize: 'xs', fontWeight: 'semibold', display: 'inline-grid', placeItems: 'center' }),
          compact && css({ mdToWide: { position: 'absolute', top: '0.5', right: '2', minW: '4', h: '4', px: '1', fontSize: '2xs' } }),
        )}
      >
        {badge.count > 99 ? '99+' : badge.count}
      </span>
      <span className={css({ srOnly: true })}>{t(badge.label, { count: badge.count })}</span>
    </>
  );
}

// The label beside a compact entry, on hover and keyboard focus; hidden from assistive technology,
// which reads the visually hidden label instead.
function Tooltip({ text }: { text: string }) {
  return (
    <span
      aria-hidden="true"
      className={css({
        display: 'none',
        mdToWide: { display: 'block' },
        position: 'absolute',
        left: 'calc(100% + token(spacing.popoverGap))',
        top: '50%',
        transform: 'translateY(-50%)',
        zIndex: 'tooltip',
        px: '2',
        py: '1',
        borderRadius: 'sm',
        bg: 'fg.default',
        color: 'fg.inverted',
        fontSize: 'xs',
        fontWeight: 'medium',
        whiteSpace: 'nowrap',
        pointerEvents: 'none',
        opacity: '0',
        transitionProperty: 'opacity',
        transitionDuration: 'tooltip',
        _groupHover: { opacity: '1' },
        _groupFocusVisible: { opacity: '1' },
      })}
    >
      {text}
    </span>
  );
}

function MenuLink({ link, current, compact }: { link: SideMenuLink; current: string | null; compact: boolean }) {
  const { t } = useTranslation();
  const label = t(link.label);
  return (
    <Link href={link.href} aria-current={link.href === current ? 'page' : undefined} className={cx('group', entry, compact && compactEntry)}>
      {link.icon}
      <Label text={label} compact={compact} />
      {link.badge ? <Badge badge={link.badge} compact={compact} /> : null}
      {compact ? <Tooltip text={label} /> : null}
    </Link>
  );
}

function MenuGroup({ group, current, compact }: { group: SideMenuGroup; current: string | null; compact: boolean }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(true);
  const listId = useId();
  const label = t(group.label);
  return (
    <>
      <button type="button" aria-expanded={open} aria-controls={listId} onClick={() => setOpen((value) => !value)} className={cx('group', entry, compact && compactEntry)}>
        {group.icon}
        <Label text={label} compact={compact} />
        {group.badge ? <Badge badge={group.badge} compact={compact} /> : null}
        <ChevronDown
          aria-hidden="true"
          className={cx(
            css({ w: '4', h: '4', flexShrink: '0', transitionProperty: 'transform', transitionDuration: 'accordion', transform: open ? 'none' : 'rotate(-90deg)' }),
            compact && css({ mdToWide: { display: 'none' } }),
          )}
        />
        {compact ? <Tooltip text={label} /> : null}
      </button>
      <ul
        id={listId}
        hidden={!open}
        className={cx(
          css({ listStyle: 'none', m: '0', p: '0', ps: '4', mt: '0.5', display: 'flex', flexDirection: 'column', gap: '0.5', _hidden: { display: 'none' } }),
          compact && css({ mdToWide: { ps: '0' } }),
        )}
      >
        {group.children.map((child) => (
          <li key={child.id}>
            <MenuLink link={child} current={current} compact={compact} />
          </li>
        ))}
      </ul>
    </>
  );
}
