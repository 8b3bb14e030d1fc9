import { useTranslation } from 'react-i18next';
import { Check } from 'lucide-react';
import { css, cx } from 'styled-system/css';
import { stepStatus } from '../../machines/stepper.machine';
import { RESPONSE_STEPS } from '../../../rules/tender-lifecycle';
import { Alert } from '../components/Alert';
import { Button } from '../components/Button';
import { Spinner } from '../components/Spinner';

type TenderStepperProps = {
  current: number;
  saving: boolean;
  error: string | null;
  /** Set while work on the tender has not started: the steps show, the moves are off. */
  locked?: boolean;
  onNext: () => void;
  onPrevious: () => void;
  onGoTo: (index: number) => void;
  onDismissError: () => void;
};

// Six steps (RESPONSE_STEPS, the contract's responseStep range): two rows of three, one row of six on
// wide screens (spelled out for Panda's static extraction).
// The steps as an ordered list (their order is the point), each marked completed, in progress or
// waiting by the current index; a step can be chosen directly, or the team moves one at a time.
export function TenderStepper({ current, saving, error, locked = false, onNext, onPrevious, onGoTo, onDismissError }: TenderStepperProps) {
  const { t } = useTranslation();
  const count = RESPONSE_STEPS.length;
  const done = current >= count;
  const disabled = locked || saving;
  return (
    <section aria-labelledby="stepper-heading" aria-busy={saving} className={css({ display: 'flex', flexDirection: 'column', gap: '4' })}>
      <h2 id="stepper-heading" className={css({ fontSize: 'lg', fontWeight: 'semibold' })}>
        {t('stepper-title')}
      </h2>
      {error ? (
        <Alert status="error" title={t('stepper-save_error')}>
          {error}{' '}
          <Button variant="ghost" size="sm" onClick={onDismissError}>
            {t('stepper-dismiss')}
          </Button>
        </Alert>
      ) : null}
      <ol className={css({ display: 'grid', gridTemplateColumns: { base: '1fr', md: 'repeat(3, minmax(0, 1fr))', '2xl': 'repeat(6, minmax(0, 1fr))' }, gap: '3', listStyle: 'none', p: 0, m: 0 })}>
        {RESPONSE_STEPS.map((step, index) => {
          const status = stepStatus(index, current);
          const label = t(`stepper-step_${step}`);
          return (
            <li key={step} aria-current={status === 'in-progress' ? 'step' : undefined}>
              <button
                type="button"
                disabled={disabled || index === current}
                onClick={() => onGoTo(index)}
                aria-label={t('stepper-step_label', { number: index + 1, label, status: t(`stepper-status_${status.replace('-', '_')}`) })}
                className={cx(
                  css({
                    w: 'full',
                    h: 'full',
                    display: 'flex',
                    alignItems: 'center',
                    gap: '3',
                    p: '3',
                    textAlign: 'start',
                    borderWidth: '1px',
                    borderRadius: 'md',
                    bg: 'bg.default',
                    borderColor: 'border.default',
                    cursor: 'pointer',
                    _disabled: { cursor: 'default' },
                    _focusVisible: { outline: '2px solid token(colors.accent.default)', outlineOffset: '2px' },
                  }),
                  status === 'in-progress' && css({ borderColor: 'accent.default', bg: 'accent.subtle' }),
                )}
              >
                <span
                  aria-hidden="true"
                  className={cx(
                    css({ flexShrink: 0, w: '7', h: '7', borderRadius: 'full', display: 'grid', placeItems: 'center', fontSize: 'sm', fontWeight: 'semibold', borderWidth: '1px' }),
                    status === 'completed' && css({ bg: 'success.default', color: 'success.fg', borderColor: 'success.default' }),
                    status === 'in-progress' && css({ bg: 'accent.default', color: 'accent.fg', borderColor: 'accent.default' }),
                    status === 'waiting' && css({ color: 'fg.muted', borderColor: 'border.emphasized' }),
                  )}
                >
                  {status === 'completed' ? <Check size={16} /> : index + 1}
                </span>
                <span className={css({ display: 'flex', flexDirection: 'column', minW: 0 })}>
                  <span className={css({ fontSize: 'sm', fontWeight: 'medium', color: 'fg.default' })}>{label}</span>
                  <span className={css({ fontSize: 'xs', color: 'fg.muted' })}>{t(`stepper-status_${status.replace('-', '_')}`)}</span>
                </span>
              </button>
            </li>
          );
        })}
      </ol>
      <div className={css({ display: 'flex', gap: '2', alignItems: 'center', flexWrap: 'wrap' })}>
        <Button variant="outline" onClick={onPrevious} disabled={disabled || current === 0}>
          {t('stepper-previous')}
        </Button>
        <Button onClick={onNext} disabled={disabled || done}>
          {saving ? <Spinner size="sm" label={t('stepper-saving')} /> : null}
          {current === count - 1 ? t('stepper-finish') : t('stepper-next')}
        </Button>
        {locked ? <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>{t('stepper-locked')}</p> : null}
        {done ? <p className={css({ fontSize: 'sm', color: 'success.text' })}>{t('stepper-all_done')}</p> : null}
      </div>
    </section>
  );
}
