import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { ArrowRight, Building2, EyeOff, Plus, Radar } from 'lucide-react';
import { css } from 'styled-system/css';
import { button } from 'styled-system/recipes/button';
import { Alert } from '../components/Alert';
import { Button } from '../components/Button';
import { Dialog } from '../components/Dialog';
import { SearchInput } from '../components/SearchInput';
import { Select } from '../components/Select';
import { Spinner } from '../components/Spinner';
import { Table, TableCell, TableHead, TableHeader, TableRow } from '../components/Table';
import { formatAmount } from '../format';
import { placeLabel } from '../../../rules/france';
import { ListFrame, PageHeading, type ListState } from '../components/ListFrame';
import { TenderCallForm, PROCEDURES } from './TenderCallForm';
import { Deadline, FreshnessBadge, isNewSince, MatchBadge, MatchReasons } from './TenderBadges';
import { FeedbackBar, FeedbackButtons, ReasonDialog, type FeedbackProps } from './CallFeedback';
import { MATCH_STATUSES } from './TendersView';
import type { MatchStatus, PotentialRow, Procedure, TenderCallInput } from './tender-types';

export type PotentialTendersViewProps = {
  /** Admins see every call, how many companies work it, and enter or assign calls; staff add to their pipeline. */
  admin: boolean;
  /** Staff: their company's page, where the profile that drives the match is edited. */
  profileHref: string | null;
  /** The user's previous visit of this list: calls entered since are marked "New"; null marks none. */
  seenBefore: string | null;
  list: ListState<PotentialRow>;
  search: string;
  matchStatus: MatchStatus | '';
  procedure: Procedure | '';
  onSearch: (search: string) => void;
  onMatchStatus: (matchStatus: MatchStatus | '') => void;
  onProcedure: (procedure: Procedure | '') => void;
  onPage: (page: number) => void;
  onRetry: () => void;
  /** The call being added to the pipeline (staff) while the request runs. */
  adding: string | null;
  addError: string | null;
  /** The tender just created (staff add, admin assignment): a banner links to it. */
  added: { tenderId: string; title: string } | null;
  onAdd: (row: PotentialRow) => void;
  onDismissAdded: () => void;
  // Admin: a new call entered by hand.
  creating: boolean;
  createBusy: boolean;
  createError: string | null;
  /** The refusal's per-field details, shown under their inputs. */
  createErrorDetails?: unknown;
  onCreate: () => void;
  onSaveCall: (values: TenderCallInput) => void;
  onCloseCreate: () => void;
  // Admin: a call put in a company's pipeline.
  assigning: PotentialRow | null;
  assignBusy: boolean;
  assignError: string | null;
  companies: { _id: string; name: string }[];
  onAssign: (row: PotentialRow) => void;
  onConfirmAssign: (companyId: string) => void;
  onCloseAssign: () => void;
  /** Staff: "Pertinent" / "Pas pertinent" on each call, and the calls set aside (issue 13). */
  feedback?: FeedbackProps;
  /** Staff: the company's saved searches as a filter of the list (issue 24), and their card. */
  savedSearches?: { options: { _id: string; name: string }[]; value: string; onChange: (id: string) => void };
  savedSearchesCard?: ReactNode;
};

const CREATE_FORM = 'tender-call-create';

function placeOf(row: PotentialRow): string {
  return placeLabel(row.tenderCall.department, row.tenderCall.region);
}

export function PotentialTendersView(props: PotentialTendersViewProps) {
  const { t, i18n } = useTranslation();
  const { list, admin } = props;
  const feedback = admin ? undefined : props.feedback;
  const create = admin ? (
    <Button onClick={props.onCreate}>
      <Plus size={16} aria-hidden="true" />
      {t('potential-create')}
    </Button>
  ) : undefined;
  return (
    <div className={css({ display: 'flex', flexDirection: 'column', gap: '6' })}>
      <PageHeading title={t('potential-title')} description={admin ? t('potential-subtitle_admin') : t('potential-subtitle')} action={create} />
      {props.added ? (
        <Alert status="success" title={t('potential-added_title')}>
          <span className={css({ display: 'flex', flexWrap: 'wrap', gap: '3', alignItems: 'center' })}>
            {t('potential-added_text', { title: props.added.title })}
            <Link href={`/tenders/${props.added.tenderId}`} className={css({ fontWeight: 'medium', display: 'inline-flex', alignItems: 'center', gap: '1' })}>
              {t('potential-open_tender')}
              <ArrowRight size={14} aria-hidden="true" />
            </Link>
            <Button size="sm" variant="ghost" onClick={props.onDismissAdded}>
              {t('dialog-close')}
            </Button>
          </span>
        </Alert>
      ) : null}
      {props.addError ? (
        <Alert status="error" title={t('potential-add_error')}>
          {props.addError}
        </Alert>
      ) : null}
      {feedback ? <FeedbackBar feedback={feedback} /> : null}
      {admin ? null : props.savedSearchesCard}
      <ListFrame
        list={list}
        narrowed={props.search.trim() !== '' || props.matchStatus !== '' || props.procedure !== '' || Boolean(props.savedSearches?.value)}
        onRetry={props.onRetry}
        onPageChange={props.onPage}
        empty={
          feedback?.hidden
            ? { icon: <EyeOff size={22} />, title: t('feedback-hidden_empty_title'), description: t('feedback-hidden_empty_text') }
            : {
                icon: <Radar size={22} />,
                title: t('potential-empty_title'),
                description: admin ? t('potential-empty_text_admin') : t('potential-empty_text'),
                actions: props.profileHref ? (
                  <Link href={props.profileHref} className={button({ variant: 'outline' })}>
                    {t('potential-empty_action')}
                  </Link>
                ) : undefined,
              }
        }
        toolbar={
          <>
            <SearchInput label={t('tenders-search')} placeholder={t('tenders-search_placeholder')} value={props.search} onChange={props.onSearch} />
            {admin ? null : (
              <Select
                label={t('tenders-filter_match')}
                value={props.matchStatus}
                options={[{ value: '', label: t('tenders-all_matches') }, ...MATCH_STATUSES.map((m) => ({ value: m, label: t(`tender-match_${m}`) }))]}
                onChange={(v) => props.onMatchStatus(v as MatchStatus | '')}
              />
            )}
            <Select
              label={t('potential-filter_procedure')}
              value={props.procedure}
              options={[{ value: '', label: t('potential-all_procedures') }, ...PROCEDURES.map((p) => ({ value: p, label: t(`tenderdetails-procedure_${p}`) }))]}
              onChange={(v) => props.onProcedure(v as Procedure | '')}
            />
            {!admin && props.savedSearches && props.savedSearches.options.length > 0 ? (
              <Select
                label={t('saved_searches-filter')}
                value={props.savedSearches.value}
                options={[{ value: '', label: t('saved_searches-filter_all') }, ...props.savedSearches.options.map((o) => ({ value: o._id, label: o.name }))]}
                onChange={props.savedSearches.onChange}
              />
            ) : null}
          </>
        }
      >
        {/* On phones each call is a card: its deadline and amount stay in view (issue 10). */}
        <Table caption={feedback?.hidden ? t('feedback-hidden_list') : t('potential-title')} stackOnPhone>
          <TableHead>
            <TableRow>
              <TableHeader>{t('tenders-col_tender')}</TableHeader>
              <TableHeader>{t('tenders-col_buyer')}</TableHeader>
              <TableHeader>{t('tenders-col_deadline')}</TableHeader>
              <TableHeader className={css({ textAlign: 'end', whiteSpace: 'normal' })}>{t('potential-col_amount')}</TableHeader>
              <TableHeader>{admin ? t('potential-col_companies') : t('tenders-col_match')}</TableHeader>
              <TableHeader>
                <span className={css({ srOnly: true })}>{t('adminusers-col_actions')}</span>
              </TableHeader>
            </TableRow>
          </TableHead>
          <tbody>
            {list.items.map((row) => {
              const call = row.tenderCall;
              return (
                <TableRow key={row._id}>
                  <TableCell className={css({ minW: '13rem', maxW: '30rem' })}>
                    <div className={css({ display: 'flex', flexDirection: 'column', gap: '1' })}>
                      <span className={css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '2' })}>
                        {isNewSince(call.createdAt, props.seenBefore) ? <FreshnessBadge /> : null}
                        <span className={css({ fontFamily: 'mono', fontSize: 'xs', color: 'fg.muted' })}>
                          {call.reference} · {t(`tenderdetails-procedure_${call.procedure}`)}
                        </span>
                      </span>
                      <span className={css({ fontWeight: 'medium' })}>{call.title}</span>
                      {/* "Pourquoi ?" and the verdict's icon buttons share one line: the row stays one line taller, not two. */}
                      <div className={css({ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', columnGap: '3', rowGap: '1' })}>
                        {admin ? null : (
                          <details className={css({ flex: '1 1 8rem', fontSize: 'sm', '& > summary': { cursor: 'pointer', color: 'accent.text', w: 'fit-content', lineHeight: '2rem' } })}>
                            <summary>{t('potential-why')}</summary>
                            <div className={css({ pt: '2' })}>
                              <MatchReasons reasons={row.matchReasons} />
                            </div>
                          </details>
                        )}
                        {feedback ? <FeedbackButtons row={row} feedback={feedback} /> : null}
                      </div>
                    </div>
                  </TableCell>
                  <TableCell label={t('tenders-col_buyer')} className={css({ minW: '8rem' })}>
                    <div className={css({ display: 'flex', flexDirection: 'column' })}>
                      <span>{call.buyer}</span>
                      <span className={css({ fontSize: 'xs', color: 'fg.muted' })}>{placeOf(row)}</span>
                    </div>
                  </TableCell>
                  <TableCell label={t('tenders-col_deadline')}>
                    <Deadline value={call.submissionDeadline} />
                  </TableCell>
                  <TableCell label={t('potential-col_amount')} className={css({ textAlign: 'end', whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' })}>
                    <div className={css({ display: 'flex', flexDirection: 'column' })}>
                      {call.estimatedAmount === null ? <span className={css({ color: 'fg.muted' })}>{t('potential-amount_unknown')}</span> : formatAmount(call.estimatedAmount, i18n.language)}
                      <span className={css({ fontSize: 'xs', color: 'fg.muted' })}>{call.lots.length === 0 ? t('tenders-lots_single') : t('potential-lots_count', { count: call.lots.length })}</span>
                    </div>
                  </TableCell>
                  <TableCell label={admin ? t('potential-col_companies') : t('tenders-col_match')}>
                    {admin ? (
                      <span className={css({ display: 'inline-flex', alignItems: 'center', gap: '1.5', color: 'fg.muted', whiteSpace: 'nowrap' })}>
                        <Building2 size={14} aria-hidden="true" />
                        {t('potential-companies_count', { count: row.companiesCount })}
                      </span>
                    ) : (
                      <MatchBadge matchStatus={row.matchStatus} score={row.matchScore} />
                    )}
                  </TableCell>
                  <TableCell>
                    <div className={css({ display: 'flex', justifyContent: 'flex-end' })}>
                      {admin ? (
                        <Button size="sm" variant="outline" onClick={() => props.onAssign(row)} aria-label={t('list-action_named', { action: t('potential-assign'), target: call.title })}>
                          {t('potential-assign_confirm')}
                        </Button>
                      ) : row.tenderId ? (
                        <Link href={`/tenders/${row.tenderId}`} className={css({ fontWeight: 'medium', whiteSpace: 'nowrap' })}>
                          {t('potential-in_pipeline')}
                        </Link>
                      ) : (
                        <Button
                          size="sm"
                          onClick={() => props.onAdd(row)}
                          disabled={props.adding !== null}
                          aria-label={t('list-action_named', { action: t('potential-add'), target: call.title })}
                        >
                          {props.adding === row._id ? <Spinner size="sm" label={t('common-loading')} /> : <Plus size={14} aria-hidden="true" />}
                          {t('potential-add_short')}
                        </Button>
                      )}
                    </div>
                  </TableCell>
                </TableRow>
              );
            })}
          </tbody>
        </Table>
      </ListFrame>
      {admin ? (
        <>
          <Dialog
            open={props.creating}
            size="lg"
            onClose={props.createBusy ? () => undefined : props.onCloseCreate}
            title={t('potential-create_title')}
            description={t('potential-create_text')}
            footer={
              <>
                <Button variant="outline" onClick={props.onCloseCreate} disabled={props.createBusy}>
                  {t('dialog-cancel')}
                </Button>
                <Button type="submit" form={CREATE_FORM} disabled={props.createBusy}>
                  {props.createBusy ? <Spinner size="sm" label={t('common-loading')} /> : null}
                  {t('potential-create_submit')}
                </Button>
              </>
            }
          >
            {props.creating ? <TenderCallForm id={CREATE_FORM} submitting={props.createBusy} error={props.createError} errorDetails={props.createErrorDetails} onSubmit={props.onSaveCall} /> : null}
          </Dialog>
          <AssignDialog {...props} />
        </>
      ) : null}
      {feedback ? <ReasonDialog key={feedback.asking?.id ?? 'none'} feedback={feedback} /> : null}
    </div>
  );
}

function AssignDialog(props: PotentialTendersViewProps) {
  const { t } = useTranslation();
  const row = props.assigning;
  const [companyId, setCompanyId] = useState('');
  const [missing, setMissing] = useState(false);
  const close = () => {
    setCompanyId('');
    setMissing(false);
    props.onCloseAssign();
  };
  return (
    <Dialog
      open={row !== null}
      onClose={props.assignBusy ? () => undefined : close}
      title={t('potential-assign_title')}
      description={row ? t('potential-assign_text', { title: row.tenderCall.title }) : undefined}
      footer={
        <>
          <Button variant="outline" onClick={close} disabled={props.assignBusy}>
            {t('dialog-cancel')}
          </Button>
          <Button
            disabled={props.assignBusy}
            onClick={() => {
              if (companyId === '') setMissing(true);
              else props.onConfirmAssign(companyId);
            }}
          >
            {props.assignBusy ? <Spinner size="sm" label={t('common-loading')} /> : null}
            {t('potential-assign_confirm')}
          </Button>
        </>
      }
    >
      <div className={css({ display: 'flex', flexDirection: 'column', gap: '3' })}>
        {props.assignError ? (
          <Alert status="error" title={t('potential-assign_error')}>
            {props.assignError}
          </Alert>
        ) : null}
        <Select
          label={t('tenders-col_company')}
          value={companyId}
          disabled={props.assignBusy}
          aria-invalid={missing ? true : undefined}
          options={[{ value: '', label: t('potential-pick_company') }, ...props.companies.map((c) => ({ value: c._id, label: c.name }))]}
          onChange={(v) => {
            setCompanyId(v);
            setMissing(false);
          }}
        />
        {missing ? <p className={css({ color: 'danger.text', fontSize: 'sm' })}>{t('potential-pick_company_required')}</p> : null}
      </div>
    </Dialog>
  );
}
