import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Plus, Trash2 } from 'lucide-react';
import { css } from 'styled-system/css';
import { field } from 'styled-system/recipes/field';
import { Alert } from '../components/Alert';
import { Button } from '../components/Button';
import { Checkbox } from '../components/Checkbox';
import { Dialog } from '../components/Dialog';
import { TextField } from '../components/Field';
import { MultiSelect } from '../components/MultiSelect';
import { Select } from '../components/Select';
import { Spinner } from '../components/Spinner';
import { Textarea } from '../components/Textarea';
import { isoToParis, localeOf, parisToIso } from '../format';
import { serverFieldErrors } from '../forms/use-field-errors';
import { lotsLabel, type CriteriaByLots, type DceFactKey, type FileRules, type MemoryPageLimit } from './DceFactValue';

export type FactEditing = { key: DceFactKey; value: unknown };

type Props = {
  editing: FactEditing | null;
  busy: boolean;
  error: string | null;
  /** The refusal's per-field details (`[{ field, msg }]`): a group's error shows beside that group. */
  errorDetails?: unknown;
  onSave: (key: DceFactKey, value: unknown) => void;
  onClose: () => void;
};

type Draft = Record<string, unknown>;
type CriterionRow = { name: string; weight: number; subCriteria?: unknown };
/** A group of lots as edited: its lot numbers as typed, its criteria rows. */
type GroupDraft = { lots: string; rows: CriterionRow[] };

const DATE_KEYS = new Set<DceFactKey>(['submissionDeadline', 'questionsDeadline']);
const BOOLEAN_KEYS = new Set<DceFactKey>(['variantsAllowed', 'electronicSignatureRequired']);
const LIST_KEYS = new Set<DceFactKey>(['candidatureDocuments', 'offerDocuments']);
const PROCEDURES = ['open', 'restricted', 'adapted', 'negotiated', 'competitive_dialogue', 'other'];
const MAX_LOT = 999;

/** Criteria rows from a value: copies, sub-criteria kept as they are (the rows edit names and weights). */
const criteriaRows = (criteria: CriterionRow[] | undefined): CriterionRow[] => (criteria ?? [{ name: '', weight: 0 }]).map((c) => ({ ...c }));
const criteriaValue = (rows: CriterionRow[]) => rows.map((row) => ({ ...row, name: row.name.trim(), weight: Number(row.weight) }));

/**
 * Lot numbers as typed ("1, 2, 3", "1-6", "1-3, 7") in order without repeats; null when a piece is
 * not a number (or range) from 1 to 999, or when there is none.
 */
export function parseLots(text: string): number[] | null {
  const found = new Set<number>();
  const pieces = text.split(/[,;]/).map((piece) => piece.trim()).filter(Boolean);
  for (const piece of pieces) {
    const range = /^(\d{1,3})\s*[-–]\s*(\d{1,3})$/.exec(piece);
    const [from, to] = range ? [Number(range[1]), Number(range[2])] : /^\d{1,3}$/.test(piece) ? [Number(piece), Number(piece)] : [NaN, NaN];
    if (!(from >= 1 && to >= from && to <= MAX_LOT)) return null;
    for (let lot = from; lot <= to; lot += 1) found.add(lot);
  }
  return found.size ? [...found].sort((a, b) => a - b) : null;
}

/** The draft a form edits, from a fact's value (or an empty one for a fact the analysis did not find). */
function draftOf(key: DceFactKey, value: unknown, language: string): Draft {
  if (DATE_KEYS.has(key)) return typeof value === 'string' ? isoToParis(value) : { date: '', time: '12:00' };
  if (key === 'siteVisit') {
    const visit = (value as { required?: boolean; date?: string } | undefined) ?? {};
    return { required: visit.required ?? false, ...(visit.date ? isoToParis(visit.date) : { date: '', time: '10:00' }) };
  }
  if (key === 'awardCriteria') return { rows: criteriaRows(value as CriterionRow[] | undefined) };
  if (key === 'awardCriteriaByLots') {
    const groups = (value as CriteriaByLots | undefined) ?? [{ lots: [], criteria: [{ name: '', weight: 0 }] }];
    return { groups: groups.map((group): GroupDraft => ({ lots: group.lots.join(', '), rows: criteriaRows(group.criteria) })) };
  }
  if (key === 'lots') {
    const lots = (value as { allotted: boolean; lots: { number: number; title: string }[] } | undefined) ?? { allotted: false, lots: [] };
    return { allotted: lots.allotted, rows: lots.lots.map((l) => ({ ...l })) };
  }
  if (LIST_KEYS.has(key)) return { text: ((value as string[] | undefined) ?? []).join('\n') };
  if (key === 'penalties') return { ...((value as object | undefined) ?? { summary: '' }) };
  if (key === 'fileRules') return fileRulesDraft((value as FileRules | undefined) ?? {}, language);
  if (key === 'memoryPageLimit') {
    const limit = (typeof value === 'number' ? { pages: value } : ((value as MemoryPageLimit | undefined) ?? {})) as MemoryPageLimit;
    const annexes = limit.annexesIncluded === undefined ? '' : limit.annexesIncluded ? 'in' : 'out';
    return { pages: String(limit.pages ?? ''), words: String(limit.words ?? ''), format: limit.format ?? '', fontSize: String(limit.fontSize ?? ''), annexes };
  }
  return { value: value ?? (BOOLEAN_KEYS.has(key) ? false : key === 'procedure' ? 'open' : key === 'priceType' ? 'firm' : '') };
}

/** The value the server checks, from the draft. */
function valueOf(key: DceFactKey, draft: Draft): unknown {
  if (DATE_KEYS.has(key)) return parisToIso(draft.date as string, draft.time as string) ?? '';
  if (key === 'siteVisit') {
    const date = parisToIso(draft.date as string, draft.time as string);
    return { required: draft.required as boolean, ...(date ? { date } : {}) };
  }
  if (key === 'awardCriteria') return criteriaValue(draft.rows as CriterionRow[]);
  if (key === 'awardCriteriaByLots') return (draft.groups as GroupDraft[]).map((group) => ({ lots: parseLots(group.lots) ?? [], criteria: criteriaValue(group.rows) }));
  if (key === 'lots') return { allotted: draft.allotted as boolean, lots: draft.allotted ? (draft.rows as { number: number; title: string }[]).map((row) => ({ number: Number(row.number), title: row.title.trim() })) : [] };
  if (LIST_KEYS.has(key)) return (draft.text as string).split('\n').map((line) => line.trim()).filter(Boolean);
  if (key === 'offerValidityDays') return Number(draft.value);
  if (key === 'penalties') return draft;
  if (key === 'fileRules') return fileRulesValue(draft as FileRulesDraft);
  if (key === 'memoryPageLimit') {
    // Only what was filled in: an empty field states nothing.
    const number = (text: unknown) => (String(text).trim() === '' ? undefined : Number(String(text).replace(',', '.')));
    const limit: MemoryPageLimit = { pages: number(draft.pages), words: number(draft.words), format: String(draft.format).trim() || undefined, fontSize: number(draft.fontSize) };
    if (draft.annexes) limit.annexesIncluded = draft.annexes === 'in';
    return Object.fromEntries(Object.entries(limit).filter(([, v]) => v !== undefined));
  }
  return typeof draft.value === 'string' ? draft.value.trim() : draft.value;
}

/** Corrects one fact with the form its value calls for; the server checks the shape (and that weights make 100 %). */
export function FactEditDialog({ editing, busy, error, errorDetails, onSave, onClose }: Props) {
  const { t } = useTranslation();
  return (
    <Dialog
      open={editing !== null}
      onClose={busy ? () => undefined : onClose}
      title={editing ? t('dceanalysis-edit_title', { fact: t(`dcefact-${editing.key}`) }) : ''}
      size={editing?.key === 'awardCriteriaByLots' || editing?.key === 'fileRules' ? 'lg' : undefined}
    >
      {/* Keyed by the fact: another fact starts from its own value. */}
      {editing ? <FactForm key={editing.key} editing={editing} busy={busy} error={error} errorDetails={errorDetails} onSave={onSave} onClose={onClose} /> : null}
    </Dialog>
  );
}

function FactForm({ editing, busy, error, errorDetails, onSave, onClose }: Props & { editing: FactEditing }) {
  const { t, i18n } = useTranslation();
  const { key } = editing;
  const [draft, setDraft] = useState<Draft>(() => draftOf(key, editing.value, i18n.language));
  // Groups whose lot numbers were not read on the last submit (checked here: the server would only say "invalid").
  const [badLots, setBadLots] = useState<number[]>([]);
  // The file rules' parts not read on the last submit (i18n keys), each until it is edited.
  const [fileErrors, setFileErrors] = useState<FileRulesErrors>({});
  const formRef = useRef<HTMLFormElement>(null);
  const set = (patch: Draft) => setDraft((current) => ({ ...current, ...patch }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (key === 'awardCriteriaByLots') {
      const bad = (draft.groups as GroupDraft[]).flatMap((group, index) => (parseLots(group.lots) ? [] : [index]));
      setBadLots(bad);
      if (bad.length) return;
    }
    if (key === 'fileRules') {
      const found = fileRulesErrors(draft as FileRulesDraft);
      setFileErrors(found);
      if (Object.keys(found).length) {
        // The form is long: the first part to fix, once its error is drawn.
        requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
        return;
      }
    }
    onSave(key, valueOf(key, draft));
  };
  return (
    <form ref={formRef} noValidate onSubmit={submit} className={css({ display: 'flex', flexDirection: 'column', gap: '4' })}>
      {error ? <Alert status="error">{error}</Alert> : null}
      {key === 'awardCriteriaByLots' ? (
        <GroupsFields groups={draft.groups as GroupDraft[]} onChange={(groups) => set({ groups })} errorDetails={errorDetails} badLots={badLots} onLotsEdited={(index) => setBadLots((bad) => bad.filter((i) => i !== index))} />
      ) : key === 'fileRules' ? (
        <FileRulesFields
          draft={draft as FileRulesDraft}
          set={set}
          errors={fileErrors}
          errorDetails={errorDetails}
          onEdited={(part) => setFileErrors((current) => Object.fromEntries(Object.entries(current).filter(([name]) => name !== part && name !== 'rules')))}
        />
      ) : (
        <FactFields factKey={key} draft={draft} set={set} />
      )}
      <div className={css({ display: 'flex', justifyContent: 'flex-end', gap: '2' })}>
        <Button type="button" variant="outline" onClick={onClose} disabled={busy}>
          {t('dialog-cancel')}
        </Button>
        <Button type="submit" disabled={busy} aria-busy={busy || undefined}>
          {busy ? <Spinner size="sm" label={t('common-loading')} /> : null}
          {t('dceanalysis-edit_save')}
        </Button>
      </div>
    </form>
  );
}

function FactFields({ factKey: key, draft, set }: { factKey: DceFactKey; draft: Draft; set: (patch: Draft) => void }) {
  const { t } = useTranslation();
  const label = t(`dcefact-${key}`);
  if (DATE_KEYS.has(key) || key === 'siteVisit') {
    return (
      <>
        {key === 'siteVisit' ? <Checkbox label={t('dceanalysis-visit_required')} checked={draft.required as boolean} onChange={(e) => set({ required: e.target.checked })} /> : null}
        <div className={css({ display: 'grid', gridTemplateColumns: { base: '1fr', sm: '2fr 1fr' }, gap: '3' })}>
          <TextField label={key === 'siteVisit' ? t('dceanalysis-visit_date') : label} type="date" value={draft.date as string} onChange={(e) => set({ date: e.target.value })} />
          <TextField label={t('tendercall-deadline_time')} type="time" value={draft.time as string} onChange={(e) => set({ time: e.target.value })} />
        </div>
      </>
    );
  }
  if (BOOLEAN_KEYS.has(key)) return <Checkbox label={label} checked={draft.value as boolean} onChange={(e) => set({ value: e.target.checked })} />;
  if (key === 'procedure') return <Select label={label} value={draft.value as string} options={PROCEDURES.map((p) => ({ value: p, label: t(`dceprocedure-${p}`) }))} onChange={(value) => set({ value })} />;
  if (key === 'priceType') return <Select label={label} value={draft.value as string} options={['firm', 'adjustable', 'revisable'].map((p) => ({ value: p, label: t(`dceprice-${p}`) }))} onChange={(value) => set({ value })} />;
  if (key === 'offerValidityDays') return <TextField label={label} type="number" min={1} max={1000} value={String(draft.value)} onChange={(e) => set({ value: e.target.value })} />;
  if (key === 'memoryPageLimit') {
    return (
      <div className={css({ display: 'grid', gridTemplateColumns: { base: '1fr', sm: '1fr 1fr' }, gap: '3' })}>
        <TextField label={t('dceanalysis-memory_pages_label')} type="number" min={1} max={1000} value={draft.pages as string} onChange={(e) => set({ pages: e.target.value })} />
        <TextField label={t('dceanalysis-memory_words_label')} type="number" min={1} value={draft.words as string} onChange={(e) => set({ words: e.target.value })} />
        <TextField label={t('dceanalysis-memory_format')} maxLength={20} value={draft.format as string} onChange={(e) => set({ format: e.target.value })} />
        <TextField label={t('dceanalysis-memory_font_label')} type="number" min={4} max={40} step={0.5} value={draft.fontSize as string} onChange={(e) => set({ fontSize: e.target.value })} />
        <Select
          label={t('dceanalysis-memory_annexes')}
          value={draft.annexes as string}
          options={[
            { value: '', label: t('dceanalysis-memory_annexes_unstated') },
            { value: 'in', label: t('dceanalysis-memory_annexes_in') },
            { value: 'out', label: t('dceanalysis-memory_annexes_out') },
          ]}
          onChange={(annexes) => set({ annexes })}
        />
      </div>
    );
  }
  if (key === 'penalties') return <TextField label={t('dceanalysis-penalties_summary')} maxLength={1000} value={draft.summary as string} onChange={(e) => set({ summary: e.target.value })} />;
  if (LIST_KEYS.has(key)) {
    return (
      <label className={css({ display: 'flex', flexDirection: 'column', gap: '1.5', fontSize: 'sm', fontWeight: 'medium' })}>
        {label}
        <textarea
          rows={6}
          value={draft.text as string}
          onChange={(e) => set({ text: e.target.value })}
          className={css({ fontWeight: 'normal', borderWidth: '1px', borderColor: 'border.default', borderRadius: 'md', p: '2', bg: 'bg.default', color: 'fg.default' })}
        />
        <span className={css({ fontWeight: 'normal', color: 'fg.muted' })}>{t('dceanalysis-list_hint')}</span>
      </label>
    );
  }
  if (key === 'awardCriteria') return <CriteriaRows rows={draft.rows as CriterionRow[]} onChange={(rows) => set({ rows })} />;
  if (key === 'lots') {
    const rows = draft.rows as { number: number; title: string }[];
    return (
      <>
        <Checkbox label={t('dceanalysis-allotted')} checked={draft.allotted as boolean} onChange={(e) => set({ allotted: e.target.checked, rows: e.target.checked && rows.length === 0 ? [{ number: 1, title: '' }] : rows })} />
        {draft.allotted ? (
          <div className={css({ display: 'flex', flexDirection: 'column', gap: '2' })}>
            {rows.map((row, index) => (
              <div key={index} className={css({ display: 'grid', gridTemplateColumns: '5rem 1fr auto', gap: '2', alignItems: 'end' })}>
                <TextField label={t('dceanalysis-lot_number')} type="number" min={1} value={String(row.number)} onChange={(e) => set({ rows: rows.map((r, i) => (i === index ? { ...r, number: Number(e.target.value) } : r)) })} />
                <TextField label={t('dceanalysis-lot_title')} maxLength={300} value={row.title} onChange={(e) => set({ rows: rows.map((r, i) => (i === index ? { ...r, title: e.target.value } : r)) })} />
                <Button type="button" size="icon" variant="ghost" aria-label={t('dceanalysis-lot_remove', { number: row.number })} onClick={() => set({ rows: rows.filter((_, i) => i !== index) })}>
                  <Trash2 size={16} aria-hidden="true" />
                </Button>
              </div>
            ))}
            <Button type="button" size="sm" variant="outline" onClick={() => set({ rows: [...rows, { number: rows.length + 1, title: '' }] })} className={css({ alignSelf: 'flex-start' })}>
              <Plus size={14} aria-hidden="true" />
              {t('dceanalysis-lot_add')}
            </Button>
          </div>
        ) : null}
      </>
    );
  }
  return <TextField label={label} maxLength={300} value={draft.value as string} onChange={(e) => set({ value: e.target.value })} />;
}

// ------------------------------------------------------------------------------------------------
// fileRules: the RC's rules on the pli's files (server/analysis/dce/file-rules.ts)

/** The parts of the file rules' form, each with its own error. */
type FileRulesPart = 'accepted' | 'refused' | 'anyCommonFormat' | 'pdfRequiredFor' | 'maxFile' | 'maxTotal' | 'naming' | 'folders';
/** i18n keys by part; `rules` when nothing at all is stated. */
type FileRulesErrors = Partial<Record<FileRulesPart | 'rules', string>>;
/** A size as typed, in Mo or Go; `bytes` is the value as opened, kept while the size is left as it was (no rounding). */
type SizeDraft = { amount: string; unit: SizeUnit; bytes?: number };
type SizeUnit = 'MB' | 'GB';
type FileRulesDraft = { accepted: string; refused: string; anyCommonFormat: boolean; pdfRequiredFor: string[]; maxFile: SizeDraft; maxTotal: SizeDraft; naming: string; folders: string };

/** 1024-based, as the analysis reads "1 Go" and as formatFileSize shows sizes. */
const UNIT_BYTES: Record<SizeUnit, number> = { MB: 1024 ** 2, GB: 1024 ** 3 };
/** The piece codes of docs/dce-analysis.md, for the pieces the RC wants in PDF. */
const PIECE_CODES = ['DC1', 'DC2', 'DUME', 'KBIS', 'INSURANCE', 'REFERENCES', 'AE', 'ATTRI1', 'BPU', 'DQE', 'DPGF', 'MEMOIRE_TECHNIQUE', 'CRT', 'CRF', 'RIB', 'CERTIFICATIONS', 'HONOUR_DECLARATION', 'TURNOVER', 'STAFF', 'POWER', 'TECHNICAL_SHEETS', 'PLANNING'];
/** The server's limits (server/domains/dce-analyses/fact-values.ts). */
const MAX_EXTENSIONS = 50;
const MAX_FOLDERS = 10;
const MAX_FOLDER_NAME = 100;
const MAX_NAMING_RULE = 300;

/**
 * Extensions as typed ("pdf, .docx; XLSX") as the fact holds them: lower case, without the dot,
 * in order without repeats; null when a piece is not an extension (letters and digits, 10 at most)
 * or when there are more than the server takes.
 */
export function parseExtensions(text: string): string[] | null {
  const found: string[] = [];
  for (const piece of text.split(/[\s,;]+/)) {
    const ext = piece.replace(/^\*?\./, '').toLowerCase();
    if (!ext) continue;
    if (!/^[a-z0-9]{1,10}$/.test(ext)) return null;
    if (!found.includes(ext)) found.push(ext);
  }
  return found.length > MAX_EXTENSIONS ? null : found;
}

/** A size typed in the interface's way ("1,5" or "1.5") as bytes; null when not a positive number. */
function sizeBytes(size: SizeDraft): number | null {
  if (size.bytes !== undefined) return size.bytes;
  const amount = Number(size.amount.trim().replace(',', '.'));
  return size.amount.trim() !== '' && Number.isFinite(amount) && amount > 0 ? Math.max(1, Math.round(amount * UNIT_BYTES[size.unit])) : null;
}

function sizeDraft(bytes: number | undefined, language: string): SizeDraft {
  if (!bytes) return { amount: '', unit: 'MB' };
  const unit: SizeUnit = bytes >= UNIT_BYTES.GB ? 'GB' : 'MB';
  return { amount: new Intl.NumberFormat(localeOf(language), { maximumFractionDigits: 2, useGrouping: false }).format(bytes / UNIT_BYTES[unit]), unit, bytes };
}

const linesOf = (text: string) => text.split('\n').map((line) => line.trim()).filter(Boolean);

function fileRulesDraft(rules: FileRules, language: string): FileRulesDraft {
  return {
    accepted: (rules.accepted ?? []).join(', '),
    refused: (rules.refused ?? []).join(', '),
    anyCommonFormat: rules.anyCommonFormat ?? false,
    pdfRequiredFor: [...(rules.pdfRequiredFor ?? [])],
    maxFile: sizeDraft(rules.maxFileBytes, language),
    maxTotal: sizeDraft(rules.maxTotalBytes, language),
    naming: rules.naming?.rule ?? '',
    folders: (rules.folders ?? []).join('\n'),
  };
}

/** What the form cannot send, by part: the server would only say "invalid". */
function fileRulesErrors(draft: FileRulesDraft): FileRulesErrors {
  const errors: FileRulesErrors = {};
  if (!parseExtensions(draft.accepted)) errors.accepted = 'dceanalysis-files_extensions_invalid';
  if (!parseExtensions(draft.refused)) errors.refused = 'dceanalysis-files_extensions_invalid';
  if (draft.maxFile.amount.trim() && sizeBytes(draft.maxFile) === null) errors.maxFile = 'dceanalysis-files_size_invalid';
  if (draft.maxTotal.amount.trim() && sizeBytes(draft.maxTotal) === null) errors.maxTotal = 'dceanalysis-files_size_invalid';
  const folders = linesOf(draft.folders);
  if (folders.length > MAX_FOLDERS || folders.some((name) => name.length > MAX_FOLDER_NAME)) errors.folders = 'dceanalysis-files_folders_invalid';
  if (Object.keys(errors).length === 0 && Object.keys(fileRulesValue(draft)).length === 0) errors.rules = 'dceanalysis-files_empty';
  return errors;
}

/** The value the server checks: only the parts filled in (an empty part states nothing). */
function fileRulesValue(draft: FileRulesDraft): FileRules {
  const accepted = parseExtensions(draft.accepted) ?? [];
  const refused = parseExtensions(draft.refused) ?? [];
  const maxFileBytes = sizeBytes(draft.maxFile);
  const maxTotalBytes = sizeBytes(draft.maxTotal);
  const naming = draft.naming.trim();
  const folders = linesOf(draft.folders);
  return {
    ...(accepted.length ? { accepted } : {}),
    ...(refused.length ? { refused } : {}),
    ...(draft.anyCommonFormat ? { anyCommonFormat: true } : {}),
    ...(draft.pdfRequiredFor.length ? { pdfRequiredFor: draft.pdfRequiredFor } : {}),
    ...(maxFileBytes ? { maxFileBytes } : {}),
    ...(maxTotalBytes ? { maxTotalBytes } : {}),
    ...(naming ? { naming: { rule: naming } } : {}),
    ...(folders.length ? { folders } : {}),
  };
}

/** The part of the form a refusal's field names (`value.accepted.2`, `value.naming.rule`). */
const PART_OF_FIELD: Record<string, FileRulesPart> = { accepted: 'accepted', refused: 'refused', anyCommonFormat: 'anyCommonFormat', pdfRequiredFor: 'pdfRequiredFor', maxFileBytes: 'maxFile', maxTotalBytes: 'maxTotal', naming: 'naming', folders: 'folders' };

/**
 * The RC's file rules, part by part: formats (accepted, refused, any widely available one, pieces
 * in PDF), size caps in Mo or Go, the naming rule and the folders in the RC's words. An error
 * shows beside its part, the form's own or the server's, until that part is edited.
 */
function FileRulesFields({ draft, set, errors, errorDetails, onEdited }: { draft: FileRulesDraft; set: (patch: Draft) => void; errors: FileRulesErrors; errorDetails: unknown; onEdited: (part: FileRulesPart) => void }) {
  const { t } = useTranslation();
  const classes = field();
  const baseId = useId();
  const [seen, setSeen] = useState<unknown>(errorDetails);
  const [edited, setEdited] = useState<FileRulesPart[]>([]);
  // A new refusal: shown afresh beside every part it names.
  if (seen !== errorDetails) {
    setSeen(errorDetails);
    setEdited([]);
  }
  const refused = serverFieldErrors(errorDetails, (path) => PART_OF_FIELD[path.split('.')[1] ?? ''] ?? path);
  const errorOf = (part: FileRulesPart) => (errors[part] ? t(errors[part]) : edited.includes(part) ? undefined : refused[part]);
  const update = (part: FileRulesPart, patch: Partial<FileRulesDraft>) => {
    setEdited((current) => (current.includes(part) ? current : [...current, part]));
    onEdited(part);
    set(patch);
  };
  const codes = [...PIECE_CODES, ...draft.pdfRequiredFor.filter((code) => !PIECE_CODES.includes(code))];
  const sizeField = (part: 'maxFile' | 'maxTotal', label: string) => {
    const size = draft[part];
    return (
      <div className={css({ display: 'grid', gridTemplateColumns: '1fr 5.5rem', gap: '2', alignItems: 'start' })}>
        <TextField label={label} inputMode="decimal" maxLength={12} value={size.amount} error={errorOf(part)} onChange={(e) => update(part, { [part]: { amount: e.target.value, unit: size.unit } })} />
        <Select
          label={t('dceanalysis-files_unit')}
          aria-label={t('dceanalysis-files_unit_of', { field: label })}
          value={size.unit}
          options={[
            { value: 'MB', label: t('dceanalysis-files_unit_mb') },
            { value: 'GB', label: t('dceanalysis-files_unit_gb') },
          ]}
          onChange={(unit) => update(part, { [part]: { amount: size.amount, unit: unit as SizeUnit } })}
        />
      </div>
    );
  };
  const textArea = (part: 'naming' | 'folders', label: string, hint: string, maxLength?: number) => {
    const id = `${baseId}-${part}`;
    const error = errorOf(part);
    return (
      <div className={classes.root}>
        <label htmlFor={id} className={classes.label}>
          {label}
        </label>
        <Textarea id={id} rows={3} maxLength={maxLength} value={draft[part]} aria-invalid={error ? true : undefined} aria-describedby={[`${id}-help`, error ? `${id}-error` : null].filter(Boolean).join(' ')} onChange={(e) => update(part, { [part]: e.target.value })} />
        <p id={`${id}-help`} className={classes.helperText}>
          {hint}
        </p>
        {error ? (
          <p id={`${id}-error`} className={classes.errorText}>
            {error}
          </p>
        ) : null}
      </div>
    );
  };
  const pdfError = errorOf('pdfRequiredFor');
  return (
    <div className={css({ display: 'flex', flexDirection: 'column', gap: '4' })}>
      {errors.rules ? <Alert status="error">{t(errors.rules)}</Alert> : null}
      <TextField label={t('field-value_accepted')} value={draft.accepted} helperText={t('dceanalysis-files_extensions_hint')} error={errorOf('accepted')} onChange={(e) => update('accepted', { accepted: e.target.value })} />
      <TextField label={t('field-value_refused')} value={draft.refused} helperText={t('dceanalysis-files_extensions_hint')} error={errorOf('refused')} onChange={(e) => update('refused', { refused: e.target.value })} />
      <Checkbox label={t('field-value_any_common_format')} checked={draft.anyCommonFormat} onChange={(e) => update('anyCommonFormat', { anyCommonFormat: e.target.checked })} />
      <MultiSelect label={t('field-value_pdf_required_for')} options={codes.map((code) => ({ value: code, label: t(`dcedoc-${code}`, { defaultValue: code }) }))} value={draft.pdfRequiredFor} onChange={(pdfRequiredFor) => update('pdfRequiredFor', { pdfRequiredFor })} filterPlaceholder={t('dceanalysis-files_pieces_filter')} />
      {pdfError ? <p className={classes.errorText}>{pdfError}</p> : null}
      <div className={css({ display: 'grid', gridTemplateColumns: { base: '1fr', sm: '1fr 1fr' }, gap: '3' })}>
        {sizeField('maxFile', t('field-value_max_file_bytes'))}
        {sizeField('maxTotal', t('field-value_max_total_bytes'))}
      </div>
      {textArea('naming', t('field-value_naming_rule'), t('dceanalysis-files_naming_hint'), MAX_NAMING_RULE)}
      {textArea('folders', t('field-value_folders'), t('dceanalysis-files_folders_hint'))}
    </div>
  );
}

/**
 * The criteria of each group of lots, a group a box: its lot numbers, its criteria rows, and the
 * server's refusal of that group (`value.{i}.criteria`: weights not totalling 100) beside it, until
 * the group is edited.
 */
function GroupsFields({ groups, onChange, errorDetails, badLots, onLotsEdited }: { groups: GroupDraft[]; onChange: (groups: GroupDraft[]) => void; errorDetails: unknown; badLots: number[]; onLotsEdited: (index: number) => void }) {
  const { t, i18n } = useTranslation();
  const classes = field();
  const baseId = useId();
  const [seen, setSeen] = useState<unknown>(errorDetails);
  const [edited, setEdited] = useState<number[]>([]);
  // A new refusal: shown afresh beside every group it names.
  if (seen !== errorDetails) {
    setSeen(errorDetails);
    setEdited([]);
  }
  const refused = serverFieldErrors(errorDetails, (path) => path);
  const refusalOf = (index: number, part: 'lots' | 'criteria') => {
    if (edited.includes(index)) return undefined;
    const prefix = `value.${index}.${part}`;
    return Object.entries(refused).find(([path]) => path === prefix || path.startsWith(`${prefix}.`))?.[1];
  };
  const update = (index: number, patch: Partial<GroupDraft>) => {
    setEdited((current) => (current.includes(index) ? current : [...current, index]));
    if (patch.lots !== undefined) onLotsEdited(index);
    onChange(groups.map((group, i) => (i === index ? { ...group, ...patch } : group)));
  };
  const remove = (index: number) => {
    // Later groups move up: their refusals no longer match their index (the lots are checked again on submit).
    const moved = groups.map((_, i) => i).filter((i) => i >= index);
    setEdited((current) => [...current, ...moved]);
    moved.forEach(onLotsEdited);
    onChange(groups.filter((_, i) => i !== index));
  };
  return (
    <div className={css({ display: 'flex', flexDirection: 'column', gap: '3' })}>
      {groups.map((group, index) => {
        const lots = parseLots(group.lots);
        const number = index + 1;
        const criteriaError = refusalOf(index, 'criteria');
        const legendId = `${baseId}-group-${number}`;
        const errorId = `${legendId}-error`;
        return (
          <fieldset
            key={index}
            aria-labelledby={legendId}
            aria-describedby={criteriaError ? errorId : undefined}
            className={css({ display: 'flex', flexDirection: 'column', gap: '3', m: 0, p: { base: '2', sm: '3' }, pt: '2', borderWidth: '1px', borderRadius: 'lg', borderColor: criteriaError ? 'danger.default' : 'border.default', minW: 0 })}
          >
            <legend id={legendId} className={css({ px: '1', fontSize: 'sm', fontWeight: 'semibold' })}>
              {t('dceanalysis-group', { number })}
              {lots ? (
                <>
                  {' · '}
                  <span className={css({ fontWeight: 'normal', color: 'fg.muted' })}>{lotsLabel(lots, t, i18n.language)}</span>
                </>
              ) : null}
            </legend>
            <div className={css({ display: 'grid', gridTemplateColumns: '1fr auto', gap: '2', alignItems: 'start' })}>
              <TextField
                label={t('dceanalysis-group_lots')}
                inputMode="numeric"
                value={group.lots}
                helperText={t('dceanalysis-group_lots_hint')}
                error={badLots.includes(index) ? t('dceanalysis-group_lots_invalid') : refusalOf(index, 'lots')}
                onChange={(e) => update(index, { lots: e.target.value })}
              />
              <Button type="button" size="icon" variant="ghost" aria-label={t('dceanalysis-group_remove', { number })} onClick={() => remove(index)} disabled={groups.length === 1} className={css({ mt: '6' })}>
                <Trash2 size={16} aria-hidden="true" />
              </Button>
            </div>
            <CriteriaRows rows={group.rows} onChange={(rows) => update(index, { rows })} />
            {criteriaError ? (
              <p id={errorId} className={classes.errorText}>
                {criteriaError}
              </p>
            ) : null}
          </fieldset>
        );
      })}
      <Button type="button" size="sm" variant="outline" onClick={() => onChange([...groups, { lots: '', rows: [{ name: '', weight: 0 }] }])} className={css({ alignSelf: 'flex-start' })}>
        <Plus size={14} aria-hidden="true" />
        {t('dceanalysis-group_add')}
      </Button>
    </div>
  );
}

function CriteriaRows({ rows, onChange }: { rows: CriterionRow[]; onChange: (rows: CriterionRow[]) => void }) {
  const { t } = useTranslation();
  return (
    <div className={css({ display: 'flex', flexDirection: 'column', gap: '2' })}>
      {rows.map((row, index) => (
        <div key={index} className={css({ display: 'grid', gridTemplateColumns: '1fr 6rem auto', gap: '2', alignItems: 'end' })}>
          <TextField label={t('dceanalysis-criterion_name')} maxLength={300} value={row.name} onChange={(e) => onChange(rows.map((r, i) => (i === index ? { ...r, name: e.target.value } : r)))} />
          <TextField label={t('dceanalysis-criterion_weight')} type="number" min={0} max={100} step="0.5" value={String(row.weight)} onChange={(e) => onChange(rows.map((r, i) => (i === index ? { ...r, weight: Number(e.target.value) } : r)))} />
          <Button type="button" size="icon" variant="ghost" aria-label={t('dceanalysis-criterion_remove', { name: row.name })} onClick={() => onChange(rows.filter((_, i) => i !== index))}>
            <Trash2 size={16} aria-hidden="true" />
          </Button>
        </div>
      ))}
      <Button type="button" size="sm" variant="outline" onClick={() => onChange([...rows, { name: '', weight: 0 }])} className={css({ alignSelf: 'flex-start' })}>
        <Plus size={14} aria-hidden="true" />
        {t('dceanalysis-criterion_add')}
      </Button>
    </div>
  );
}
