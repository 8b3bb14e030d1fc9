import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { SnapshotFrom } from 'xstate';
import { css } from 'styled-system/css';
import type { tenderGuardMachine } from '../../machines/tender-guard.machine';
import { NotFoundView } from '../shell/NotFoundView';
import { PageLoading } from '../components/PageStatus';
import { Deadline, TenderStatusBadge } from './TenderBadges';
import type { Tender } from './TenderDetailsView';

/** The four tender pages behind the guard. */
export type TenderFeature = 'dce' | 'cctp' | 'chat' | 'writing';

export type GuardState = 'loading' | 'notFound' | 'redirecting' | 'allowed';

/** What the view shows of the guard statechart; the guard loads the whole tender. */
export function guardViewOf(snapshot: SnapshotFrom<typeof tenderGuardMachine>): { state: GuardState; tender: Tender | null } {
  const state = snapshot.hasTag('loading') ? 'loading' : (snapshot.value as GuardState);
  return { state, tender: snapshot.context.tender as Tender | null };
}

type TenderGuardViewProps = {
  state: GuardState;
  tender: Tender | null;
  feature: TenderFeature;
  now?: number;
  /** The feature itself, under the tender's header. */
  children: (tender: Tender) => ReactNode;
};

/**
 * A guarded tender page (spec 2 and 4): a spinner while the tender loads, the not-found page when
 * it cannot be read, nothing while the user is sent to the details page of a tender whose work has
 * not started, and otherwise the tender's header with the feature under it.
 */
const appPage = css({ display: 'flex', flexDirection: 'column', gap: '6', maxW: '5xl', w: 'full', mx: 'auto' });
const fullScreenPage = css({ display: 'flex', flexDirection: 'column', gap: '6', maxW: '7xl', w: 'full', mx: 'auto', px: { base: '4', md: '6' }, pt: '6', pb: '16' });

export function TenderGuardView({ state, tender, feature, now, children }: TenderGuardViewProps) {
  const { t } = useTranslation();
  if (state === 'loading') return <PageLoading />;
  if (state === 'notFound' || (state === 'allowed' && !tender)) return <NotFoundView />;
  if (state === 'redirecting' || !tender) return null;
  const call = tender.tenderCall;
  return (
    // Writing has the full-screen layout, without the app's margins: its own, and the width for the editor and its panel.
    <div className={feature === 'writing' ? fullScreenPage : appPage}>
      <header className={css({ display: 'flex', flexDirection: 'column', gap: '2' })}>
        <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>
          <span className={css({ fontFamily: 'mono' })}>{call.reference}</span> · {t(`tenderguard-feature_${feature}`)}
        </p>
        <h1 className={css({ fontSize: '2xl', fontWeight: 'semibold', letterSpacing: '-0.01em' })}>{call.title}</h1>
        <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '4', alignItems: 'center' })}>
          <TenderStatusBadge status={tender.status} />
          <span className={css({ display: 'inline-flex', gap: '2', alignItems: 'baseline', fontSize: 'sm' })}>
            <span className={css({ color: 'fg.muted' })}>{t('tenderdetails-deadline')}</span>
            <Deadline value={call.submissionDeadline} now={now} />
          </span>
        </div>
      </header>
      {children(tender)}
    </div>
  );
}
