import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { CircleAlert, CircleCheck, Info, TriangleAlert, X } from 'lucide-react';
import { css } from 'styled-system/css';
import { toast } from 'styled-system/recipes/toast';
import type { Announcement, Toast } from '../../machines/notifications.machine';

const icons = { error: CircleAlert, success: CircleCheck, warning: TriangleAlert, info: Info } as const;

type ToasterProps = {
  toasts: Toast[];
  onDismiss: (id: string) => void;
  /** The pointer or the focus came onto the toasts: their timers wait. */
  onPause?: () => void;
  /** Neither the pointer nor the focus is on them any more. */
  onResume?: () => void;
};

/**
 * Toasts at the top centre; errors are announced assertively, the others politely. Moving the
 * pointer over them or focusing them stops every toast's timer until the pointer and the focus have both left.
 */
export function Toaster({ toasts, onDismiss, onPause, onResume }: ToasterProps) {
  const { t } = useTranslation();
  const group = useRef<HTMLDivElement>(null);
  const hovered = useRef(false);
  const focused = useRef(false);
  const update = () => (hovered.current || focused.current ? onPause?.() : onResume?.());
  // A toast closed or gone under the pointer or with the focus on its button leaves no leave or blur
  // event behind it: what the group still holds is read again whenever the toasts change.
  useEffect(() => {
    const element = group.current;
    if (!element) return;
    const wasPaused = hovered.current || focused.current;
    hovered.current &&= element.matches(':hover');
    focused.current &&= element.contains(document.activeElement);
    if (wasPaused && !hovered.current && !focused.current) onResume?.();
  }, [toasts, onResume]);
  return (
    <div
      ref={group}
      className={toast().group}
      aria-live="polite"
      // Moved over, not merely under a pointer at rest: a toast that appears where the pointer
      // stands (over the button just clicked, or the next dialog's) still leaves on time.
      onPointerMove={() => {
        if (hovered.current) return;
        hovered.current = true;
        update();
      }}
      onPointerLeave={() => {
        hovered.current = false;
        update();
      }}
      onFocus={() => {
        focused.current = true;
        update();
      }}
      onBlur={(event) => {
        focused.current = event.currentTarget.contains(event.relatedTarget as Node | null);
        update();
      }}
    >
      {toasts.map((item) => {
        const Icon = icons[item.type];
        const classes = toast({ type: item.type });
        return (
          <div key={item.id} className={classes.root} role={item.type === 'error' ? 'alert' : 'status'} data-toast-type={item.type}>
            <span className={classes.icon} aria-hidden="true">
              <Icon size={16} />
            </span>
            <p className={classes.description}>{item.message}</p>
            <button type="button" className={classes.closeTrigger} aria-label={t('common-close')} onClick={() => onDismiss(item.id)}>
              <X />
            </button>
          </div>
        );
      })}
    </div>
  );
}

/**
 * The toasts that have left the screen, kept for screen reader users to read again (role=log).
 * Not live: each toast was announced when it came; saying it again as it leaves would repeat it.
 */
export function ToastLog({ entries }: { entries: Toast[] }) {
  const { t } = useTranslation();
  return (
    <div role="log" aria-live="off" aria-label={t('toast-log')} className={css({ srOnly: true })}>
      {entries.map((item) => (
        <p key={item.id} data-toast-type={item.type}>
          {t(`toast-log_${item.type}`, { message: item.message })}
        </p>
      ))}
    </div>
  );
}

/**
 * The app's one polite live region (WCAG 4.1.3): results that arrive later (an answer, an analysis
 * done, a save that failed) are said here. It is always in the page, so its first message is
 * heard; a new span per announcement makes the same words heard again.
 */
export function Announcer({ announcement }: { announcement: Announcement | null }) {
  return (
    <div role="status" aria-live="polite" aria-atomic="true" className={css({ srOnly: true })} data-testid="announcer">
      {announcement ? <span key={announcement.id}>{announcement.message}</span> : null}
    </div>
  );
}
