import { useId, useRef, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ArrowLeft, Check, CircleAlert, Download, FileSpreadsheet, LoaderCircle, TriangleAlert } from 'lucide-react';
import { Link } from 'wouter';
import { css, cx } from 'styled-system/css';
import { button } from 'styled-system/recipes/button';
import type { PriceFile, PriceIssue } from '../../machines/price-grid.machine';
import { Alert } from '../components/Alert';
import { Button } from '../components/Button';
import { ConflictNotice } from '../components/ConflictNotice';
import { EmptyState } from '../components/EmptyState';
import { FileDrop } from '../components/FileDrop';
import { LoadFailed } from '../components/LoadFailed';
import { Skeleton } from '../components/Skeleton';
import { Table, TableCell, TableHead, TableHeader, TableRow } from '../components/Table';
import { PriceCell } from './PriceCell';
import { formatEuros, formatQuantity } from './price-format';
import { baseTotal, lineAmount } from '../../../rules/price-lines';
import type { PriceGridViewState, SaveStatus } from './price-grid-view-state';

export type PriceGridViewProps = PriceGridViewState & {
  onRetry: () => void;
  onSelect: (fileId: string) => void;
  onPrice: (lineId: string, unitPrice: number | null) => void;
  onRetrySave: () => void;
  onTakeTheirs: () => void;
  onKeepMine: () => void;
  onImport: (file: File) => void;
  onImportDone: () => void;
};

/** The DOM id of a line's price cell: issues link to it, Enter moves to the next one. */
export const priceCellId = (file: PriceFile, index: number) => `price-${file._id}-${index}`;

const UNSAVED: readonly SaveStatus[] = ['dirty', 'saving', 'failed', 'conflict'];
// Right-aligned in the table; after their label in a phone's card.
const amount = css({ textAlign: 'right', fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap', mdDown: { textAlign: 'left', justifyContent: 'flex-start' } });

/** /tender/prices/:tenderId: the tender's price files, each a grid of unit prices to fill (issue 25). */
export function PriceGridView(props: PriceGridViewProps) {
  const { t } = useTranslation();
  return (
    <div className={css({ display: 'flex', flexDirection: 'column', gap: '4', minW: 0 })}>
      <Link href={`/tenders/${props.tenderId}`} className={css({ display: 'inline-flex', alignItems: 'center', gap: '1', fontSize: 'sm', color: 'accent.text', textDecoration: 'underline', alignSelf: 'flex-start' })}>
        <ArrowLeft size={14} aria-hidden="true" />
        {t('prices-back_tender')}
      </Link>
      <h1 className={css({ fontSize: '2xl', fontWeight: 'bold' })}>{t('prices-page_title')}</h1>
      {props.state === 'loading' ? <Skeleton lines={6} label={t('prices-loading')} /> : null}
      {props.state === 'failed' ? <LoadFailed title={t('prices-load_failed')} message={props.loadError} onRetry={props.onRetry} /> : null}
      {props.state === 'empty' ? <NoPriceFile tenderId={props.tenderId} /> : null}
      {props.state === 'ready' && props.selected ? <Ready {...props} selected={props.selected} /> : null}
    </div>
  );
}

function NoPriceFile({ tenderId }: { tenderId: string }) {
  const { t } = useTranslation();
  return (
    <EmptyState
      icon={<FileSpreadsheet size={22} />}
      title={t('prices-empty_title')}
      description={t('prices-empty_text')}
      actions={
        <>
          <Link href={`/tenders/${tenderId}/docs`} className={button({ variant: 'outline' })}>
            {t('prices-empty_docs')}
          </Link>
          <Link href={`/tender/dce-analyse/${tenderId}`} className={button({ variant: 'outline' })}>
            {t('prices-empty_analysis')}
          </Link>
        </>
      }
    />
  );
}

function Ready(props: PriceGridViewProps & { selected: PriceFile }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const { selected } = props;
  const panelId = useId();
  const lines = selected.sheets.flatMap((sheet) => sheet.lines);
  const indexOf = new Map(lines.map((line, index) => [line._id, index]));
  const focusLine = (index: number) => {
    const cell = document.getElementById(priceCellId(selected, index));
    if (cell) cell.focus();
  };
  return (
    <>
      {props.files.length > 1 ? <FileTabs files={props.files} selected={selected} panelId={panelId} onSelect={props.onSelect} /> : null}
      <section
        // Another file's cells start afresh (two files may share sheet names and line ids).
        key={selected._id}
        id={panelId}
        role={props.files.length > 1 ? 'tabpanel' : undefined}
        aria-labelledby={props.files.length > 1 ? `${panelId}-tab-${selected._id}` : undefined}
        className={css({ display: 'flex', flexDirection: 'column', gap: '4', minW: 0 })}
      >
        <header className={css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: '3' })}>
          <div className={css({ minW: 0 })}>
            <h2 className={css({ fontSize: 'lg', fontWeight: 'semibold', overflowWrap: 'anywhere' })}>{selected.fileName}</h2>
            <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>{t(`prices-kind_${selected.kind}`)}</p>
          </div>
          <SaveStatusLine status={props.save.status} onRetry={props.onRetrySave} />
        </header>
        {props.conflict ? (
          <ConflictNotice
            title={t('prices-conflict_title')}
            text={props.save.error ?? t('prices-conflict')}
            sections={conflictSections(props.conflict, t, language)}
            emptyLabel={t('prices-conflict_none')}
            reloadLabel={t('prices-conflict_take_theirs')}
            mergeLabel={t('prices-conflict_keep_mine')}
            onReload={props.onTakeTheirs}
            onMerge={props.onKeepMine}
          />
        ) : null}
        {props.save.status === 'failed' && props.save.error ? <Alert status="error">{props.save.error}</Alert> : null}
        <FileActions {...props} />
        <Issues check={props.check} indexOf={indexOf} onFocusLine={focusLine} />
        {selected.sheets.map((sheet) => (
          <SheetTable key={sheet.name} file={selected} sheet={sheet} prices={props.prices} issues={props.check.issues} indexOf={indexOf} onPrice={props.onPrice} onFocusLine={focusLine} />
        ))}
      </section>
    </>
  );
}

const useLanguage = () => useTranslation().i18n.resolvedLanguage ?? 'fr';

function conflictSections(
  conflict: NonNullable<PriceGridViewProps['conflict']>,
  t: (key: string, vars?: Record<string, unknown>) => string,
  language: string,
) {
  // The lines as the server has them now (the conflict may be on a file other than the one on screen).
  const lines = conflict.theirs.sheets.flatMap((sheet) => sheet.lines);
  const theirs = new Map(lines.map((line) => [line._id, line.unitPrice]));
  const worded = (price: number | null | undefined) => (price === null || price === undefined ? t('prices-blank') : formatEuros(price, language));
  const changed = lines.filter((line) => line._id in conflict.mine);
  return [
    { heading: t('prices-conflict_mine'), lines: changed.map((line) => t('prices-conflict_line', { ref: line.ref, label: line.label, price: worded(conflict.mine[line._id]) })) },
    { heading: t('prices-conflict_theirs'), lines: changed.map((line) => t('prices-conflict_line', { ref: line.ref, label: line.label, price: worded(theirs.get(line._id)) })) },
  ];
}

/** One tab per file of the tender; ← and → move between them, as tabs do. */
function FileTabs({ files, selected, panelId, onSelect }: { files: PriceFile[]; selected: PriceFile; panelId: string; onSelect: (fileId: string) => void }) {
  const { t } = useTranslation();
  const list = useRef<HTMLDivElement>(null);
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    event.preventDefault();
    const next = files[(index + step + files.length) % files.length]!;
    onSelect(next._id);
    list.current?.querySelector<HTMLButtonElement>(`[data-file="${next._id}"]`)?.focus();
  };
  return (
    <div ref={list} role="tablist" aria-label={t('prices-files')} className={css({ display: 'flex', gap: '1', overflowX: 'auto', borderBottomWidth: '1px', borderColor: 'border.default' })}>
      {files.map((file, index) => {
        const current = file._id === selected._id;
        return (
          <button
            key={file._id}
            type="button"
            role="tab"
            id={`${panelId}-tab-${file._id}`}
            data-file={file._id}
            aria-selected={current}
            aria-controls={panelId}
            tabIndex={current ? 0 : -1}
            onClick={() => onSelect(file._id)}
            onKeyDown={(event) => onKeyDown(event, index)}
            className={css({
              px: '3',
              py: '2',
              fontSize: 'sm',
              whiteSpace: 'nowrap',
              borderBottomWidth: '2px',
              borderColor: 'transparent',
              color: 'fg.muted',
              cursor: 'pointer',
              '&[aria-selected=true]': { borderColor: 'accent.default', color: 'fg.default', fontWeight: 'semibold' },
            })}
          >
            {file.kind === 'OTHER' ? file.fileName : `${file.kind} · ${file.fileName}`}
          </button>
        );
      })}
    </div>
  );
}

const statusKey: Record<SaveStatus, string> = {
  idle: 'prices-save_idle',
  dirty: 'prices-save_dirty',
  saving: 'prices-save_saving',
  saved: 'prices-save_saved',
  failed: 'prices-save_failed',
  conflict: 'prices-save_conflict',
};

/** Where the save stands, announced politely (never taking the focus from the grid). */
function SaveStatusLine({ status, onRetry }: { status: SaveStatus; onRetry: () => void }) {
  const { t } = useTranslation();
  const Icon = status === 'saved' ? Check : status === 'saving' ? LoaderCircle : status === 'failed' || status === 'conflict' ? CircleAlert : null;
  const tone = status === 'failed' || status === 'conflict' ? 'danger.text' : status === 'saved' ? 'success.text' : 'fg.muted';
  return (
    <div className={css({ display: 'flex', alignItems: 'center', gap: '2', flexWrap: 'wrap', fontSize: 'sm' })}>
      <p role="status" aria-live="polite" data-status={status} className={css({ display: 'flex', alignItems: 'center', gap: '1.5', color: tone })}>
        {Icon ? <Icon size={16} aria-hidden="true" /> : null}
        {t(statusKey[status])}
      </p>
      {status === 'failed' ? (
        <Button size="sm" variant="outline" onClick={onRetry}>
          {t('prices-save_retry')}
        </Button>
      ) : null}
    </div>
  );
}

/** Export of the buyer's own file filled in, and import of the company's filled copy. */
function FileActions(props: PriceGridViewProps & { selected: PriceFile }) {
  const { t } = useTranslation();
  const { selected, importing } = props;
  const reasonId = useId();
  const unsaved = UNSAVED.includes(props.save.status);
  const reason = !selected.writable ? t('prices-not_writable') : unsaved ? t('prices-export_unsaved') : null;
  return (
    <div className={css({ display: 'flex', flexDirection: 'column', gap: '3' })}>
      <div className={css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '3' })}>
        {reason ? (
          <>
            <Button variant="outline" disabled aria-describedby={reasonId}>
              <Download size={16} aria-hidden="true" />
              {t('prices-export')}
            </Button>
            <p id={reasonId} className={css({ fontSize: 'sm', color: 'fg.muted', flex: '1 1 16rem' })}>
              {reason}
            </p>
          </>
        ) : (
          <a href={`/api/price-files/${selected._id}/export`} download className={button({ variant: 'outline' })}>
            <Download size={16} aria-hidden="true" />
            {t('prices-export')}
          </a>
        )}
      </div>
      {selected.writable && importing.state !== 'review' ? (
        <FileDrop
          label={importing.state === 'uploading' ? t('prices-import_uploading') : t('prices-import')}
          hint={t('prices-import_hint')}
          accept=".xlsx,.ods,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,application/vnd.oasis.opendocument.spreadsheet"
          disabled={importing.state === 'uploading'}
          onFile={props.onImport}
        />
      ) : null}
      {importing.state === 'failed' ? (
        <div className={css({ display: 'flex', flexDirection: 'column', gap: '2', alignItems: 'flex-start' })}>
          <Alert status="error" title={t('prices-import_failed')}>
            {importing.error}
          </Alert>
          <Button size="sm" variant="outline" onClick={props.onImportDone}>
            {t('prices-import_close')}
          </Button>
        </div>
      ) : null}
      {importing.state === 'review' && importing.result ? <ImportReview result={importing.result} onDone={props.onImportDone} /> : null}
    </div>
  );
}

function ImportReview({ result, onDone }: { result: NonNullable<PriceGridViewProps['importing']['result']>; onDone: () => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className={css({ display: 'flex', flexDirection: 'column', gap: '2', p: '4', borderWidth: '1px', borderColor: 'border.default', borderRadius: 'md', bg: 'bg.subtle' })}>
      <h3 id={titleId} className={css({ fontWeight: 'semibold' })}>
        {t('prices-import_review_title')}
      </h3>
      <p role="status" className={css({ fontSize: 'sm' })}>
        {t('prices-import_taken', { count: result.taken })}
      </p>
      {result.changes.length ? (
        <>
          <h4 className={css({ fontSize: 'sm', fontWeight: 'semibold' })}>{t('prices-import_changes')}</h4>
          <ul className={css({ fontSize: 'sm', pl: '4', listStyle: 'disc', overflowWrap: 'anywhere' })}>
            {result.changes.map((change, index) => (
              <li key={`${change.sheet}-${change.row}-${index}`}>{change.msg}</li>
            ))}
          </ul>
        </>
      ) : (
        <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>{t('prices-import_no_changes')}</p>
      )}
      <Button size="sm" onClick={onDone} className={css({ alignSelf: 'flex-start' })}>
        {t('prices-import_done')}
      </Button>
    </section>
  );
}

/** The check's issues above the grid, each linking to its cell when it is on a line. */
function Issues({ check, indexOf, onFocusLine }: { check: PriceGridViewProps['check']; indexOf: Map<string, number>; onFocusLine: (index: number) => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  if (check.state === 'failed') return <Alert status="warning" title={t('prices-issues_failed')}>{check.error}</Alert>;
  if (check.state === 'checking' && check.issues.length === 0) {
    return (
      <p role="status" className={css({ fontSize: 'sm', color: 'fg.muted' })}>
        {t('prices-issues_checking')}
      </p>
    );
  }
  if (check.issues.length === 0) {
    return (
      <p role="status" className={css({ display: 'flex', alignItems: 'center', gap: '1.5', fontSize: 'sm', color: 'success.text' })}>
        <Check size={16} aria-hidden="true" />
        {t('prices-issues_none')}
      </p>
    );
  }
  return (
    <section aria-labelledby={titleId} aria-busy={check.state === 'checking' || undefined} className={css({ p: '3', borderWidth: '1px', borderColor: 'warning.border', borderRadius: 'md', bg: 'warning.subtle' })}>
      <h3 id={titleId} className={css({ display: 'flex', alignItems: 'center', gap: '1.5', fontWeight: 'semibold', fontSize: 'sm', mb: '1' })}>
        <TriangleAlert size={16} aria-hidden="true" className={css({ color: 'warning.text' })} />
        {t('prices-issues_title', { count: check.issues.length })}
      </h3>
      <ul className={css({ fontSize: 'sm', pl: '4', listStyle: 'disc', display: 'flex', flexDirection: 'column', gap: '1', overflowWrap: 'anywhere' })}>
        {check.issues.map((issue, index) => {
          const line = issue.lineId === null ? undefined : indexOf.get(issue.lineId);
          return (
            <li key={`${issue.lineId ?? issue.sheet}-${issue.kind}-${index}`}>
              {line === undefined ? (
                issue.msg
              ) : (
                <a
                  href={`#line-${line}`}
                  className={css({ color: 'fg.default', textDecoration: 'underline', textUnderlineOffset: '2px' })}
                  onClick={(event) => {
                    event.preventDefault();
                    onFocusLine(line);
                  }}
                >
                  {issue.msg}
                </a>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

type SheetTableProps = {
  file: PriceFile;
  sheet: PriceFile['sheets'][number];
  prices: Record<string, number | null>;
  issues: PriceIssue[];
  indexOf: Map<string, number>;
  onPrice: (lineId: string, unitPrice: number | null) => void;
  onFocusLine: (index: number) => void;
};

/** One sheet of the file: the buyer's lines, the company's unit prices, the amounts and totals computed as prices are typed. */
function SheetTable({ file, sheet, prices, issues, indexOf, onPrice, onFocusLine }: SheetTableProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const priced = sheet.lines.map((line) => ({ quantity: line.quantity, unitPrice: prices[line._id] ?? null, optional: line.optional }));
  const live = baseTotal(file.kind, priced);
  // The first total excl. VAT follows the typing; the others (VAT, incl. VAT) are the server's, as of the last save.
  const liveIndex = sheet.totals.findIndex((total) => /\bHT\b|hors tax|excl/i.test(total.label));
  const issuesOf = (lineId: string) => issues.filter((issue) => issue.lineId === lineId);
  return (
    <Table caption={sheet.name} stackOnPhone className={css({ maxW: '100%', '& td[data-issue=error]': { bg: 'danger.subtle' }, '& td[data-issue=warning]': { bg: 'warning.subtle' } })}>
      <TableHead>
        <TableRow>
          <TableHeader>{t('prices-col_ref')}</TableHeader>
          <TableHeader className={css({ minW: '14rem' })}>{t('prices-col_label')}</TableHeader>
          <TableHeader>{t('prices-col_unit')}</TableHeader>
          <TableHeader className={amount}>{t('prices-col_quantity')}</TableHeader>
          <TableHeader className={amount}>{t('prices-col_unit_price')}</TableHeader>
          <TableHeader className={amount}>{t('prices-col_total')}</TableHeader>
        </TableRow>
      </TableHead>
      <tbody>
        {sheet.lines.map((line) => {
          const index = indexOf.get(line._id)!;
          const id = priceCellId(file, index);
          const price = prices[line._id] ?? null;
          const found = issuesOf(line._id);
          // Each issue on the cell it concerns; one the server could not place goes on the price.
          const on = (field: PriceIssue['field']) => found.filter((issue) => (issue.field ?? 'unitPrice') === field);
          const priceIssues = on('unitPrice');
          const total = lineAmount(file.kind, { quantity: line.quantity, unitPrice: price });
          return (
            <TableRow key={line._id} id={`line-${index}`} data-issue={found.length ? '' : undefined}>
              <TableCell label={t('prices-col_ref')} className={css({ whiteSpace: 'nowrap', color: 'fg.muted' })} data-issue={marked(on('ref'))}>
                {line.ref}
                <IssueMark issues={on('ref')} />
              </TableCell>
              <TableCell label={t('prices-col_label')} className={css({ minW: '14rem', mdDown: { minW: 0 } })} data-issue={marked(on('label'))}>
                <span>
                  {line.label}
                  {line.optional ? <span className={css({ display: 'block', fontSize: 'xs', color: 'fg.muted' })}>{t('prices-optional')}</span> : null}
                </span>
                <IssueMark issues={on('label')} />
              </TableCell>
              <TableCell label={t('prices-col_unit')} className={css({ whiteSpace: 'nowrap' })} data-issue={marked(on('unit'))}>
                {line.unit}
                <IssueMark issues={on('unit')} />
              </TableCell>
              <TableCell label={t('prices-col_quantity')} className={amount} data-issue={marked(on('quantity'))}>
                {formatQuantity(line.quantity, language)}
                <IssueMark issues={on('quantity')} />
              </TableCell>
              <TableCell label={t('prices-col_unit_price')} className={amount} data-issue={marked(priceIssues)}>
                <div className={css({ display: 'flex', alignItems: 'center', justifyContent: 'flex-end', gap: '1.5', mdDown: { justifyContent: 'flex-start' } })}>
                  <IssueMark issues={priceIssues} describes={`${id}-issues`} />
                  <PriceCell
                    id={id}
                    value={price}
                    label={t('prices-price_of', { ref: line.ref, label: line.label }).trim()}
                    describedBy={priceIssues.length ? `${id}-issues` : undefined}
                    flagged={priceIssues.length > 0}
                    onCommit={(unitPrice) => onPrice(line._id, unitPrice)}
                    onMove={(step) => onFocusLine(index + step)}
                  />
                </div>
                {price === null && line.suggestion ? (
                  <Button
                    size="sm"
                    variant="ghost"
                    className={css({ mt: '1', whiteSpace: 'nowrap' })}
                    onClick={() => onPrice(line._id, line.suggestion!.unitPrice)}
                  >
                    {t('prices-suggestion', { price: formatEuros(line.suggestion.unitPrice, language), fileName: line.suggestion.fileName })}
                  </Button>
                ) : null}
              </TableCell>
              <TableCell label={t('prices-col_total')} className={amount} data-testid={`total-${line._id}`} data-issue={marked(on('total'))}>
                {total === null ? '' : formatEuros(total, language)}
                <IssueMark issues={on('total')} />
              </TableCell>
            </TableRow>
          );
        })}
      </tbody>
      <tfoot>
        {liveIndex < 0 ? <TotalRow label={t('prices-sheet_total')} value={live} /> : null}
        {sheet.totals.map((total, index) => (
          <TotalRow key={`${total.label}-${index}`} label={total.label} value={index === liveIndex ? live : total.value} />
        ))}
      </tfoot>
    </Table>
  );
}

const marked = (issues: PriceIssue[]) => (issues.length ? (issues.every((issue) => issue.kind === 'outlier') ? 'warning' : 'error') : undefined);

/**
 * The sign of a cell's issues: an icon whose title lists them, and their text for screen readers,
 * read with the cell (or, on the price input, as its description).
 */
function IssueMark({ issues, describes }: { issues: PriceIssue[]; describes?: string }) {
  const { t } = useTranslation();
  if (!issues.length) return null;
  const text = issues.map((issue) => issue.msg).join(' ');
  return (
    <>
      <span title={issues.map((issue) => issue.msg).join('\n')} className={css({ color: marked(issues) === 'warning' ? 'warning.text' : 'danger.text', display: 'inline-flex', verticalAlign: 'middle', ml: '1' })}>
        <TriangleAlert size={16} aria-hidden="true" />
      </span>
      <span id={describes} className={css({ srOnly: true })}>{`${t('prices-issue_marker')} ${text}`}</span>
    </>
  );
}

function TotalRow({ label, value }: { label: string; value: number | null }) {
  const language = useLanguage();
  return (
    <TableRow>
      <TableHeader scope="row" colSpan={5} className={cx(css({ textAlign: 'right', fontWeight: 'semibold' }))}>
        {label}
      </TableHeader>
      <TableCell className={cx(amount, css({ fontWeight: 'semibold' }))}>{value === null ? '' : formatEuros(value, language)}</TableCell>
    </TableRow>
  );
}
