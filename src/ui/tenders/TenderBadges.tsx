import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Ban, CircleDashed, CircleHelp, CircleX, Hourglass, LoaderCircle, Send, Sparkles, Trophy, type LucideIcon } from 'lucide-react';
import { css } from 'styled-system/css';
import type { TenderStatus } from '../../../rules/tender-lifecycle';
import type { MatchReason, MatchStatus } from './tender-types';
import { freshnessTone, pipelineTone } from './status-tones';
import { Badge } from '../components/Badge';
import { formatAmount, formatDeadline, formatList, formatRelative } from '../format';

export type { MatchReason, MatchStatus };

const STATUS_ICONS: Record<TenderStatus, LucideIcon> = {
  not_started: CircleDashed,
  in_progress: LoaderCircle,
  pending: Hourglass,
  submitted: Send,
  won: Trophy,
  lost: CircleX,
  non_compliant: Ban,
};

/** A pipeline status with the colour that means something (status-tones.ts) and its icon: colour is never the only signal. */
export function TenderStatusBadge({ status }: { status: string }) {
  const { t } = useTranslation();
  const Icon = (STATUS_ICONS as Record<string, LucideIcon>)[status] ?? CircleHelp;
  return (
    <Badge tone={pipelineTone(status)}>
      <Icon size={12} aria-hidden="true" />
      {t(`tender-status_${status}`, { defaultValue: status })}
    </Badge>
  );
}

/** Did this row enter Soumissio after the user's previous visit of its list? (none recorded: no) */
export const isNewSince = (createdAt: string, seenBefore: string | null) => seenBefore !== null && Date.parse(createdAt) > Date.parse(seenBefore);

/**
 * Freshness: a call new since the user last looked at the list. The spec's colour rule applies
 * here ("new" in any case success-coloured, any other danger-coloured).
 */
export function FreshnessBadge({ status = 'new' }: { status?: string }) {
  const { t } = useTranslation();
  const key = status.toLowerCase();
  return (
    <Badge tone={freshnessTone(status)}>
      <Sparkles size={12} aria-hidden="true" />
      {t(`tender-freshness_${key}`, { defaultValue: status })}
    </Badge>
  );
}

const MATCH_TONES = { high: 'success', medium: 'accent', low: 'warning', none: 'neutral' } as const;

/** How well a call fits the company profile, with its score out of 100. */
export function MatchBadge({ matchStatus, score }: { matchStatus: MatchStatus; score: number }) {
  const { t } = useTranslation();
  return (
    <Badge tone={MATCH_TONES[matchStatus]} dot>
      {t('tender-match_badge', { label: t(`tender-match_${matchStatus}`), score })}
    </Badge>
  );
}

/** Why a call fits: one sentence per criterion that scored, with its points. */
/** The amount criterion carries the call's amount in euros: shown as money, the others as they are. */
const reasonValues = (reason: MatchReason, language: string) => (reason.criterion === 'amount' ? reason.matched.map((v) => formatAmount(Number(v), language)) : reason.matched);

export function MatchReasons({ reasons }: { reasons: readonly MatchReason[] }) {
  const { t, i18n } = useTranslation();
  if (reasons.length === 0) return <p className={css({ color: 'fg.muted', fontSize: 'sm' })}>{t('tender-reasons_none')}</p>;
  return (
    <ul aria-label={t('tender-reasons_title')} className={css({ display: 'flex', flexDirection: 'column', gap: '1', fontSize: 'sm', listStyle: 'none' })}>
      {reasons.map((reason) => {
        // Feedback lowers a call when the company found similar ones not relevant: shown as a penalty.
        const lowered = reason.points < 0;
        return (
          <li key={`${reason.criterion}${lowered ? '-' : ''}`} className={css({ display: 'flex', gap: '2', alignItems: 'baseline' })}>
            <span className={lowered ? css({ fontVariantNumeric: 'tabular-nums', fontWeight: 'medium', color: 'danger.text', minW: '3.5rem' }) : css({ fontVariantNumeric: 'tabular-nums', fontWeight: 'medium', color: 'success.text', minW: '3.5rem' })}>
              {lowered ? t('tender-reason_penalty', { count: -reason.points }) : t('tender-reason_points', { count: reason.points })}
            </span>
            <span>{t(`tender-reason_${reason.criterion}${lowered ? '_lowered' : ''}`, { values: formatList(reasonValues(reason, i18n.language), i18n.language) })}</span>
          </li>
        );
      })}
    </ul>
  );
}

/** A submission deadline on Paris time with its zone, and the time left (or since it closed). */
export function Deadline({ value, now }: { value: string; now?: number }) {
  const { t, i18n } = useTranslation();
  // The moment the row was first shown: the list reloads often enough for "time left" to stay true.
  const [shownAt] = useState(() => Date.now());
  const at = now ?? shownAt;
  const closed = new Date(value).getTime() <= at;
  const relative = formatRelative(value, i18n.language, at);
  return (
    <span className={css({ display: 'inline-flex', flexDirection: 'column', whiteSpace: 'nowrap' })}>
      <time dateTime={value}>{formatDeadline(value, i18n.language)}</time>
      <span className={css({ fontSize: 'xs', color: closed ? 'danger.text' : 'fg.muted' })}>{closed ? t('tender-deadline_closed', { relative }) : relative}</span>
    </span>
  );
}
