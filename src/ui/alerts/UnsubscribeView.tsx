import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { BellOff, CircleAlert, CircleCheck } from 'lucide-react';
import { css, cx } from 'styled-system/css';
import { button } from 'styled-system/recipes/button';
import { Button } from '../components/Button';

export type UnsubscribeState = 'missing' | 'idle' | 'sending' | 'done' | 'failed';

export type UnsubscribeViewProps = {
  state: UnsubscribeState;
  /** The server's sentence: what was turned off, or why the link is refused. */
  message: string | null;
  onConfirm: () => void;
};

/**
 * The page an alert email's unsubscribe link opens. Visiting it changes nothing (mail scanners
 * open links): the button does.
 */
export function UnsubscribeView({ state, message, onConfirm }: UnsubscribeViewProps) {
  const { t } = useTranslation();
  const box = css({ display: 'flex', flexDirection: 'column', alignItems: 'center', textAlign: 'center', gap: '4', py: '8' });
  const icon = css({ w: '8', h: '8' });
  return (
    <div className={box}>
      <h1 className={css({ fontSize: '2xl', fontWeight: 'semibold' })}>{t('alerts-unsubscribe_title')}</h1>
      {state === 'done' ? (
        <p role="status" className={css({ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: '2' })}>
          <CircleCheck aria-hidden="true" className={cx(icon, css({ color: 'success.text' }))} />
          {message}
        </p>
      ) : state === 'missing' || state === 'failed' ? (
        <p role="alert" className={css({ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: '2' })}>
          <CircleAlert aria-hidden="true" className={cx(icon, css({ color: 'danger.text' }))} />
          {state === 'missing' ? t('alerts-unsubscribe_missing') : message}
        </p>
      ) : (
        <>
          <BellOff aria-hidden="true" className={cx(icon, css({ color: 'fg.muted' }))} />
          <p className={css({ color: 'fg.muted', maxW: 'md' })}>{t('alerts-unsubscribe_intro')}</p>
          <Button onClick={onConfirm} disabled={state === 'sending'} aria-busy={state === 'sending'}>
            {t('alerts-unsubscribe_confirm')}
          </Button>
        </>
      )}
      <Link href="/" className={cx(button({ variant: 'ghost', size: 'sm' }), css({ textDecoration: 'none' }))}>
        {t('alerts-unsubscribe_home')}
      </Link>
    </div>
  );
}
