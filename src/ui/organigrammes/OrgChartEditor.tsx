import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ArrowUpFromLine, Pencil, Plus, Trash2 } from 'lucide-react';
import { css } from 'styled-system/css';
import { Alert } from '../components/Alert';
import { Button } from '../components/Button';
import { TextField } from '../components/Field';
import { Select } from '../components/Select';
import { Spinner } from '../components/Spinner';
import { normalisePositions, treeProblem, type Position } from '../../../rules/organigramme-tree';
import { addPosition, movePosition, removePosition, rootPosition, toTree, updatePosition, type TreeNode } from '../../machines/organigramme-tree';

/** The form under the tree: the first position, a new one under a parent, or a change to one. */
type Form = { mode: 'root' } | { mode: 'add'; parentId: string } | { mode: 'edit'; id: string };
type Values = {
  title: string;
  name: string;
  contact: string;
  parentId: string;
};
const EMPTY_VALUES: Values = { title: '', name: '', contact: '', parentId: '' };

export type OrgChartEditorProps = {
  /** The saved positions; empty for a chart not drawn yet. */
  initial: readonly Position[];
  kindLabel: string;
  saving: boolean;
  /** The server's refusal of the last save. */
  error: string | null;
  onSave: (positions: Position[]) => void;
  onCancel: () => void;
};

const label = (p: Pick<Position, 'title' | 'name'>) => `${p.title} (${p.name})`;

/**
 * The chart being drawn, changed in place and saved as a whole. Removing a position moves what hangs
 * below it up to its parent; the root goes only with the chart. A move under the position itself or
 * under one of its subordinates is refused with a message (it would make a cycle).
 */
export function OrgChartEditor({ initial, kindLabel, saving, error, onSave, onCancel }: OrgChartEditorProps) {
  const { t } = useTranslation();
  const headingId = useId();
  const [draft, setDraft] = useState<Position[]>(() => [...initial]);
  const [form, setForm] = useState<Form | null>(initial.length === 0 ? { mode: 'root' } : null);
  const [values, setValues] = useState<Values>(EMPTY_VALUES);
  const [missing, setMissing] = useState<Partial<Record<'title' | 'name', true>>>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const tree = toTree(draft);
  const byId = (id: string) => draft.find((p) => p._id === id);

  const open = (next: Form) => {
    const editing = next.mode === 'edit' ? byId(next.id) : undefined;
    setValues(
      editing
        ? {
            title: editing.title,
            name: editing.name,
            contact: editing.contact,
            parentId: editing.parentId ?? '',
          }
        : {
            ...EMPTY_VALUES,
            parentId: next.mode === 'add' ? next.parentId : '',
          },
    );
    setMissing({});
    setRefusal(null);
    setForm(next);
  };

  const apply = (event: FormEvent) => {
    event.preventDefault();
    if (!form) return;
    const fields = {
      title: values.title.trim(),
      name: values.name.trim(),
      contact: values.contact.trim(),
    };
    const blank = {
      ...(fields.title ? {} : { title: true as const }),
      ...(fields.name ? {} : { name: true as const }),
    };
    setMissing(blank);
    if (Object.keys(blank).length) return;
    if (form.mode === 'root') setDraft(rootPosition(fields));
    else if (form.mode === 'add') setDraft(addPosition(draft, values.parentId, fields));
    else {
      let next = updatePosition(draft, form.id, fields);
      const current = byId(form.id);
      if (current?.parentId && values.parentId !== current.parentId) {
        const moved = movePosition(next, form.id, values.parentId);
        if (!moved.ok) {
          setRefusal(t('organigramme-move_cycle'));
          return;
        }
        next = moved.positions;
      }
      setDraft(next);
    }
    setRefusal(null);
    setForm(null);
  };

  const remove = (id: string) => {
    const result = removePosition(draft, id);
    if (!result.ok) return setRefusal(t('organigramme-root_removal'));
    setForm(null);
    setRefusal(null);
    setDraft(result.positions);
  };

  const save = () => {
    const positions = normalisePositions(draft);
    const problem = treeProblem(positions);
    if (problem) return setRefusal(t(problem.key));
    onSave(positions);
  };

  const iconButton = css({ flexShrink: 0 });
  const renderNode = (node: TreeNode) => (
    <li key={node._id} className={css({ mt: '2' })}>
      <div
        className={css({
          display: 'flex',
          alignItems: 'center',
          gap: '2',
          flexWrap: 'wrap',
          p: '2',
          borderWidth: '1px',
          borderColor: 'border.default',
          borderRadius: 'md',
          bg: 'bg.default',
        })}
      >
        <div className={css({ flex: '1', minW: '10rem' })}>
          <p className={css({ fontWeight: 'semibold', fontSize: 'sm' })}>{node.title}</p>
          <p className={css({ fontSize: 'sm' })}>
            {node.name}
            {node.contact ? <span className={css({ color: 'fg.muted' })}> · {node.contact}</span> : null}
          </p>
        </div>
        <Button
          size="icon"
          variant="ghost"
          className={iconButton}
          aria-label={t('organigramme-add_under', { position: label(node) })}
          onClick={() => open({ mode: 'add', parentId: node._id })}
          disabled={saving}
        >
          <Plus size={16} aria-hidden="true" />
        </Button>
        <Button
          size="icon"
          variant="ghost"
          className={iconButton}
          aria-label={t('organigramme-edit_position', {
            position: label(node),
          })}
          onClick={() => open({ mode: 'edit', id: node._id })}
          disabled={saving}
        >
          <Pencil size={16} aria-hidden="true" />
        </Button>
        {node.parentId !== null ? (
          <Button
            size="icon"
            variant="ghost"
            className={iconButton}
            aria-label={t('organigramme-remove_position', {
              position: label(node),
            })}
            onClick={() => remove(node._id)}
            disabled={saving}
          >
            <Trash2 size={16} aria-hidden="true" />
          </Button>
        ) : null}
      </div>
      {node.children.length ? (
        <ul
          className={css({
            listStyle: 'none',
            pl: { base: '3', sm: '6' },
            m: 0,
            borderLeftWidth: '2px',
            borderColor: 'border.default',
            ml: '3',
          })}
        >
          {node.children.map(renderNode)}
        </ul>
      ) : null}
    </li>
  );

  const editing = form?.mode === 'edit' ? byId(form.id) : undefined;
  const parent = form?.mode === 'add' ? byId(form.parentId) : undefined;
  const formTitle = !form
    ? ''
    : form.mode === 'root'
      ? t('organigramme-root_form')
      : form.mode === 'add'
        ? t('organigramme-add_form', { position: parent ? label(parent) : '' })
        : t('organigramme-edit_form', {
            position: editing ? label(editing) : '',
          });
  const parentOptions = draft.filter((p) => p._id !== editing?._id).map((p) => ({ value: p._id, label: label(p) }));

  return (
    <section aria-labelledby={headingId} className={css({ display: 'flex', flexDirection: 'column', gap: '4' })}>
      <h3 id={headingId} className={css({ fontSize: 'md', fontWeight: 'semibold' })}>
        {t(initial.length ? 'organigramme-editor_title' : 'organigramme-editor_new_title', { kind: kindLabel })}
      </h3>
      <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>{t('organigramme-editor_help')}</p>
      {tree ? <ul className={css({ listStyle: 'none', p: 0, m: 0 })}>{renderNode(tree)}</ul> : null}
      {refusal ? <Alert status="error">{refusal}</Alert> : null}
      {form ? (
        <form
          onSubmit={apply}
          noValidate
          aria-label={formTitle}
          className={css({
            display: 'flex',
            flexDirection: 'column',
            gap: '3',
            p: '4',
            borderWidth: '1px',
            borderColor: 'border.emphasized',
            borderRadius: 'lg',
            bg: 'bg.subtle',
          })}
        >
          <p className={css({ fontWeight: 'semibold', fontSize: 'sm' })}>{formTitle}</p>
          <div
            className={css({
              display: 'grid',
              gridTemplateColumns: { base: '1fr', md: '1fr 1fr' },
              gap: '3',
            })}
          >
            <TextField
              label={t('organigramme-field_title')}
              value={values.title}
              maxLength={120}
              required
              error={missing.title ? t('form-required') : undefined}
              onChange={(e) => setValues({ ...values, title: e.target.value })}
            />
            <TextField
              label={t('organigramme-field_name')}
              value={values.name}
              maxLength={120}
              required
              error={missing.name ? t('form-required') : undefined}
              onChange={(e) => setValues({ ...values, name: e.target.value })}
            />
            <TextField
              label={t('organigramme-field_contact')}
              helperText={t('organigramme-field_contact_help')}
              value={values.contact}
              maxLength={200}
              onChange={(e) => setValues({ ...values, contact: e.target.value })}
            />
            {form.mode === 'add' || (form.mode === 'edit' && editing?.parentId) ? (
              <Select label={t('organigramme-field_parent')} value={values.parentId} options={parentOptions} onChange={(parentId) => setValues({ ...values, parentId })} />
            ) : null}
          </div>
          <div
            className={css({
              display: 'flex',
              gap: '2',
              justifyContent: 'flex-end',
              flexWrap: 'wrap',
            })}
          >
            {draft.length ? (
              <Button
                variant="outline"
                onClick={() => {
                  setForm(null);
                  setRefusal(null);
                }}
              >
                {t('dialog-cancel')}
              </Button>
            ) : null}
            <Button type="submit">
              {form.mode === 'edit' ? <ArrowUpFromLine size={16} aria-hidden="true" /> : <Plus size={16} aria-hidden="true" />}
              {t(form.mode === 'edit' ? 'organigramme-apply_edit' : 'organigramme-apply_add')}
            </Button>
          </div>
        </form>
      ) : null}
      {error ? <Alert status="error">{error}</Alert> : null}
      <div
        className={css({
          display: 'flex',
          gap: '2',
          justifyContent: 'flex-end',
          flexWrap: 'wrap',
          borderTopWidth: '1px',
          borderColor: 'border.default',
          pt: '4',
        })}
      >
        <Button variant="outline" onClick={onCancel} disabled={saving}>
          {t('dialog-cancel')}
        </Button>
        <Button onClick={save} disabled={saving || draft.length === 0} aria-busy={saving || undefined}>
          {saving ? <Spinner size="sm" label={t('common-loading')} /> : null}
          {t('organigramme-save')}
        </Button>
      </div>
    </section>
  );
}
