import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { Check } from 'lucide-react';
import { css, cx } from 'styled-system/css';
import { menu } from 'styled-system/recipes/menu';
import { Button } from './Button';

export type Choice<V extends string> = { value: V; label: string; icon?: ReactNode; lang?: string };

type ChoiceMenuProps<V extends string> = {
  /** The menu's name, and the trigger's unless `triggerLabel` is given. */
  label: string;
  /** The trigger's name when the trigger shows text: it must contain that text (WCAG 2.5.3), e.g. "FR – Langue". */
  triggerLabel?: string;
  trigger: ReactNode;
  value: V;
  choices: Choice<V>[];
  onChange: (value: V) => void;
};

// A small menu button with radio items (WAI-ARIA menu pattern). The language and theme menus
// live in every header, including the sign-in page, so they avoid the weight of a full
// positioning engine: the list opens under its trigger, aligned to the end.
export function ChoiceMenu<V extends string>({ label, triggerLabel = label, trigger, value, choices, onChange }: ChoiceMenuProps<V>) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const itemsRef = useRef<(HTMLButtonElement | null)[]>([]);
  const classes = menu();

  useEffect(() => {
    if (!open) return;
    const selected = Math.max(0, choices.findIndex((c) => c.value === value));
    itemsRef.current[selected]?.focus();
    const onPointer = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open, choices, value]);

  const close = (focusTrigger: boolean) => {
    setOpen(false);
    if (focusTrigger) triggerRef.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent) => {
    const items = itemsRef.current.filter((el): el is HTMLButtonElement => el !== null);
    const index = items.indexOf(document.activeElement as HTMLButtonElement);
    const move = (to: number) => items[(to + items.length) % items.length]?.focus();
    if (event.key === 'ArrowDown') move(index + 1);
    else if (event.key === 'ArrowUp') move(index - 1);
    else if (event.key === 'Home') move(0);
    else if (event.key === 'End') move(items.length - 1);
    else if (event.key === 'Escape' || event.key === 'Tab') return close(event.key === 'Escape');
    else return;
    event.preventDefault();
  };

  return (
    <div ref={rootRef} className={css({ position: 'relative' })}>
      <Button
        ref={triggerRef}
        variant="ghost"
        size="sm"
        aria-label={triggerLabel}
        title={triggerLabel}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? id : undefined}
        onClick={() => setOpen((o) => !o)}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' && !open) {
            event.preventDefault();
            setOpen(true);
          }
        }}
      >
        {trigger}
      </Button>
      {open ? (
        <div
          id={id}
          role="menu"
          aria-label={label}
          data-state="open"
          onKeyDown={onKeyDown}
          className={cx(classes.content, css({ position: 'absolute', insetInlineEnd: 0, top: 'calc(100% + token(spacing.popoverGap))', zIndex: 'dropdown' }))}
        >
          {choices.map((choice, index) => (
            <button
              key={choice.value}
              ref={(el) => {
                itemsRef.current[index] = el;
              }}
              type="button"
              role="menuitemradio"
              aria-checked={choice.value === value}
              lang={choice.lang}
              tabIndex={-1}
              className={classes.item}
              onClick={() => {
                onChange(choice.value);
                close(true);
              }}
            >
              {choice.icon}
              <span>{choice.label}</span>
              {choice.value === value ? (
                <span className={classes.itemIndicator} aria-hidden="true">
                  <Check />
                </span>
              ) : null}
            </button>
          ))}
        </div>
      ) : null}
    </div>
  );
}
