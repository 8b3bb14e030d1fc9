import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { css } from 'styled-system/css';
import type { PasswordEstimate } from '../forms/password-strength';

type PasswordStrengthMeterProps = {
  password: string;
  /** The person's email and name: a password made of them is easy to guess. */
  userInputs?: (string | undefined)[];
  id?: string;
  /** Tests: the estimator, instead of the lazily loaded one. */
  estimate?: (password: string, userInputs: (string | undefined)[], language: string) => PasswordEstimate;
};

// The estimator and its dictionaries are a chunk of their own, fetched on the first keystroke.
const loadEstimator = () => import('../forms/password-strength').then((m) => m.estimatePassword);

const MIN_SCORE = 3;
const SEGMENTS = 4;
// Colour is not the only signal: the level is also written out below the bar.
const segments = {
  empty: css({ h: '1', borderRadius: 'full', bg: 'border.default' }),
  weak: css({ h: '1', borderRadius: 'full', bg: 'danger.default' }),
  fair: css({ h: '1', borderRadius: 'full', bg: 'warning.text' }),
  strong: css({ h: '1', borderRadius: 'full', bg: 'success.default' }),
};
const toneOf = (score: number) => (score < 2 ? segments.weak : score < MIN_SCORE ? segments.fair : segments.strong);

/**
 * How hard the typed password is to guess (the server's estimator, its threshold), with the
 * estimator's advice while it is too weak. Debounced: one estimate takes tens of milliseconds.
 */
export function PasswordStrengthMeter({ password, userInputs = [], id, estimate }: PasswordStrengthMeterProps) {
  const { t, i18n } = useTranslation();
  const [result, setResult] = useState<{ for: string; estimate: PasswordEstimate } | null>(null);
  const inputsKey = userInputs.map((v) => v ?? '').join('\u0000');
  const language = i18n.language;

  useEffect(() => {
    if (!password) return undefined;
    let cancelled = false;
    const timer = setTimeout(() => {
      void (estimate ? Promise.resolve(estimate) : loadEstimator()).then((run) => {
        if (!cancelled) setResult({ for: password, estimate: run(password, inputsKey.split('\u0000'), language) });
      });
    }, 200);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [password, inputsKey, language, estimate]);

  if (!password) return null;
  const current = result?.for === password ? result.estimate : null;
  const score = current?.score ?? 0;
  const level = current ? t(`password-strength_${score}`) : t('password-strength_checking');
  return (
    <div id={id} className={css({ display: 'flex', flexDirection: 'column', gap: '1' })}>
      <div
        role="meter"
        aria-label={t('password-strength_label')}
        aria-valuemin={0}
        aria-valuemax={4}
        aria-valuenow={score}
        aria-valuetext={level}
        className={css({ display: 'grid', gridTemplateColumns: `repeat(${SEGMENTS}, 1fr)`, gap: '1' })}
      >
        {Array.from({ length: SEGMENTS }, (_, i) => (
          <span key={i} className={current && Math.max(score, 1) > i ? toneOf(score) : segments.empty} />
        ))}
      </div>
      <p aria-live="polite" className={css({ fontSize: 'xs', color: 'fg.muted' })}>
        {t('password-strength_text', { level })}
        {current && score < MIN_SCORE ? ` ${t('password-strength_too_weak')}` : ''}
      </p>
      {current && score < MIN_SCORE && current.advice.length ? <p className={css({ fontSize: 'xs', color: 'fg.muted' })}>{current.advice.join(' ')}</p> : null}
    </div>
  );
}
