import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Plus, Trash2 } from 'lucide-react';
import { css } from 'styled-system/css';
import { Alert } from '../components/Alert';
import { Button } from '../components/Button';
import { Checkbox } from '../components/Checkbox';
import { Dialog } from '../components/Dialog';
import { TextField } from '../components/Field';
import { Select } from '../components/Select';
import { Spinner } from '../components/Spinner';
import { isoToParis, parisToIso } from '../format';
import type { DceFactKey } from './DceFactValue';

export type FactEditing = { key: DceFactKey; value: unknown };

type Props = {
  editing: FactEditing | null;
  busy: boolean;
  error: string | null;
  onSave: (key: DceFactKey, value: unknown) => void;
  onClose: () => void;
};

type Draft = Record<string, unknown>;

const DATE_KEYS = new Set<DceFactKey>(['submissionDeadline', 'questionsDeadline']);
const BOOLEAN_KEYS = new Set<DceFactKey>(['variantsAllowed', 'electronicSignatureRequired']);
const LIST_KEYS = new Set<DceFactKey>(['candidatureDocuments', 'offerDocuments']);
const PROCEDURES = ['open', 'restricted', 'adapted', 'negotiated', 'competitive_dialogue', 'other'];

/** The draft a form edits, from a fact's value (or an empty one for a fact the analysis did not find). */
function draftOf(key: DceFactKey, value: unknown): Draft {
  if (DATE_KEYS.has(key)) return typeof value === 'string' ? isoToParis(value) : { date: '', time: '12:00' };
  if (key === 'siteVisit') {
    const visit = (value as { required?: boolean; date?: string } | undefined) ?? {};
    return { required: visit.required ?? false, ...(visit.date ? isoToParis(visit.date) : { date: '', time: '10:00' }) };
  }
  if (key === 'awardCriteria') return { rows: ((value as { name: string; weight: number }[] | undefined) ?? [{ name: '', weight: 0 }]).map((c) => ({ ...c })) };
  if (key === 'lots') {
    const lots = (value as { allotted: boolean; lots: { number: number; title: string }[] } | undefined) ?? { allotted: false, lots: [] };
    return { allotted: lots.allotted, rows: lots.lots.map((l) => ({ ...l })) };
  }
  if (LIST_KEYS.has(key)) return { text: ((value as string[] | undefined) ?? []).join('\n') };
  if (key === 'penalties') return { ...((value as object | undefined) ?? { summary: '' }) };
  return { value: value ?? (BOOLEAN_KEYS.has(key) ? false : key === 'procedure' ? 'open' : key === 'priceType' ? 'firm' : '') };
}

/** The value the server checks, from the draft. */
function valueOf(key: DceFactKey, draft: Draft): unknown {
  if (DATE_KEYS.has(key)) return parisToIso(draft.date as string, draft.time as string) ?? '';
  if (key === 'siteVisit') {
    const date = parisToIso(draft.date as string, draft.time as string);
    return { required: draft.required as boolean, ...(date ? { date } : {}) };
  }
  if (key === 'awardCriteria') return (draft.rows as { name: string; weight: number; subCriteria?: unknown }[]).map((row) => ({ ...row, name: row.name.trim(), weight: Number(row.weight) }));
  if (key === 'lots') return { allotted: draft.allotted as boolean, lots: draft.allotted ? (draft.rows as { number: number; title: string }[]).map((row) => ({ number: Number(row.number), title: row.title.trim() })) : [] };
  if (LIST_KEYS.has(key)) return (draft.text as string).split('\n').map((line) => line.trim()).filter(Boolean);
  if (key === 'offerValidityDays') return Number(draft.value);
  if (key === 'penalties') return draft;
  return typeof draft.value === 'string' ? draft.value.trim() : draft.value;
}

/** Corrects one fact with the form its value calls for; the server checks the shape (and that weights make 100 %). */
export function FactEditDialog({ editing, busy, error, onSave, onClose }: Props) {
  const { t } = useTranslation();
  return (
    <Dialog open={editing !== null} onClose={busy ? () => undefined : onClose} title={editing ? t('dceanalysis-edit_title', { fact: t(`dcefact-${editing.key}`) }) : ''}>
      {/* Keyed by the fact: another fact starts from its own value. */}
      {editing ? <FactForm key={editing.key} editing={editing} busy={busy} error={error} onSave={onSave} onClose={onClose} /> : null}
    </Dialog>
  );
}

function FactForm({ editing, busy, error, onSave, onClose }: Props & { editing: FactEditing }) {
  const { t } = useTranslation();
  const { key } = editing;
  const [draft, setDraft] = useState<Draft>(() => draftOf(key, editing.value));
  const set = (patch: Draft) => setDraft((current) => ({ ...current, ...patch }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSave(key, valueOf(key, draft));
  };
  return (
    <form noValidate onSubmit={submit} className={css({ display: 'flex', flexDirection: 'column', gap: '4' })}>
      {error ? <Alert status="error">{error}</Alert> : null}
      <FactFields factKey={key} draft={draft} set={set} />
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
  if (key === 'awardCriteria') return <CriteriaRows rows={draft.rows as { name: string; weight: number }[]} onChange={(rows) => set({ rows })} />;
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

function CriteriaRows({ rows, onChange }: { rows: { name: string; weight: number }[]; onChange: (rows: { name: string; weight: number }[]) => void }) {
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
