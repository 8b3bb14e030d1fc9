import { useId } from 'react';
import { RefreshCw, GitMerge, TriangleAlert } from 'lucide-react';
import { css } from 'styled-system/css';
import { Button } from './Button';

export type ConflictSection = { heading: string; lines: string[] };

type ConflictNoticeProps = {
  title: string;
  /** The server's sentence (why nothing was saved) and what the user can do. */
  text: string;
  /** Each side's changes, one line each, already worded by the feature. */
  sections: ConflictSection[];
  emptyLabel: string;
  reloadLabel: string;
  mergeLabel: string;
  onReload: () => void;
  onMerge: () => void;
};

/**
 * A save refused because someone else saved first (lost update): both sides' changes side by side
 * and the two ways out, take the saved version or reapply one's own changes onto it. Announced at
 * once (role=alert on the title), the choice kept in view until made.
 */
export function ConflictNotice(props: ConflictNoticeProps) {
  const titleId = useId();
  return (
    <section
      aria-labelledby={titleId}
      className={css({
        display: 'flex',
        flexDirection: 'column',
        gap: '3',
        p: '4',
        borderWidth: '1px',
        borderColor: 'warning.border',
        borderRadius: 'md',
        bg: 'warning.subtle',
      })}
    >
      <div role="alert" className={css({ display: 'flex', gap: '2', alignItems: 'flex-start' })}>
        <TriangleAlert size={18} aria-hidden="true" className={css({ color: 'warning.text', flexShrink: 0, mt: '0.5' })} />
        <div>
          <h3 id={titleId} className={css({ fontWeight: 'semibold' })}>
            {props.title}
          </h3>
          <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>{props.text}</p>
        </div>
      </div>
      <div className={css({ display: 'grid', gridTemplateColumns: { base: '1fr', md: '1fr 1fr' }, gap: '3' })}>
        {props.sections.map((section) => (
          <div key={section.heading} className={css({ minW: 0 })}>
            <h4 className={css({ fontSize: 'sm', fontWeight: 'semibold', mb: '1' })}>{section.heading}</h4>
            {section.lines.length ? (
              <ul className={css({ fontSize: 'sm', pl: '4', listStyle: 'disc', overflowWrap: 'anywhere' })}>
                {section.lines.map((line, i) => (
                  <li key={i}>{line}</li>
                ))}
              </ul>
            ) : (
              <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>{props.emptyLabel}</p>
            )}
          </div>
        ))}
      </div>
      <div className={css({ display: 'flex', gap: '2', flexWrap: 'wrap' })}>
        <Button variant="outline" onClick={props.onReload}>
          <RefreshCw size={16} aria-hidden="true" />
          {props.reloadLabel}
        </Button>
        <Button onClick={props.onMerge}>
          <GitMerge size={16} aria-hidden="true" />
          {props.mergeLabel}
        </Button>
      </div>
    </section>
  );
}
