import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListTree } from 'lucide-react';
import { css, cx } from 'styled-system/css';
import type { Memory, MemorySection } from '../../machines/memory.machine';
import { Badge } from '../components/Badge';

const statusTone = {
  draft: 'neutral',
  to_review: 'warning',
  final: 'success',
} as const;

/** The weight shown for a section: its sub-criterion's, else its criterion's. */
export const sectionWeight = (section: MemorySection): number | null => section.criterion?.subWeight ?? section.criterion?.weight ?? null;

const item = css({
  display: 'flex',
  flexDirection: 'column',
  gap: '1',
  w: 'full',
  textAlign: 'left',
  py: '2',
  pr: '2',
  borderRadius: 'md',
  cursor: 'pointer',
  color: 'fg.default',
  _hover: { bg: 'bg.muted' },
  _focusVisible: {
    outline: '2px solid',
    outlineColor: 'accent.default',
    outlineOffset: '-2px',
  },
  '&[aria-current=true]': {
    bg: 'accent.subtle',
    color: 'accent.text',
    fontWeight: 'semibold',
  },
});

/**
 * The memory's outline: chapters (a criterion each) and their sections with the criterion's
 * weight, status and a "data changed" badge on stale resource sections. On a phone it folds
 * above the editor behind a button; from lg it is a sidebar.
 */
export function MemoryOutline({ memory, selectedSectionId, onSelect }: { memory: Memory; selectedSectionId: string | null; onSelect: (sectionId: string) => void }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const listId = useId();
  const stale = new Set(memory.stale.map((s) => s.sectionId));
  return (
    <nav aria-label={t('memory-outline')} className={css({ display: 'flex', flexDirection: 'column', gap: '2' })}>
      <button
        type="button"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((o) => !o)}
        className={cx(
          css({
            display: { base: 'flex', lg: 'none' },
            alignItems: 'center',
            gap: '2',
            fontWeight: 'semibold',
            py: '2',
            cursor: 'pointer',
            color: 'fg.default',
          }),
        )}
      >
        <ListTree size={18} aria-hidden="true" />
        {open ? t('memory-outline_hide') : t('memory-outline_show')}
      </button>
      <h2
        className={css({
          display: { base: 'none', lg: 'block' },
          fontSize: 'sm',
          fontWeight: 'semibold',
          color: 'fg.muted',
          textTransform: 'uppercase',
          letterSpacing: 'wide',
        })}
      >
        {t('memory-outline')}
      </h2>
      <ol
        id={listId}
        className={css({
          display: { base: open ? 'flex' : 'none', lg: 'flex' },
          flexDirection: 'column',
          gap: '0.5',
        })}
      >
        {memory.sections.map((section) => {
          const weight = sectionWeight(section);
          return (
            <li key={section._id}>
              <button
                type="button"
                className={item}
                style={{
                  paddingLeft: section.level === 2 ? '1.5rem' : '0.5rem',
                }}
                aria-current={section._id === selectedSectionId ? 'true' : undefined}
                onClick={() => {
                  onSelect(section._id);
                  setOpen(false);
                }}
              >
                <span
                  className={css({
                    fontSize: 'sm',
                    fontWeight: section.level === 1 ? 'semibold' : 'normal',
                    overflowWrap: 'anywhere',
                  })}
                >
                  {section.frameItem?.number ? `${section.frameItem.number} ` : ''}
                  {section.title}
                </span>
                <span
                  className={css({
                    display: 'flex',
                    flexWrap: 'wrap',
                    gap: '1',
                    alignItems: 'center',
                  })}
                >
                  {weight !== null ? (
                    <span className={css({ fontSize: 'xs', color: 'fg.muted' })}>
                      <span aria-hidden="true">{t('memory-weight', { weight })}</span>
                      <span className={css({ srOnly: true })}>{t('memory-weight_label', { weight })}</span>
                    </span>
                  ) : null}
                  <Badge tone={statusTone[section.status]}>{t(`memory-status_${section.status}`)}</Badge>
                  {stale.has(section._id) ? (
                    <Badge tone="warning" dot>
                      {t('memory-stale')}
                    </Badge>
                  ) : null}
                </span>
              </button>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
