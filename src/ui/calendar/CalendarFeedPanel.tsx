import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { css } from 'styled-system/css';
import { Alert } from '../components/Alert';
import { Button } from '../components/Button';
import { CardBody, CardDescription, CardHeader, CardRoot, CardTitle } from '../components/Card';
import { ConfirmDialog } from '../components/Dialog';
import { Input } from '../components/Input';
import { Spinner } from '../components/Spinner';

export type CalendarFeedState = 'checking' | 'inactive' | 'active' | 'confirming' | 'creating' | 'revoking' | 'failed';

export type CalendarFeedPanelProps = {
  state: CalendarFeedState;
  /** The address, right after it was made (shown once). */
  url: string | null;
  message: string | null;
  error: string | null;
  pending: 'regenerate' | 'revoke' | null;
  /** Whether a feed exists (a failed action keeps what was there). */
  active: boolean;
  onCreate: () => void;
  onRegenerate: () => void;
  onRevoke: () => void;
  onConfirm: () => void;
  onCancel: () => void;
  onDismiss: () => void;
  /** Copies text to the clipboard (the browser's, by default). */
  copy?: (text: string) => Promise<void>;
};

const browserCopy = (text: string) => navigator.clipboard.writeText(text);

/** "S'abonner": the member's secret calendar address, to paste into Outlook, Google or Apple calendars. */
export function CalendarFeedPanel(props: CalendarFeedPanelProps) {
  const { t } = useTranslation();
  const { state, url } = props;
  const inputId = useId();
  // What the last copy did, for the address it copied (a new address starts without).
  const [copy_, setCopy] = useState<{ url: string; result: 'done' | 'failed' } | null>(null);
  const copied = copy_ && copy_.url === url ? copy_.result : null;
  const busy = state === 'creating' || state === 'revoking';
  const active = state === 'active' || state === 'confirming' || (busy && props.active);

  const copy = async () => {
    if (!url) return;
    try {
      await (props.copy ?? browserCopy)(url);
      setCopy({ url, result: 'done' });
    } catch {
      setCopy({ url, result: 'failed' });
    }
  };

  return (
    <CardRoot aria-labelledby={`${inputId}-title`}>
      <CardHeader>
        <CardTitle id={`${inputId}-title`}>{t('calendar-feed_title')}</CardTitle>
        <CardDescription>{t('calendar-feed_intro')}</CardDescription>
      </CardHeader>
      <CardBody className={css({ display: 'flex', flexDirection: 'column', gap: '3' })}>
        {state === 'checking' ? <Spinner size="sm" label={t('calendar-feed_checking')} /> : null}
        {state === 'failed' ? (
          <Alert status="error" title={t('calendar-feed_failed')}>
            <span>{props.error}</span>{' '}
            <Button variant="outline" size="sm" onClick={props.onDismiss}>
              {t('calendar-feed_dismiss')}
            </Button>
          </Alert>
        ) : null}
        {props.message && state !== 'failed' ? (
          <p role="status" className={css({ fontSize: 'sm', color: 'fg.default', fontWeight: 'medium' })}>
            {props.message}
          </p>
        ) : null}
        {active && url ? (
          <div className={css({ display: 'flex', flexDirection: 'column', gap: '1.5' })}>
            <label htmlFor={inputId} className={css({ fontSize: 'sm', fontWeight: 'medium' })}>
              {t('calendar-feed_url')}
            </label>
            <div className={css({ display: 'flex', gap: '2', flexWrap: 'wrap' })}>
              <Input id={inputId} readOnly value={url} onFocus={(e) => e.currentTarget.select()} className={css({ flex: '1', minW: '0', fontFamily: 'mono', fontSize: 'xs' })} />
              <Button variant="outline" onClick={() => void copy()}>
                {t('calendar-feed_copy')}
              </Button>
            </div>
            <p role="status" className={css({ fontSize: 'sm', color: 'fg.muted', minH: '5' })}>
              {copied === 'done' ? t('calendar-feed_copied') : copied === 'failed' ? t('calendar-feed_copy_failed') : ''}
            </p>
          </div>
        ) : null}
        {active && !url ? <p className={css({ fontSize: 'sm' })}>{t('calendar-feed_active')}</p> : null}
        {state === 'inactive' || (busy && !props.active) ? <p className={css({ fontSize: 'sm' })}>{t('calendar-feed_none')}</p> : null}
        <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>{t('calendar-feed_howto')}</p>
        <div className={css({ display: 'flex', gap: '2', flexWrap: 'wrap' })}>
          {state === 'inactive' || (state === 'creating' && !props.active) ? (
            <Button onClick={props.onCreate} disabled={busy} aria-busy={busy || undefined}>
              {busy ? <Spinner size="sm" label={t('common-loading')} /> : null}
              {t('calendar-feed_create')}
            </Button>
          ) : null}
          {active ? (
            <>
              <Button variant="outline" onClick={props.onRegenerate} disabled={busy}>
                {t('calendar-feed_regenerate')}
              </Button>
              <Button variant="danger" onClick={props.onRevoke} disabled={busy}>
                {t('calendar-feed_revoke')}
              </Button>
            </>
          ) : null}
        </div>
      </CardBody>
      <ConfirmDialog
        open={state === 'confirming' || (busy && props.pending !== null)}
        title={props.pending === 'revoke' ? t('calendar-feed_revoke_title') : t('calendar-feed_regenerate_title')}
        description={t('calendar-feed_confirm_text')}
        confirmLabel={props.pending === 'revoke' ? t('calendar-feed_revoke') : t('calendar-feed_regenerate')}
        danger={props.pending === 'revoke'}
        busy={busy}
        onConfirm={props.onConfirm}
        onClose={props.onCancel}
      />
    </CardRoot>
  );
}
