import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { css } from 'styled-system/css';
import type { components } from '../../../openapi/schema';
import { Button } from '../components/Button';
import { CardBody, CardDescription, CardHeader, CardRoot, CardTitle } from '../components/Card';
import { Spinner } from '../components/Spinner';

type AlertSettings = components['schemas']['AlertSettings'];
export type AlertSettingsState = 'loading' | 'failed' | 'ready' | 'saving';

export type AlertSettingsCardProps = {
  state: AlertSettingsState;
  /** The saved settings (null until loaded). */
  settings: AlertSettings | null;
  error: string | null;
  onSave: (settings: AlertSettings) => void;
  onRetry: () => void;
};

const FREQUENCIES: AlertSettings['digestFrequency'][] = ['daily', 'weekly', 'off'];

/** The user's own alert settings, on their profile page: the digest's frequency and the alert emails. */
export function AlertSettingsCard({ state, settings, error, onSave, onRetry }: AlertSettingsCardProps) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<AlertSettings | null>(settings);
  // Loaded or saved settings replace the draft (adjusted while rendering, not in an effect).
  const [shown, setShown] = useState(settings);
  if (settings !== shown) {
    setShown(settings);
    setDraft(settings);
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (draft) onSave(draft);
  };
  const changed = draft !== null && settings !== null && (draft.digestFrequency !== settings.digestFrequency || draft.alertEmails !== settings.alertEmails);
  return (
    <CardRoot className={css({ maxW: '2xl' })} aria-labelledby="alert-settings-title">
      <CardHeader>
        <CardTitle id="alert-settings-title">{t('alerts-settings_title')}</CardTitle>
        <CardDescription>{t('alerts-settings_intro')}</CardDescription>
      </CardHeader>
      <CardBody>
        {state === 'loading' || (!draft && state !== 'failed') ? (
          <Spinner label={t('alerts-loading')} />
        ) : !draft ? (
          <div role="alert" className={css({ display: 'flex', flexDirection: 'column', gap: '2', alignItems: 'flex-start', fontSize: 'sm' })}>
            <span>{error ?? t('alerts-settings_failed')}</span>
            <Button variant="outline" size="sm" onClick={onRetry}>
              {t('alerts-retry')}
            </Button>
          </div>
        ) : (
          <form noValidate aria-labelledby="alert-settings-title" onSubmit={submit} className={css({ display: 'flex', flexDirection: 'column', gap: '5' })}>
            <fieldset className={css({ border: 'none', p: '0', m: '0', display: 'flex', flexDirection: 'column', gap: '2' })} aria-describedby="digest-hint">
              <legend className={css({ fontSize: 'sm', fontWeight: 'medium', mb: '1' })}>{t('field-digest_frequency')}</legend>
              <p id="digest-hint" className={css({ fontSize: 'sm', color: 'fg.muted', m: '0' })}>
                {t('alerts-digest_hint')}
              </p>
              <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '4' })}>
                {FREQUENCIES.map((frequency) => (
                  <label key={frequency} className={css({ display: 'inline-flex', alignItems: 'center', gap: '2', fontSize: 'sm', cursor: 'pointer' })}>
                    <input
                      type="radio"
                      name="digestFrequency"
                      value={frequency}
                      checked={draft.digestFrequency === frequency}
                      onChange={() => setDraft({ ...draft, digestFrequency: frequency })}
                      className={css({ accentColor: 'accent.default', w: '4', h: '4' })}
                    />
                    {t(`alerts-digest_${frequency}`)}
                  </label>
                ))}
              </div>
            </fieldset>
            <div className={css({ display: 'flex', flexDirection: 'column', gap: '1' })}>
              <label className={css({ display: 'inline-flex', alignItems: 'center', gap: '2', fontSize: 'sm', fontWeight: 'medium', cursor: 'pointer' })}>
                <input
                  type="checkbox"
                  role="switch"
                  name="alertEmails"
                  checked={draft.alertEmails}
                  aria-checked={draft.alertEmails}
                  aria-describedby="alert-emails-hint"
                  onChange={(event) => setDraft({ ...draft, alertEmails: event.target.checked })}
                  className={css({ accentColor: 'accent.default', w: '4', h: '4' })}
                />
                {t('field-alert_emails')}
              </label>
              <p id="alert-emails-hint" className={css({ fontSize: 'sm', color: 'fg.muted', m: '0', ps: '6' })}>
                {t('alerts-emails_hint')}
              </p>
            </div>
            {error ? (
              <p role="alert" className={css({ fontSize: 'sm', color: 'danger.text', m: '0' })}>
                {error}
              </p>
            ) : null}
            <div>
              <Button type="submit" disabled={!changed || state === 'saving'} aria-busy={state === 'saving'}>
                {t('alerts-save')}
              </Button>
            </div>
          </form>
        )}
      </CardBody>
    </CardRoot>
  );
}
