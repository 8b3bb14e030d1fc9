import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ArrowLeft, CircleCheck, CircleX, Clock, Download, ExternalLink, FileArchive, FolderCheck, Hourglass, LoaderCircle, Send, TriangleAlert, Undo2 } from 'lucide-react';
import { Link } from 'wouter';
import { css, cx } from 'styled-system/css';
import { button } from 'styled-system/recipes/button';
import { VAULT_KINDS_OF, type Submission, type SubmissionCheck, type SubmissionDeposit, type SubmissionPiece, type VaultDocument } from '../../machines/submission.machine';
import { Alert } from '../components/Alert';
import { Badge } from '../components/Badge';
import { Button } from '../components/Button';
import { CardBody, CardHeader, CardRoot, CardTitle } from '../components/Card';
import { Dialog } from '../components/Dialog';
import { TextField } from '../components/Field';
import { FileDrop } from '../components/FileDrop';
import { LoadFailed } from '../components/LoadFailed';
import { Select } from '../components/Select';
import { Skeleton } from '../components/Skeleton';
import { formatDateTime, formatDeadline, formatRelative, isoToParis, parisToIso } from '../format';
import { formatFileSize } from '../format-size';
import type { SubmissionViewState } from './submission-view-state';
import { GroupementCard, type GroupementActions } from './GroupementCard';

export type SubmissionViewProps = SubmissionViewState & {
  /** The clock the countdowns read (the page ticks it; stories fix it). */
  now: number;
  onRetry: () => void;
  onRefresh: () => void;
  onUpload: (code: string, file: File) => void;
  onChoose: (code: string, companyDocumentId: string) => void;
  onClear: (code: string) => void;
  onDismiss: () => void;
  onVaultRetry: () => void;
  onOpenDeposit: () => void;
  onSendDeposit: (depositedAt: string, acknowledgement: File) => void;
  onCloseDeposit: () => void;
  groupementActions: GroupementActions;
};

const muted = css({ fontSize: 'sm', color: 'fg.muted' });
const small = css({ fontSize: 'xs', color: 'fg.muted', overflowWrap: 'anywhere' });
const plainList = css({ listStyle: 'none', p: 0, m: 0, display: 'flex', flexDirection: 'column', gap: '2' });
const linkStyle = css({ color: 'accent.text', textDecoration: 'underline', textUnderlineOffset: '2px' });
const useLanguage = () => useTranslation().i18n.resolvedLanguage ?? 'fr';

/** /tenders/:tenderId/submission: the folder handed to the buyer's platform, its pre-flight and its deposit (issue 26). */
export function SubmissionView(props: SubmissionViewProps) {
  const { t } = useTranslation();
  return (
    <div className={css({ display: 'flex', flexDirection: 'column', gap: '5', minW: 0 })}>
      <Link href={`/tenders/${props.tenderId}`} className={css({ display: 'inline-flex', alignItems: 'center', gap: '1', fontSize: 'sm', color: 'accent.text', textDecoration: 'underline', alignSelf: 'flex-start' })}>
        <ArrowLeft size={14} aria-hidden="true" />
        {t('submission-back_tender')}
      </Link>
      <h1 className={css({ fontSize: '2xl', fontWeight: 'bold' })}>{t('submission-page_title')}</h1>
      {/* Always in the page, so that a result arriving later (a piece, the deposit) is read out. */}
      <p role="status" aria-live="polite" className={css({ fontSize: 'sm', color: 'success.text', _empty: { display: 'none' } })}>
        {props.announcement ?? ''}
      </p>
      {props.state === 'loading' ? <Skeleton lines={8} label={t('submission-loading')} /> : null}
      {props.state === 'failed' ? <LoadFailed title={t('submission-load_failed')} message={props.loadError} onRetry={props.onRetry} /> : null}
      {props.submission && props.state !== 'loading' && props.state !== 'failed' ? <Folder {...props} submission={props.submission} /> : null}
    </div>
  );
}

function Folder(props: SubmissionViewProps & { submission: Submission }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const { submission } = props;
  const deposited = submission.deposit !== null;
  return (
    <>
      <FolderHeader {...props} />
      {props.refresh.state === 'failed' ? (
        <Alert status="warning" title={t('submission-refresh_failed')}>
          {props.refresh.error}
        </Alert>
      ) : null}
      <Checks checks={submission.checks} />
      <GroupementCard view={props.groupement} actions={props.groupementActions} />
      <section aria-labelledby="submission-pieces" className={css({ display: 'flex', flexDirection: 'column', gap: '4' })}>
        <h2 id="submission-pieces" className={css({ fontSize: 'xl', fontWeight: 'semibold' })}>
          {t('submission-pieces_title')}
        </h2>
        {deposited ? <p className={muted}>{t('submission-frozen')}</p> : null}
        {props.vault.state === 'failed' && !deposited ? (
          <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '2', alignItems: 'center' })}>
            <Alert status="warning" title={t('submission-vault_failed')}>
              {props.vault.error}
            </Alert>
            <Button size="sm" variant="outline" onClick={props.onVaultRetry}>
              {t('submission-vault_retry')}
            </Button>
          </div>
        ) : null}
        <Part part="candidature" {...props} />
        <Part part="offre" {...props} />
      </section>
      <section aria-labelledby="submission-zip" className={css({ display: 'flex', flexDirection: 'column', gap: '2' })}>
        <h2 id="submission-zip" className={css({ fontSize: 'xl', fontWeight: 'semibold' })}>
          {t('submission-zip_title')}
        </h2>
        <p className={muted}>{zipText(submission, t, language)}</p>
        <a href={`/api/tenders/${props.tenderId}/submission.zip`} download className={cx(button({ variant: 'outline' }), css({ alignSelf: 'flex-start' }))}>
          <FileArchive size={16} aria-hidden="true" />
          {t('submission-zip_download')}
        </a>
      </section>
      <DepositSection {...props} />
    </>
  );
}

/**
 * The folder's size as far as it is known: generated pieces are made when downloaded or zipped, so
 * their size is not known before; the text says so rather than a total that leaves them out.
 */
function zipText(submission: Submission, t: (key: string, vars?: Record<string, string>) => string, language: string) {
  if (submission.deposit) return t('submission-zip_text_deposited', { size: formatFileSize(submission.deposit.totalBytes, language) });
  const size = formatFileSize(submission.totalBytes, language);
  if (!submission.pieces.some((piece) => piece.file && piece.file.bytes === null)) return t('submission-zip_text', { size });
  return submission.totalBytes > 0 ? t('submission-zip_text_partial', { size }) : t('submission-zip_text_generated');
}

const STATE_ICON = { preparing: Hourglass, ready: FolderCheck, deposited: CircleCheck } as const;
const STATE_TONE = { preparing: 'warning', ready: 'success', deposited: 'accent' } as const;

/** Where the folder stands, and the two clocks that matter: the deadline, and when to start uploading by. */
function FolderHeader(props: SubmissionViewProps & { submission: Submission }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const { submission } = props;
  const state = props.state as 'preparing' | 'ready' | 'deposited';
  const Icon = STATE_ICON[state];
  const { platform } = submission;
  return (
    <section aria-labelledby="submission-summary" className={css({ display: 'flex', flexDirection: 'column', gap: '3' })}>
      <div className={css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '3' })}>
        <h2 id="submission-summary" className={css({ srOnly: true })}>
          {t('submission-summary')}
        </h2>
        <Badge tone={STATE_TONE[state]}>
          <Icon size={14} aria-hidden="true" />
          {t(`submission-state_${state}`)}
        </Badge>
        <Button size="sm" variant="ghost" onClick={props.onRefresh} disabled={props.refresh.state === 'refreshing'}>
          {props.refresh.state === 'refreshing' ? <LoaderCircle size={14} aria-hidden="true" /> : null}
          {t(props.refresh.state === 'refreshing' ? 'submission-refreshing' : 'submission-refresh')}
        </Button>
      </div>
      <div className={css({ display: 'grid', gridTemplateColumns: { base: '1fr', sm: 'repeat(2, minmax(0, 1fr))' }, gap: '3' })}>
        <Countdown
          icon={<Clock size={18} aria-hidden="true" />}
          title={t('submission-deadline')}
          at={submission.deadline}
          now={props.now}
          unknown={t('submission-deadline_unknown')}
          detail={submission.deadline ? formatDeadline(submission.deadline, language) : null}
        />
        <Countdown
          icon={<Send size={18} aria-hidden="true" />}
          title={t('submission-start_by')}
          at={submission.startBy ?? null}
          now={props.now}
          unknown={t('submission-start_by_unknown')}
          detail={
            submission.startBy
              ? `${formatDeadline(submission.startBy, language)}${submission.uploadMbps ? ` · ${t('submission-upload_speed', { mbps: submission.uploadMbps })}` : ''}`
              : null
          }
        />
      </div>
      <p className={muted}>
        {platform.name ? (
          platform.url ? (
            <a href={platform.url} target="_blank" rel="noreferrer" className={linkStyle}>
              {t('submission-platform', { name: platform.name })}
              <ExternalLink size={12} aria-hidden="true" className={css({ display: 'inline', ml: '1' })} />
              <span className={css({ srOnly: true })}>{t('submission-new_tab')}</span>
            </a>
          ) : (
            t('submission-platform', { name: platform.name })
          )
        ) : (
          t('submission-platform_unknown')
        )}
        {platform.maxFileBytes ? ` · ${t('submission-max_file', { size: formatFileSize(platform.maxFileBytes, language) })}` : ''}
        {platform.maxTotalBytes ? ` · ${t('submission-max_total', { size: formatFileSize(platform.maxTotalBytes, language) })}` : ''}
        {platform.source ? <span className={cx(small, css({ display: 'block' }))}>{t('submission-source', { source: platform.source })}</span> : null}
      </p>
    </section>
  );
}

function Countdown({ icon, title, at, now, unknown, detail }: { icon: ReactNode; title: string; at: string | null; now: number; unknown: string; detail: string | null }) {
  const language = useLanguage();
  const past = at !== null && Date.parse(at) <= now;
  return (
    <div className={css({ display: 'flex', gap: '3', p: '3', borderWidth: '1px', borderColor: past ? 'danger.border' : 'border.default', borderRadius: 'md', bg: 'bg.subtle', minW: 0 })}>
      <span className={css({ color: past ? 'danger.text' : 'fg.muted', pt: '0.5' })}>{icon}</span>
      <div className={css({ minW: 0 })}>
        <h3 className={css({ fontSize: 'sm', fontWeight: 'semibold' })}>{title}</h3>
        <p className={css({ fontSize: 'lg', fontWeight: 'bold' })} data-testid="countdown">
          {at ? formatRelative(at, language, now) : unknown}
        </p>
        {detail ? <p className={small}>{detail}</p> : null}
      </div>
    </div>
  );
}

const checkRank = (check: SubmissionCheck) => (check.ok ? 2 : check.severity === 'warning' ? 1 : 0);

/** The pre-flight: failed errors, failed warnings, then what passed; each with where its rule comes from. */
function Checks({ checks }: { checks: SubmissionCheck[] }) {
  const { t } = useTranslation();
  // The server orders failures first; kept in that order within each group.
  const ordered = checks.map((check, index) => ({ check, index })).sort((a, b) => checkRank(a.check) - checkRank(b.check) || a.index - b.index);
  return (
    <section aria-labelledby="submission-checks" className={css({ display: 'flex', flexDirection: 'column', gap: '2' })}>
      <h2 id="submission-checks" className={css({ fontSize: 'xl', fontWeight: 'semibold' })}>
        {t('submission-checks_title')}
      </h2>
      {ordered.length === 0 ? (
        <p className={muted}>{t('submission-checks_none')}</p>
      ) : (
        <ul className={plainList}>
          {ordered.map(({ check, index }) => (
            <li key={`${check.key}-${index}`} data-check={checkRank(check) === 0 ? 'error' : checkRank(check) === 1 ? 'warning' : 'ok'}>
              <CheckLine check={check} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function CheckLine({ check }: { check: SubmissionCheck }) {
  const { t } = useTranslation();
  const rank = checkRank(check);
  const Icon = rank === 0 ? CircleX : rank === 1 ? TriangleAlert : CircleCheck;
  const tone = rank === 0 ? 'danger.text' : rank === 1 ? 'warning.text' : 'success.text';
  const word = rank === 0 ? 'submission-check_error' : rank === 1 ? 'submission-check_warning' : 'submission-check_ok';
  return (
    <div className={css({ display: 'flex', gap: '2', alignItems: 'flex-start', fontSize: 'sm', minW: 0 })}>
      <Icon size={16} aria-hidden="true" className={css({ color: tone, flexShrink: 0, mt: '0.5' })} />
      <div className={css({ minW: 0, overflowWrap: 'anywhere' })}>
        <span className={css({ fontWeight: 'semibold', color: tone })}>{t(word)}</span> {check.msg}
        {check.source ? <span className={cx(small, css({ display: 'block' }))}>{t('submission-source', { source: check.source })}</span> : null}
      </div>
    </div>
  );
}

function Part(props: SubmissionViewProps & { submission: Submission; part: 'candidature' | 'offre' }) {
  const { t } = useTranslation();
  const pieces = props.submission.pieces.filter((piece) => piece.part === props.part);
  const headingId = `submission-part-${props.part}`;
  return (
    <section aria-labelledby={headingId} className={css({ display: 'flex', flexDirection: 'column', gap: '2' })}>
      <h3 id={headingId} className={css({ fontSize: 'lg', fontWeight: 'semibold' })}>
        {t(`submission-part_${props.part}`)}
      </h3>
      {pieces.length === 0 ? (
        <p className={muted}>{t('submission-part_empty')}</p>
      ) : (
        <ul className={css({ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: '3', gridTemplateColumns: { base: '1fr', lg: 'repeat(2, minmax(0, 1fr))' } })}>
          {pieces.map((piece) => (
            <li key={piece.code} className={css({ minW: 0 })}>
              <PieceCard {...props} piece={piece} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

const SOURCE_TONE = { generated: 'accent', vault: 'neutral', upload: 'neutral', missing: 'danger' } as const;
const STATUS_ICON = { ok: CircleCheck, missing: CircleX, expired: CircleX, over_limit: TriangleAlert, unsigned: TriangleAlert, issues: TriangleAlert } as const;
const STATUS_TONE = { ok: 'success.text', missing: 'danger.text', expired: 'danger.text', over_limit: 'danger.text', unsigned: 'warning.text', issues: 'warning.text' } as const;

function PieceCard(props: SubmissionViewProps & { submission: Submission; piece: SubmissionPiece }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const { piece, change } = props;
  const StatusIcon = STATUS_ICON[piece.status];
  const deposited = props.submission.deposit !== null;
  const mine = change.code === piece.code;
  return (
    <CardRoot data-piece={piece.code} aria-busy={mine && (change.state === 'sending' || change.state === 'clearing') ? true : undefined} className={css({ h: 'full' })}>
      <CardHeader>
        <CardTitle as="h4" className={css({ fontSize: 'md', overflowWrap: 'anywhere' })}>
          {piece.label}
        </CardTitle>
        <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '2', alignItems: 'center', mt: '1' })}>
          <Badge tone={piece.required ? 'warning' : 'neutral'}>{t(piece.required ? 'submission-required' : 'submission-optional')}</Badge>
          <Badge tone={SOURCE_TONE[piece.source]}>{t(`submission-source_${piece.source}`)}</Badge>
          <span className={css({ display: 'inline-flex', alignItems: 'center', gap: '1', fontSize: 'sm', fontWeight: 'medium', color: STATUS_TONE[piece.status] })}>
            <StatusIcon size={16} aria-hidden="true" />
            {t(`submission-status_${piece.status}`)}
          </span>
        </div>
      </CardHeader>
      <CardBody className={css({ display: 'flex', flexDirection: 'column', gap: '3', fontSize: 'sm' })}>
        {piece.file ? (
          <p className={css({ overflowWrap: 'anywhere' })}>
            {piece.file.fileName}
            {piece.file.bytes !== null ? <span className={small}> · {formatFileSize(piece.file.bytes, language)}</span> : null}
          </p>
        ) : null}
        {piece.checks.length ? (
          <ul className={plainList} aria-label={t('submission-piece_checks', { label: piece.label })}>
            {piece.checks.map((check, index) => (
              <li key={`${check.key}-${index}`}>
                <CheckLine check={check} />
              </li>
            ))}
          </ul>
        ) : null}
        {piece.asked ? (
          <figure className={css({ m: 0, pl: '3', borderLeftWidth: '3px', borderColor: 'border.default' })}>
            <blockquote className={css({ fontStyle: 'italic', overflowWrap: 'anywhere' })}>« {piece.asked.excerpt} »</blockquote>
            <figcaption className={small}>{t('submission-asked_at', { fileName: piece.asked.entry ?? piece.asked.fileName, page: piece.asked.page })}</figcaption>
          </figure>
        ) : (
          <p className={small}>{t('submission-added_by_product')}</p>
        )}
        <PieceActions {...props} deposited={deposited} />
        {mine ? <PieceChangeOutcome {...props} /> : null}
      </CardBody>
    </CardRoot>
  );
}

function PieceActions(props: SubmissionViewProps & { submission: Submission; piece: SubmissionPiece; deposited: boolean }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const { piece, deposited } = props;
  // A declaration the DC2 or the DUME makes: nothing of its own to give, said with the forms that carry it.
  if (piece.declaredIn?.length) {
    const labels = piece.declaredIn.map((code) => props.submission.pieces.find((p) => p.code === code)?.label ?? code);
    return <p className={muted}>{t('submission-declared_in', { pieces: new Intl.ListFormat(language, { type: 'conjunction' }).format(labels.map((label) => (language === 'fr' ? `« ${label} »` : `“${label}”`))) })}</p>;
  }
  const busy = props.change.state === 'sending' || props.change.state === 'clearing';
  const fileLink = piece.file?.url ? (
    <a href={piece.file.url} download={piece.source === 'generated' ? true : undefined} className={button({ variant: piece.source === 'generated' ? 'solid' : 'outline', size: 'sm' })}>
      {piece.source === 'generated' ? <Download size={14} aria-hidden="true" /> : <ExternalLink size={14} aria-hidden="true" />}
      {t(piece.source === 'generated' ? (piece.file.bytes === null ? 'submission-generate' : 'submission-download') : 'submission-open')}
      {' '}
      <span className={css({ srOnly: true })}>— {piece.label}</span>
    </a>
  ) : null;
  if (deposited) return fileLink ? <div>{fileLink}</div> : null;
  const kinds = VAULT_KINDS_OF[piece.code];
  return (
    <div className={css({ display: 'flex', flexDirection: 'column', gap: '2' })}>
      <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '2' })}>
        {fileLink}
        {piece.source === 'upload' ? (
          <Button size="sm" variant="ghost" disabled={busy} onClick={() => props.onClear(piece.code)}>
            <Undo2 size={14} aria-hidden="true" />
            {t('submission-clear')}
            {' '}
            <span className={css({ srOnly: true })}>— {piece.label}</span>
          </Button>
        ) : null}
      </div>
      {kinds ? <VaultChoice {...props} kinds={kinds} busy={busy} /> : null}
      <FileDrop label={t('submission-upload')} hint={t('submission-upload_hint', { label: piece.label })} disabled={busy} onFile={(file) => props.onUpload(piece.code, file)} />
    </div>
  );
}

/** The company's vault documents of the piece's kind, soonest expiry first as the vault lists them. */
function VaultChoice(props: SubmissionViewProps & { piece: SubmissionPiece; kinds: readonly string[]; busy: boolean }) {
  const { t } = useTranslation();
  const { piece } = props;
  const documents = props.vault.documents.filter((doc: VaultDocument) => props.kinds.includes(doc.kind));
  const [chosen, setChosen] = useState('');
  if (props.vault.state === 'loading') return <p className={muted}>{t('submission-vault_loading')}</p>;
  if (props.vault.state === 'failed') return null;
  if (documents.length === 0) return <p className={muted}>{t('submission-vault_none')}</p>;
  const options = [{ value: '', label: t('submission-vault_pick') }, ...documents.map((doc) => ({ value: doc._id, label: doc.validUntil ? t('submission-vault_option', { title: doc.title, until: doc.validUntil }) : doc.title }))];
  return (
    <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '2', alignItems: 'flex-end' })}>
      <div className={css({ flex: '1 1 12rem', minW: 0 })}>
        <Select label={t('submission-vault_choose', { label: piece.label })} value={chosen || (documents.some((doc) => doc._id === piece.documentId) ? piece.documentId! : '')} options={options} onChange={setChosen} />
      </div>
      <Button size="sm" variant="outline" disabled={props.busy || !chosen || chosen === piece.documentId} onClick={() => props.onChoose(piece.code, chosen)}>
        {t('submission-vault_use')}
      </Button>
    </div>
  );
}

function PieceChangeOutcome(props: SubmissionViewProps & { piece: SubmissionPiece }) {
  const { t } = useTranslation();
  const { change } = props;
  if (change.state === 'sending' || change.state === 'clearing') {
    return (
      <p className={css({ display: 'flex', alignItems: 'center', gap: '1.5', color: 'fg.muted' })}>
        <LoaderCircle size={14} aria-hidden="true" />
        {t(change.state === 'clearing' ? 'submission-clearing' : 'submission-sending')}
      </p>
    );
  }
  if (change.state === 'failed') {
    return (
      <div className={css({ display: 'flex', flexDirection: 'column', gap: '2', alignItems: 'flex-start' })}>
        <Alert status="error" title={t('submission-change_failed')}>
          {change.error}
        </Alert>
        <Button size="sm" variant="outline" onClick={props.onDismiss}>
          {t('submission-dismiss')}
        </Button>
      </div>
    );
  }
  return null;
}

function DepositSection(props: SubmissionViewProps & { submission: Submission }) {
  const { t } = useTranslation();
  const { deposit } = props.submission;
  const recordHeading = useRef<HTMLHeadingElement>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const dialogOpen = props.deposit.state === 'open' || props.deposit.state === 'sending' || props.deposit.state === 'failed';
  const wasOpen = useRef(dialogOpen);
  // Once the dialog closes: the focus goes to the record when the deposit was recorded, else back to the button.
  useEffect(() => {
    if (wasOpen.current && !dialogOpen) (deposit ? recordHeading.current : opener.current)?.focus();
    wasOpen.current = dialogOpen;
  }, [dialogOpen, deposit]);
  return (
    <section aria-labelledby="submission-deposit" className={css({ display: 'flex', flexDirection: 'column', gap: '3' })}>
      <h2 id="submission-deposit" ref={recordHeading} tabIndex={-1} className={css({ fontSize: 'xl', fontWeight: 'semibold' })}>
        {t(deposit ? 'submission-deposit_recorded_title' : 'submission-deposit_title')}
      </h2>
      {deposit ? (
        <DepositRecord deposit={deposit} />
      ) : props.canDeposit ? (
        <>
          <p className={muted}>{t(props.state === 'ready' ? 'submission-deposit_text_ready' : 'submission-deposit_text_preparing')}</p>
          <Button ref={opener} className={css({ alignSelf: 'flex-start' })} onClick={props.onOpenDeposit}>
            <Send size={16} aria-hidden="true" />
            {t('submission-deposit_open')}
          </Button>
          <DepositDialog {...props} open={dialogOpen} />
        </>
      ) : (
        <p className={muted}>{t('submission-deposit_managers_only')}</p>
      )}
    </section>
  );
}

function DepositDialog(props: SubmissionViewProps & { open: boolean }) {
  const { t } = useTranslation();
  const formId = useId();
  const initial = isoToParis(new Date(props.now).toISOString());
  const [date, setDate] = useState(initial.date);
  const [time, setTime] = useState(initial.time);
  const [file, setFile] = useState<File | null>(null);
  const [missing, setMissing] = useState(false);
  const sending = props.deposit.state === 'sending';
  const depositedAt = parisToIso(date, time);
  return (
    <Dialog
      open={props.open}
      onClose={props.onCloseDeposit}
      title={t('submission-deposit_dialog_title')}
      description={t('submission-deposit_dialog_text')}
      footer={
        <>
          <Button variant="outline" onClick={props.onCloseDeposit} disabled={sending}>
            {t('submission-deposit_cancel')}
          </Button>
          <Button type="submit" form={formId} disabled={sending}>
            {sending ? <LoaderCircle size={16} aria-hidden="true" /> : null}
            {t(sending ? 'submission-deposit_sending' : 'submission-deposit_send')}
          </Button>
        </>
      }
    >
      <form
        id={formId}
        noValidate
        className={css({ display: 'flex', flexDirection: 'column', gap: '3' })}
        onSubmit={(event) => {
          event.preventDefault();
          if (!file || !depositedAt) {
            setMissing(true);
            return;
          }
          props.onSendDeposit(depositedAt, file);
        }}
      >
        <FileDrop label={file ? t('submission-deposit_file_chosen', { fileName: file.name }) : t('submission-deposit_file')} hint={t('submission-deposit_file_hint')} disabled={sending} onFile={setFile} />
        {missing && !file ? <p className={css({ fontSize: 'sm', color: 'danger.text' })}>{t('submission-deposit_file_missing')}</p> : null}
        <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '3' })}>
          <TextField type="date" label={t('submission-deposit_date')} value={date} required onChange={(event) => setDate(event.target.value)} error={missing && !depositedAt ? t('submission-deposit_date_missing') : undefined} />
          <TextField type="time" label={t('submission-deposit_time')} value={time} required onChange={(event) => setTime(event.target.value)} helperText={t('submission-deposit_time_hint')} />
        </div>
        {props.deposit.state === 'failed' && props.deposit.error ? <Alert status="error">{props.deposit.error}</Alert> : null}
      </form>
    </Dialog>
  );
}

/** The deposit as recorded: when, by whom, the platform's acknowledgement, and each file frozen with its SHA-256. */
function DepositRecord({ deposit }: { deposit: SubmissionDeposit }) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <div className={css({ display: 'flex', flexDirection: 'column', gap: '3', fontSize: 'sm' })}>
      <dl className={css({ display: 'grid', gridTemplateColumns: { base: '1fr', sm: 'max-content 1fr' }, columnGap: '4', rowGap: '1', '& dt': { fontWeight: 'semibold' }, '& dd': { m: 0, overflowWrap: 'anywhere' } })}>
        <dt>{t('submission-deposited_at')}</dt>
        <dd>{formatDateTime(deposit.depositedAt, language)}</dd>
        <dt>{t('submission-recorded')}</dt>
        <dd>{t('submission-recorded_by', { at: formatDateTime(deposit.recordedAt, language), name: deposit.recordedBy?.username ?? t('submission-recorded_by_unknown') })}</dd>
        <dt>{t('submission-acknowledgement')}</dt>
        <dd>
          <a href={deposit.acknowledgement.url} download className={linkStyle}>
            {deposit.acknowledgement.fileName}
          </a>{' '}
          <span className={small}>({formatFileSize(deposit.acknowledgement.bytes, language)})</span>
        </dd>
      </dl>
      <h3 className={css({ fontSize: 'md', fontWeight: 'semibold' })}>{t('submission-frozen_files', { count: deposit.files.length, size: formatFileSize(deposit.totalBytes, language) })}</h3>
      <ul className={plainList}>
        {deposit.files.map((file) => (
          <li key={file.path} className={css({ p: '2', borderWidth: '1px', borderColor: 'border.default', borderRadius: 'md', minW: 0 })}>
            <p className={css({ overflowWrap: 'anywhere', fontWeight: 'medium' })}>{file.path}</p>
            <p className={small}>
              {formatFileSize(file.bytes, language)} · {t('submission-sha256')}{' '}
              <code title={file.sha256} className={css({ fontFamily: 'mono' })}>
                <span aria-hidden="true">{`${file.sha256.slice(0, 12)}…${file.sha256.slice(-6)}`}</span>
                <span className={css({ srOnly: true })}>{file.sha256}</span>
              </code>
            </p>
          </li>
        ))}
      </ul>
    </div>
  );
}
