import type { Meta, StoryObj } from '@storybook/react-vite';
import { css } from 'styled-system/css';
import { TENDER_STATUSES } from '../../../rules/tender-lifecycle';
import { Deadline, FreshnessBadge, MatchBadge, MatchReasons, TenderStatusBadge } from './TenderBadges';
import { iseRoutes, jeanMoulin, nantesGymnase, tenderJeanMoulin } from './tender-fixtures';

// The tender badges side by side: every pipeline status with its meaning's colour and icon, the
// freshness badge (spec: "new", any case, success-coloured), every match level, the reasons of a
// match (with what the company's vault, wins and verdicts add, issue 13) and deadlines ahead and past.
function Gallery() {
  return (
    <div className={css({ display: 'flex', flexDirection: 'column', gap: '5', p: '6', bg: 'bg.canvas' })}>
      <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '2' })} data-testid="statuses">
        {TENDER_STATUSES.map((status) => (
          <TenderStatusBadge key={status} status={status} />
        ))}
      </div>
      <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '2' })} data-testid="freshness">
        <FreshnessBadge />
        <FreshnessBadge status="NEW" />
      </div>
      <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '2' })}>
        <MatchBadge matchStatus="high" score={87} />
        <MatchBadge matchStatus="medium" score={54} />
        <MatchBadge matchStatus="low" score={18} />
        <MatchBadge matchStatus="none" score={0} />
      </div>
      <MatchReasons reasons={tenderJeanMoulin.matchReasons} />
      <MatchReasons reasons={[]} />
      <div data-testid="learned-reasons">
        <MatchReasons
          reasons={[
            { criterion: 'certification', points: 15, matched: ['Qualibat 1552'] },
            { criterion: 'past_wins', points: 10, matched: ['Étanchéité du collège'] },
            { criterion: 'feedback', points: 10, matched: ['Entretien des toitures'] },
            { criterion: 'feedback', points: -20, matched: ['Couverture du marché couvert'] },
          ]}
        />
      </div>
      <div className={css({ display: 'flex', gap: '6' })}>
        <Deadline value={jeanMoulin.submissionDeadline} />
        <Deadline value={iseRoutes.submissionDeadline} />
        <Deadline value={nantesGymnase.submissionDeadline} />
      </div>
    </div>
  );
}

const meta = { title: 'Views/Tender badges', component: Gallery } satisfies Meta<typeof Gallery>;
export default meta;

export const All: StoryObj<typeof meta> = {};
