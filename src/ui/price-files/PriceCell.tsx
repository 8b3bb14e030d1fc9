import { useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { css } from 'styled-system/css';
import { formatPrice, parsePrice } from './price-format';

type PriceCellProps = {
  id: string;
  value: number | null;
  label: string;
  /** Ids of what describes the cell (its issues). */
  describedBy?: string;
  flagged: boolean;
  onCommit: (unitPrice: number | null) => void;
  /** To the price of the next (1) or previous (-1) line. */
  onMove: (step: 1 | -1) => void;
};

const input = css({
  w: '8.5rem',
  px: '2',
  py: '1',
  textAlign: 'right',
  fontVariantNumeric: 'tabular-nums',
  bg: 'bg.default',
  color: 'fg.default',
  borderWidth: '1px',
  borderColor: 'border.default',
  borderRadius: 'sm',
  _focusVisible: { outline: '2px solid', outlineColor: 'accent.default', outlineOffset: '1px' },
  '&[aria-invalid=true]': { borderColor: 'danger.default', borderWidth: '2px' },
  '&[data-flagged]': { borderColor: 'warning.border', bg: 'warning.subtle' },
});

/**
 * A unit price typed as in a spreadsheet: the text is selected on focus (typing replaces it),
 * Enter or ↓ keeps it and goes to the next line, ↑ to the previous one, Tab to what follows,
 * Escape gives back the price the cell had. "1 234,50", "1234.5" and "12,50 €" are read; a text
 * that is not a price stays in the cell, marked, and is not sent.
 */
export function PriceCell({ id, value, label, describedBy, flagged, onCommit, onMove }: PriceCellProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'fr';
  // null while the cell shows its price; the text being typed otherwise.
  const [text, setTextState] = useState<string | null>(null);
  // The same text, read at once: Enter commits then moves the focus, whose blur must not commit again.
  const typed = useRef<string | null>(null);
  const setText = (next: string | null) => {
    typed.current = next;
    setTextState(next);
  };
  const [invalid, setInvalid] = useState(false);
  const errorId = `${id}-error`;

  const commit = (): boolean => {
    if (typed.current === null) return true;
    const parsed = parsePrice(typed.current, language);
    if (parsed === undefined) {
      setInvalid(true);
      return false;
    }
    setInvalid(false);
    setText(null);
    if (parsed !== value) onCommit(parsed);
    return true;
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter' || event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (commit()) onMove(event.key === 'ArrowUp' ? -1 : 1);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      setText(null);
      setInvalid(false);
    }
  };
  return (
    <>
      <input
        id={id}
        type="text"
        inputMode="decimal"
        autoComplete="off"
        spellCheck={false}
        aria-label={label}
        aria-invalid={invalid || undefined}
        aria-describedby={[invalid ? errorId : '', describedBy ?? ''].filter(Boolean).join(' ') || undefined}
        data-flagged={flagged && !invalid ? '' : undefined}
        className={input}
        value={text ?? formatPrice(value, language)}
        onFocus={(event) => event.currentTarget.select()}
        onChange={(event) => setText(event.currentTarget.value)}
        onKeyDown={onKeyDown}
        onBlur={() => commit()}
      />
      {invalid ? (
        <span id={errorId} className={css({ display: 'block', fontSize: 'xs', color: 'danger.text', mt: '1' })}>
          {t('prices-invalid_number')}
        </span>
      ) : null}
    </>
  );
}
