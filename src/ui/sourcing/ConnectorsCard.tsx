import { useTranslation } from 'react-i18next';
import { Play, Power, PowerOff, RotateCcw } from 'lucide-react';
import { css } from 'styled-system/css';
import { Alert } from '../components/Alert';
import { Badge } from '../components/Badge';
import { Button } from '../components/Button';
import { formatDateTime, formatNumber } from '../format';
import type { components } from '../../../openapi/schema';

export type ConnectorRow = components['schemas']['SourcingConnector'];
type Shown = ConnectorRow['status'] | 'off' | 'unavailable';

/** A connector the server is still working on: the list is read again while one is. */
export const isConnectorPending = (c: ConnectorRow) => c.status === 'queued' || c.status === 'running';

/** What the badge says: off and unavailable come before how the last run went. */
const shownStatus = (c: ConnectorRow): Shown => (!c.available ? 'unavailable' : !c.enabled ? 'off' : c.status);
const TONE: Record<Shown, 'neutral' | 'accent' | 'success' | 'danger'> = { never: 'neutral', queued: 'accent', running: 'accent', succeeded: 'success', failed: 'danger', off: 'neutral', unavailable: 'neutral' };

export type ConnectorsState = { state: 'loading' | 'loaded' | 'failure'; items: ConnectorRow[]; error?: string | null };

export type ConnectorsCardProps = {
  connectors: ConnectorsState;
  /** The connector whose run or switch is being sent (its buttons wait). */
  busy: ConnectorRow['name'] | null;
  /** Why the last run-now or switch was refused, localised. */
  actionError?: string | null;
  onRun: (name: ConnectorRow['name']) => void;
  onToggle: (name: ConnectorRow['name'], enabled: boolean) => void;
  onRetry: () => void;
};

function ConnectorItem({ connector, busy, onRun, onToggle }: { connector: ConnectorRow; busy: boolean; onRun: () => void; onToggle: () => void }) {
  const { t, i18n } = useTranslation();
  const shown = shownStatus(connector);
  const n = (value: number) => formatNumber(value, i18n.language);
  const label = t(`connectors-name_${connector.name}`);
  return (
    <li
      aria-label={label}
      aria-busy={isConnectorPending(connector) || busy || undefined}
      className={css({ display: 'flex', flexDirection: 'column', gap: '2', p: '3', borderWidth: '1px', borderColor: 'border.default', borderRadius: 'md', bg: 'bg.default' })}
    >
      <div className={css({ display: 'flex', alignItems: 'center', gap: '3', flexWrap: 'wrap' })}>
        <span className={css({ fontWeight: 'semibold', flex: '1 1 10rem' })}>{label}</span>
        <Badge tone={TONE[shown]} dot>
          {t(`connectors-status_${shown}`)}
        </Badge>
        {connector.available ? (
          <div className={css({ display: 'flex', gap: '1' })}>
            {connector.enabled ? (
              <Button size="sm" variant="outline" onClick={onRun} disabled={isConnectorPending(connector) || busy} aria-label={`${t('connectors-run')} — ${label}`}>
                <Play size={14} aria-hidden="true" />
                {t('connectors-run')}
              </Button>
            ) : null}
            <Button size="sm" variant="ghost" onClick={onToggle} disabled={busy} aria-label={`${t(connector.enabled ? 'connectors-disable' : 'connectors-enable')} — ${label}`}>
              {connector.enabled ? <PowerOff size={14} aria-hidden="true" /> : <Power size={14} aria-hidden="true" />}
              {t(connector.enabled ? 'connectors-disable' : 'connectors-enable')}
            </Button>
          </div>
        ) : null}
      </div>
      {/* Left out of SOURCING_CONNECTORS: nothing here can run or turn it on, the server's configuration does. */}
      {!connector.available ? <p className={css({ color: 'fg.muted', fontSize: 'sm' })}>{t('connectors-unavailable_help')}</p> : null}
      <div className={css({ display: 'flex', flexWrap: 'wrap', columnGap: '4', rowGap: '1', color: 'fg.muted', fontSize: 'sm' })}>
        {connector.lastStartedAt ? <span>{t('connectors-last_run', { date: formatDateTime(connector.lastStartedAt, i18n.language) })}</span> : null}
        {connector.status === 'succeeded' || connector.status === 'failed' ? (
          <span>{t('connectors-counts', { fetched: n(connector.counts.fetched), new: n(connector.counts.new), updated: n(connector.counts.updated), refused: n(connector.counts.refused) })}</span>
        ) : null}
        {connector.cursor.date ? <span>{t('connectors-cursor', { date: connector.cursor.date, id: connector.cursor.id ?? '' })}</span> : null}
        {connector.nextRunAt && connector.enabled && !isConnectorPending(connector) ? <span>{t('connectors-next_run', { date: formatDateTime(connector.nextRunAt, i18n.language) })}</span> : null}
      </div>
      {connector.status === 'failed' && connector.error ? (
        <Alert status="error" title={t('connectors-error_title')}>
          {connector.error}
        </Alert>
      ) : null}
    </li>
  );
}

/** The built-in connectors (BOAMP, TED, DECP): how each last ran, where it resumes, run now, turn off. */
export function ConnectorsCard({ connectors, busy, actionError, onRun, onToggle, onRetry }: ConnectorsCardProps) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="connectors-title" aria-busy={connectors.state === 'loading' || undefined} className={css({ display: 'flex', flexDirection: 'column', gap: '3' })}>
      <h2 id="connectors-title" className={css({ fontSize: 'lg', fontWeight: 'semibold' })}>
        {t('connectors-title')}
      </h2>
      <p className={css({ color: 'fg.muted', fontSize: 'sm' })}>{t('connectors-intro')}</p>
      {actionError ? <Alert status="error">{actionError}</Alert> : null}
      {connectors.state === 'failure' ? (
        <Alert status="error" title={t('connectors-load_failed')}>
          <div className={css({ display: 'flex', flexDirection: 'column', gap: '2', alignItems: 'flex-start' })}>
            {connectors.error ? <span>{connectors.error}</span> : null}
            <Button size="sm" variant="outline" onClick={onRetry}>
              <RotateCcw size={14} aria-hidden="true" />
              {t('connectors-retry')}
            </Button>
          </div>
        </Alert>
      ) : connectors.state === 'loading' && connectors.items.length === 0 ? (
        <ul aria-hidden="true" className={css({ display: 'flex', flexDirection: 'column', gap: '2', listStyle: 'none', p: 0, m: 0 })}>
          {[0, 1, 2].map((i) => (
            <li key={i} className={css({ h: '16', borderRadius: 'md', bg: 'bg.subtle' })} />
          ))}
        </ul>
      ) : (
        <ul aria-label={t('connectors-title')} className={css({ display: 'flex', flexDirection: 'column', gap: '2', listStyle: 'none', p: 0, m: 0 })}>
          {connectors.items.map((connector) => (
            <ConnectorItem
              key={connector.name}
              connector={connector}
              busy={busy === connector.name}
              onRun={() => onRun(connector.name)}
              onToggle={() => onToggle(connector.name, !connector.enabled)}
            />
          ))}
        </ul>
      )}
    </section>
  );
}
