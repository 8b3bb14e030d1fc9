import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { SnapshotFrom } from 'xstate';
import { ArrowRight, Calculator, CalendarRange, ExternalLink, FileSearch, FileText, Files, FolderCheck, MessagesSquare, PenLine, RotateCcw, ScrollText } from 'lucide-react';
import { css, cx } from 'styled-system/css';
import { button } from 'styled-system/recipes/button';
import type { components } from '../../../openapi/schema';
import { nextStatuses, type TenderStatus } from '../../../rules/tender-lifecycle';
import type { StatusChangeKind, tenderStatusMachine } from '../../machines/tender-status.machine';
import { Alert } from '../components/Alert';
import { Badge } from '../components/Badge';
import { Button } from '../components/Button';
import { CardBody, CardHeader, CardRoot, CardTitle } from '../components/Card';
import { Checkbox } from '../components/Checkbox';
import { Skeleton } from '../components/Skeleton';
import { Spinner } from '../components/Spinner';
import { placeLabel } from '../../../rules/france';
import { webLink } from '../../../rules/links';
import { formatAmount, formatDate, formatDateTime, formatDeadline, formatNumber } from '../format';
import { NotFoundView } from '../shell/NotFoundView';
import { Deadline, MatchBadge, MatchReasons, TenderStatusBadge } from './TenderBadges';
import { actionLabelKey, StatusChangeDialog } from './StatusChangeDialog';
import { TenderStepper } from './TenderStepper';
import { LoadFailed } from '../components/LoadFailed';
import { KeyFactValue, keyFactsByKey } from './TenderKeyFacts';

export type Tender = components['schemas']['Tender'];
export type HistoryEntry = components['schemas']['TenderHistory']['history'][number];
export type TenderLot = components['schemas']['TenderLots']['lots'][number];

/** A part of the page loaded on its own (history, lots): it fails or waits without taking the page down. */
export type Loadable<T> = { state: 'loading' } | { state: 'error'; message: string; onRetry: () => void } | { state: 'loaded'; data: T };

export type StatusChange = {
  phase: 'idle' | 'confirming' | 'saving' | 'failure';
  to: TenderStatus | null;
  kind: StatusChangeKind;
  reason: string;
  reasonError: 'required' | null;
  error: string | null;
  /** The tender is submitted and this user may reopen it. */
  canReopen: boolean;
};

/** What the view shows of the status statechart. */
export function statusChangeOf(snapshot: SnapshotFrom<typeof tenderStatusMachine>): StatusChange {
  const phase = snapshot.hasTag('saving') ? 'saving' : (snapshot.value as StatusChange['phase']);
  const { to, kind, reason, reasonError, error } = snapshot.context;
  return { phase, to, kind, reason, reasonError, error: error?.message ?? null, canReopen: snapshot.can({ type: 'status.reopen' }) };
}

export type StepperProps = {
  current: number;
  saving: boolean;
  error: string | null;
  onNext: () => void;
  onPrevious: () => void;
  onGoTo: (index: number) => void;
  onDismissError: () => void;
};

export type TenderDetailsProps = {
  tender: Tender;
  /** The clock of the time left (stories pin it). */
  now?: number;
  /** DCE analysis is for admins and managers (spec 2). */
  canDceAnalyse: boolean;
  statusChange: StatusChange;
  onChooseStatus: (to: TenderStatus) => void;
  onConfirmStatus: () => void;
  onCancelStatus: () => void;
  onReopen: () => void;
  onReasonChange: (reason: string) => void;
  history: Loadable<HistoryEntry[]>;
  lots: Loadable<TenderLot[]>;
  /** The lots shown as answered: the saved ones, or the ones being saved. */
  answeredLots: readonly number[];
  lotsSaving: boolean;
  lotsError: string | null;
  onToggleLot: (lot: number, answered: boolean) => void;
  stepper: StepperProps;
  /** The team's notes, drawn by the page (it owns their requests). */
  notes?: ReactNode;
  /** The Go/No-Go card, drawn by the page (it owns its requests). */
  goNoGo?: ReactNode;
  /** The call's market and history (issue 13), drawn by the page (it owns its request). */
  market?: ReactNode;
};

export type TenderDetailsViewProps =
  | { status: 'loading' }
  | { status: 'notFound' }
  | { status: 'error'; message: string; onRetry: () => void }
  | ({ status: 'loaded' } & TenderDetailsProps);

export function TenderDetailsView(props: TenderDetailsViewProps) {
  const { t } = useTranslation();
  switch (props.status) {
    case 'loading':
      return (
        <div className={css({ display: 'flex', flexDirection: 'column', gap: '6' })}>
          <Skeleton lines={3} label={t('tenderdetails-loading')} widths={['20%', '60%', '35%']} />
          <div className={grid}>
            <CardRoot>
              <CardBody>
                <Skeleton lines={8} label={t('tenderdetails-loading')} />
              </CardBody>
            </CardRoot>
            <CardRoot>
              <CardBody>
                <Skeleton lines={4} label={t('tenderdetails-loading')} />
              </CardBody>
            </CardRoot>
          </div>
        </div>
      );
    case 'notFound':
      return <NotFoundView />;
    case 'error':
      return (
        <LoadFailed titleAs="h1" title={t('tenderdetails-load_error')} message={props.message} onRetry={props.onRetry} />
      );
    case 'loaded':
      return <TenderDetails {...props} />;
  }
}

const grid = css({ display: 'grid', gridTemplateColumns: { base: '1fr', xl: 'minmax(0, 2fr) minmax(0, 1fr)' }, gap: '6', alignItems: 'start' });
const column = css({ display: 'flex', flexDirection: 'column', gap: '6', minW: 0 });
const row = css({ display: 'grid', gridTemplateColumns: { base: '1fr', sm: '12rem 1fr' }, gap: { base: '0.5', sm: '4' }, py: '2.5', borderBottomWidth: '1px', borderColor: 'border.default', _last: { borderBottom: 'none' } });
const term = css({ fontSize: 'sm', color: 'fg.muted' });
const value = css({ fontSize: 'sm', fontWeight: 'medium', m: 0, overflowWrap: 'anywhere' });
const muted = css({ fontSize: 'sm', color: 'fg.muted' });

function TenderDetails(props: Extract<TenderDetailsViewProps, { status: 'loaded' }>) {
  const { t } = useTranslation();
  const { tender, statusChange } = props;
  const call = tender.tenderCall;
  // Every change is confirmed: the dialog stays open while it is saved and when it is refused.
  const dialogOpen = statusChange.to !== null && statusChange.phase !== 'idle';
  return (
    <div className={css({ display: 'flex', flexDirection: 'column', gap: '6' })}>
      <header className={css({ display: 'flex', flexDirection: 'column', gap: '3' })}>
        <p className={css({ fontSize: 'sm', color: 'fg.muted', fontFamily: 'mono' })}>{call.reference}</p>
        <div className={css({ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', justifyContent: 'space-between', gap: '4' })}>
          <div className={css({ display: 'flex', flexDirection: 'column', gap: '2', minW: 0, flex: '1 1 28rem' })}>
            <h1 className={css({ fontSize: '2xl', fontWeight: 'semibold', letterSpacing: '-0.01em' })}>{call.title}</h1>
            <p className={css({ color: 'fg.muted' })}>{call.buyer}</p>
            <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '2', alignItems: 'center' })}>
              <TenderStatusBadge status={tender.status} />
              <MatchBadge matchStatus={tender.matchStatus} score={tender.matchScore} />
            </div>
          </div>
          <StatusActions {...props} />
        </div>
      </header>

      <div className={grid}>
        <div className={column}>
          <KeyFacts {...props} />
          <CardRoot>
            <CardHeader>
              <CardTitle>{t('tenderdetails-description')}</CardTitle>
            </CardHeader>
            <CardBody>
              <p className={css({ fontSize: 'sm', whiteSpace: 'pre-line', color: call.description ? 'fg.default' : 'fg.muted' })}>{call.description || t('tenderdetails-no_description')}</p>
            </CardBody>
          </CardRoot>
          <Lots {...props} />
          <CardRoot>
            <CardBody>
              <TenderStepper {...props.stepper} locked={tender.status === 'not_started'} />
            </CardBody>
          </CardRoot>
          {/* In the wide column: the buyer's past awards are a table of five columns. */}
          {props.market}
        </div>
        <div className={column}>
          <CardRoot>
            <CardHeader>
              <CardTitle>{t('tender-reasons_title')}</CardTitle>
            </CardHeader>
            <CardBody className={css({ gap: '3' })}>
              <div>
                <MatchBadge matchStatus={tender.matchStatus} score={tender.matchScore} />
              </div>
              <MatchReasons reasons={tender.matchReasons} />
            </CardBody>
          </CardRoot>
          <Documents tender={tender} />
          <PlanningCard tender={tender} />
          {props.goNoGo}
          {props.notes}
          <Workspaces tender={tender} canDceAnalyse={props.canDceAnalyse} />
          <History history={props.history} />
        </div>
      </div>

      <StatusChangeDialog
        open={dialogOpen}
        from={tender.status}
        to={statusChange.to}
        kind={statusChange.kind}
        busy={statusChange.phase === 'saving'}
        error={statusChange.phase === 'failure' ? statusChange.error : null}
        reason={statusChange.reason}
        reasonError={statusChange.reasonError}
        onReasonChange={props.onReasonChange}
        onConfirm={props.onConfirmStatus}
        onCancel={props.onCancelStatus}
      />
    </div>
  );
}

// The statuses the lifecycle allows from here, the first as the page's primary action; none once decided.
// A submitted tender also offers "Reopen" to managers and admins (a correction after submission).
function StatusActions({ tender, statusChange, onChooseStatus, onReopen }: TenderDetailsProps) {
  const { t } = useTranslation();
  const next = nextStatuses(tender.status);
  if (next.length === 0) return <p className={muted}>{t('tenderdetails-decided')}</p>;
  const busy = statusChange.phase !== 'idle';
  return (
    <div role="group" aria-label={t('tenderdetails-actions')} className={css({ display: 'flex', flexWrap: 'wrap', gap: '2' })}>
      {next.map((to, index) => (
        <Button key={to} variant={index === 0 ? 'solid' : 'outline'} disabled={busy} onClick={() => onChooseStatus(to)}>
          {t(actionLabelKey(tender.status, to))}
        </Button>
      ))}
      {statusChange.canReopen || (busy && statusChange.kind === 'reopen') ? (
        <Button variant="ghost" disabled={busy} onClick={onReopen}>
          <RotateCcw size={16} aria-hidden="true" />
          {t('tenderdetails-action_reopen')}
        </Button>
      ) : null}
    </div>
  );
}

function KeyFacts({ tender, now }: TenderDetailsProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const call = tender.tenderCall;
  const none = <span className={css({ color: 'fg.muted', fontWeight: 'normal' })}>{t('tenderdetails-not_given')}</span>;
  const place = placeLabel(call.department, call.region);
  // Only an http(s) notice link is rendered: an imported `javascript:` address would run when clicked.
  const noticeLink = webLink(call.noticeUrl);
  // Once the DCE is analysed its facts come first (the analysis is the tender's source of truth).
  const analysed = keyFactsByKey(tender.keyFacts);
  const listed = (['awardCriteria', 'awardCriteriaByLots', 'candidatureDocuments', 'offerDocuments'] as const).filter((key) => analysed[key]);
  return (
    <CardRoot>
      <CardHeader>
        <CardTitle>{t('tenderdetails-key_facts')}</CardTitle>
        {tender.keyFacts ? (
          <p className={css({ m: 0, fontSize: 'xs', color: 'fg.muted' })}>{t('tenderdetails-from_analysis', { date: formatDateTime(tender.keyFacts.analysedAt, language) })}</p>
        ) : null}
      </CardHeader>
      <CardBody className={css({ pt: '2' })}>
        <dl className={css({ m: 0 })}>
          <div className={row}>
            <dt className={term}>{t('tenderdetails-deadline')}</dt>
            <dd className={value}>
              {analysed.submissionDeadline && typeof analysed.submissionDeadline.value === 'string' ? (
                <KeyFactValue fact={analysed.submissionDeadline} now={now} />
              ) : (
                <Deadline value={call.submissionDeadline} now={now} />
              )}
            </dd>
          </div>
          <div className={row}>
            <dt className={term}>{t('tenderdetails-procedure')}</dt>
            <dd className={value}>{t(`tenderdetails-procedure_${call.procedure}`)}</dd>
          </div>
          <div className={row}>
            <dt className={term}>{t('tenderdetails-amount')}</dt>
            <dd className={value}>{call.estimatedAmount === null ? none : t('tenderdetails-amount_value', { amount: formatAmount(call.estimatedAmount, language) })}</dd>
          </div>
          <div className={row}>
            <dt className={term}>{t('tenderdetails-cpv')}</dt>
            <dd className={value}>
              {call.cpvCodes.length === 0 ? (
                none
              ) : (
                <ul className={css({ display: 'flex', flexWrap: 'wrap', gap: '1.5', listStyle: 'none', p: 0, m: 0 })}>
                  {call.cpvCodes.map((code) => (
                    <li key={code} className={css({ fontFamily: 'mono' })}>
                      <Badge tone="neutral">{code}</Badge>
                    </li>
                  ))}
                </ul>
              )}
            </dd>
          </div>
          <div className={row}>
            <dt className={term}>{t('tenderdetails-place')}</dt>
            <dd className={value}>{place || none}</dd>
          </div>
          <div className={row}>
            <dt className={term}>{t('tenderdetails-publication')}</dt>
            <dd className={value}>{call.publicationDate ? formatDate(call.publicationDate, language) : none}</dd>
          </div>
          <div className={row}>
            <dt className={term}>{t('tenderdetails-questions')}</dt>
            <dd className={value}>
              {analysed.questionsDeadline ? (
                <KeyFactValue fact={analysed.questionsDeadline} now={now} />
              ) : call.questionsDeadline ? (
                <time dateTime={call.questionsDeadline}>{formatDeadline(call.questionsDeadline, language)}</time>
              ) : (
                none
              )}
            </dd>
          </div>
          <div className={row}>
            <dt className={term}>{t('tenderdetails-site_visit')}</dt>
            <dd className={value}>
              {analysed.siteVisit ? (
                <KeyFactValue fact={analysed.siteVisit} now={now} />
              ) : call.siteVisit ? (
                <span className={css({ display: 'inline-flex', flexWrap: 'wrap', gap: '2', alignItems: 'center' })}>
                  <time dateTime={call.siteVisit.date}>{formatDateTime(call.siteVisit.date, language)}</time>
                  <Badge tone={call.siteVisit.mandatory ? 'warning' : 'neutral'}>{t(call.siteVisit.mandatory ? 'tenderdetails-visit_mandatory' : 'tenderdetails-visit_optional')}</Badge>
                </span>
              ) : (
                t('tenderdetails-no_visit')
              )}
            </dd>
          </div>
          {listed.map((key) => (
            <div key={key} className={row}>
              <dt className={term}>{t(`dcefact-${key}`)}</dt>
              <dd className={value}>
                <KeyFactValue fact={analysed[key]!} now={now} />
              </dd>
            </div>
          ))}
          <div className={row}>
            <dt className={term}>{t('tenderdetails-notice')}</dt>
            <dd className={value}>
              {noticeLink ? (
                <a href={noticeLink} target="_blank" rel="noopener noreferrer" className={css({ display: 'inline-flex', alignItems: 'center', gap: '1' })}>
                  {t('tenderdetails-notice_link')}
                  <ExternalLink size={14} aria-hidden="true" />
                  <span className={css({ srOnly: true })}>{t('tenderdetails-new_tab')}</span>
                </a>
              ) : (
                none
              )}
            </dd>
          </div>
          <div className={row}>
            <dt className={term}>{t('tenderdetails-source')}</dt>
            <dd className={value}>{t(`tenderdetails-source_${call.source}`)}</dd>
          </div>
          <div className={row}>
            <dt className={term}>{t('tenderdetails-company')}</dt>
            <dd className={value}>{tender.company.name}</dd>
          </div>
        </dl>
      </CardBody>
    </CardRoot>
  );
}

function Lots({ lots, answeredLots, lotsSaving, lotsError, onToggleLot }: TenderDetailsProps) {
  const { t, i18n } = useTranslation();
  return (
    <CardRoot aria-busy={lotsSaving || lots.state === 'loading'}>
      <CardHeader>
        <CardTitle>{t('tenderdetails-lots')}</CardTitle>
      </CardHeader>
      <CardBody className={css({ gap: '3' })}>
        {lotsError ? <Alert status="error" title={t('tenderdetails-lots_save_error')}>{lotsError}</Alert> : null}
        {lots.state === 'loading' ? <Skeleton lines={3} label={t('tenderdetails-lots_loading')} /> : null}
        {lots.state === 'error' ? <PartError message={lots.message} onRetry={lots.onRetry} title={t('tenderdetails-lots_load_error')} /> : null}
        {lots.state === 'loaded' && lots.data.length === 0 ? <p className={muted}>{t('tenderdetails-no_lots')}</p> : null}
        {lots.state === 'loaded' && lots.data.length > 0 ? (
          <fieldset disabled={lotsSaving} className={css({ border: 'none', p: 0, m: 0, minW: 0 })}>
            <legend className={css({ fontSize: 'sm', color: 'fg.muted', mb: '2' })}>{t('tenderdetails-lots_help')}</legend>
            <ul className={css({ listStyle: 'none', p: 0, m: 0, display: 'flex', flexDirection: 'column' })}>
              {lots.data.map((lot) => (
                <li key={lot.number} className={css({ display: 'flex', flexWrap: 'wrap', justifyContent: 'space-between', alignItems: 'center', gap: '3', py: '2', borderBottomWidth: '1px', borderColor: 'border.default', _last: { borderBottom: 'none' } })}>
                  <Checkbox
                    label={t('tenderdetails-lot_label', { number: lot.number, title: lot.title })}
                    checked={answeredLots.includes(lot.number)}
                    onChange={(event) => onToggleLot(lot.number, event.currentTarget.checked)}
                  />
                  <span className={cx(muted, css({ fontVariantNumeric: 'tabular-nums' }))}>
                    {lot.estimatedAmount === null ? t('tenderdetails-not_given') : t('tenderdetails-amount_value', { amount: formatAmount(lot.estimatedAmount, i18n.language) })}
                  </span>
                </li>
              ))}
            </ul>
            <p className={cx(muted, css({ mt: '2', display: 'flex', alignItems: 'center', gap: '2' }))} aria-live="polite">
              {lotsSaving ? <Spinner size="sm" label={t('stepper-saving')} /> : null}
              {t('tenderdetails-lots_answered', { count: answeredLots.length, total: lots.data.length })}
            </p>
          </fieldset>
        ) : null}
      </CardBody>
    </CardRoot>
  );
}

function PartError({ title, message, onRetry }: { title: string; message: string; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert status="error" title={title}>
      {message}{' '}
      <Button variant="ghost" size="sm" onClick={onRetry}>
        {t('page-retry')}
      </Button>
    </Alert>
  );
}

function Documents({ tender }: { tender: Tender }) {
  const { t, i18n } = useTranslation();
  return (
    <CardRoot>
      <CardHeader>
        <CardTitle>{t('tenderdetails-documents')}</CardTitle>
      </CardHeader>
      <CardBody className={css({ gap: '3' })}>
        <p className={css({ display: 'flex', alignItems: 'center', gap: '3' })}>
          <Files size={20} aria-hidden="true" className={css({ color: 'accent.text' })} />
          <span className={css({ fontSize: '2xl', fontWeight: 'semibold' })}>{formatNumber(tender.documentsCount, i18n.language)}</span>
          <span className={muted}>{t('tenderdetails-documents_count', { count: tender.documentsCount })}</span>
        </p>
        <Link href={`/tenders/${tender._id}/docs`} className={cx(button({ variant: 'outline' }), css({ alignSelf: 'flex-start' }))}>
          <FileText size={16} aria-hidden="true" />
          {t('tenderdetails-documents_link')}
        </Link>
      </CardBody>
    </CardRoot>
  );
}

// The response planning: its own page, /tenders/{id}/planning (issue 5).
function PlanningCard({ tender }: { tender: Tender }) {
  const { t } = useTranslation();
  return (
    <CardRoot>
      <CardHeader>
        <CardTitle>{t('tenderdetails-planning')}</CardTitle>
      </CardHeader>
      <CardBody className={css({ gap: '3' })}>
        <p className={muted}>{t('tenderdetails-planning_text')}</p>
        <Link href={`/tenders/${tender._id}/planning`} className={cx(button({ variant: 'outline' }), css({ alignSelf: 'flex-start' }))}>
          <CalendarRange size={16} aria-hidden="true" />
          {t('tenderdetails-planning_link')}
        </Link>
      </CardBody>
    </CardRoot>
  );
}

// The guarded pages open once work on the tender has started (spec 2 and 4).
function Workspaces({ tender, canDceAnalyse }: { tender: Tender; canDceAnalyse: boolean }) {
  const { t } = useTranslation();
  const links = [
    ...(canDceAnalyse ? [{ href: `/tender/dce-analyse/${tender._id}`, label: 'tenderdetails-link_dce', icon: FileSearch }] : []),
    { href: `/tender/cctp-analyse/${tender._id}`, label: 'tenderdetails-link_cctp', icon: ScrollText },
    { href: `/tender/chat/${tender._id}`, label: 'tenderdetails-link_chat', icon: MessagesSquare },
    { href: `/tender/assisted-writing/${tender._id}`, label: 'tenderdetails-link_writing', icon: PenLine },
    { href: `/tender/prices/${tender._id}`, label: 'tenderdetails-link_prices', icon: Calculator },
    // The last step of the response: the folder handed to the buyer's platform (issue 26).
    { href: `/tenders/${tender._id}/submission`, label: 'submission-tender_link', icon: FolderCheck },
  ];
  return (
    <CardRoot>
      <CardHeader>
        <CardTitle>{t('tenderdetails-workspaces')}</CardTitle>
      </CardHeader>
      <CardBody>
        {tender.status === 'not_started' ? (
          <p className={muted}>{t('tenderdetails-workspaces_locked')}</p>
        ) : (
          <ul className={css({ listStyle: 'none', p: 0, m: 0, display: 'flex', flexDirection: 'column', gap: '1' })}>
            {links.map(({ href, label, icon: Icon }) => (
              <li key={href}>
                <Link href={href} className={css({ display: 'flex', alignItems: 'center', gap: '2', py: '1.5', fontSize: 'sm', fontWeight: 'medium' })}>
                  <Icon size={16} aria-hidden="true" />
                  <span className={css({ flex: 1 })}>{t(label)}</span>
                  <ArrowRight size={14} aria-hidden="true" />
                </Link>
              </li>
            ))}
          </ul>
        )}
      </CardBody>
    </CardRoot>
  );
}

function History({ history }: { history: Loadable<HistoryEntry[]> }) {
  const { t, i18n } = useTranslation();
  return (
    <CardRoot aria-busy={history.state === 'loading'}>
      <CardHeader>
        <CardTitle>{t('tenderdetails-history')}</CardTitle>
      </CardHeader>
      <CardBody>
        {history.state === 'loading' ? <Skeleton lines={3} label={t('tenderdetails-history_loading')} /> : null}
        {history.state === 'error' ? <PartError title={t('tenderdetails-history_load_error')} message={history.message} onRetry={history.onRetry} /> : null}
        {history.state === 'loaded' ? (
          <ol className={css({ listStyle: 'none', p: 0, m: 0, display: 'flex', flexDirection: 'column' })}>
            {[...history.data].reverse().map((entry) => (
              <li key={entry._id} className={css({ position: 'relative', pl: '5', pb: '4', borderLeftWidth: '2px', borderColor: 'border.default', ml: '1.5', _last: { pb: 0, borderColor: 'transparent' } })}>
                <span aria-hidden="true" className={css({ position: 'absolute', left: '-7px', top: '1', w: '3', h: '3', borderRadius: 'full', bg: 'accent.default', borderWidth: '2px', borderColor: 'bg.default' })} />
                <p className={css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '1.5', fontSize: 'sm' })}>
                  {entry.from ? (
                    <>
                      <TenderStatusBadge status={entry.from} />
                      <span aria-hidden="true">→</span>
                      <span className={css({ srOnly: true })}>{t('tenderdetails-history_to')}</span>
                    </>
                  ) : (
                    <span>{t('tenderdetails-history_created')}</span>
                  )}
                  <TenderStatusBadge status={entry.to} />
                </p>
                {entry.reason ? (
                  <p className={css({ fontSize: 'sm', mt: '1', pl: '2', borderLeftWidth: '2px', borderColor: 'border.emphasized', overflowWrap: 'anywhere', whiteSpace: 'pre-line' })}>
                    {t('tenderdetails-history_reason', { reason: entry.reason })}
                  </p>
                ) : null}
                <p className={css({ fontSize: 'xs', color: 'fg.muted', mt: '1' })}>
                  {t('tenderdetails-history_by', { who: entry.changedBy?.username ?? t('tenderdetails-history_system') })} · <time dateTime={entry.changedAt}>{formatDateTime(entry.changedAt, i18n.language)}</time>
                </p>
              </li>
            ))}
          </ol>
        ) : null}
      </CardBody>
    </CardRoot>
  );
}
