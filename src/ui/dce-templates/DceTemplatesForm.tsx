import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ArrowDown, ArrowUp, Plus, Trash2 } from 'lucide-react';
import { css, cx } from 'styled-system/css';
import { checkbox } from 'styled-system/recipes/checkbox';
import { field } from 'styled-system/recipes/field';
import { Alert } from '../components/Alert';
import { Button } from '../components/Button';
import { TextField } from '../components/Field';
import { Input } from '../components/Input';
import { checkDocuments, normaliseCode, templateDescription, templateName, USUAL_DOCUMENTS, type DceDocumentValues, type DocumentErrors } from '../forms/dce-template-rules';
import { readForm, useFieldErrors } from '../forms/use-field-errors';

export type DceTemplateValues = { name: string; description: string; documents: DceDocumentValues[] };

export const emptyDceTemplate: DceTemplateValues = { name: '', description: '', documents: [] };

type Row = DceDocumentValues & { key: number };

type DceTemplatesFormProps = {
  id: string;
  initial: DceTemplateValues;
  submitting: boolean;
  error: string | null;
  /** The refusal's per-field details (400): the name's and the description's shown under their inputs. */
  errorDetails?: unknown;
  errorTitle: string;
  onSubmit: (values: DceTemplateValues) => void;
  /** The buttons, placed by the caller and tied to the form by `id`. */
  footer?: ReactNode;
};

const FIELDS = ['name', 'description'] as const;

/** Name, description and the ordered list of expected documents; shared by creation and edition. */
export function DceTemplatesForm({ id, initial, submitting, error, errorDetails, errorTitle, onSubmit, footer }: DceTemplatesFormProps) {
  const { t } = useTranslation();
  // Rows keep a key of their own: React and the row errors follow a row when it moves.
  const [rows, setRows] = useState<Row[]>(() => initial.documents.map((doc, index) => ({ ...doc, key: index })));
  const nextKey = useRef(initial.documents.length);
  const [rowErrors, setRowErrors] = useState<Record<number, DocumentErrors>>({});
  const [listError, setListError] = useState<string | null>(null);
  const { errors, check, onFormChange, serverErrors, refusal } = useFieldErrors<(typeof FIELDS)[number]>(() => ({ name: templateName, description: templateDescription }), {
    error,
    details: errorDetails,
  });
  const fieldError = (name: (typeof FIELDS)[number]) => (errors[name] ? t(errors[name]) : serverErrors[name]);
  const descriptionError = fieldError('description');
  const banner = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (refusal) banner.current?.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
  }, [refusal]);

  const clearRow = (key: number, name: keyof DocumentErrors) =>
    setRowErrors((current) => {
      if (!current[key]?.[name]) return current;
      return { ...current, [key]: { ...current[key], [name]: undefined } };
    });
  const edit = (key: number, change: Partial<DceDocumentValues>) => {
    setRows((current) => current.map((row) => (row.key === key ? { ...row, ...change } : row)));
    for (const name of Object.keys(change)) if (name === 'code' || name === 'label') clearRow(key, name);
  };
  const add = (doc: DceDocumentValues) => {
    setRows((current) => [...current, { ...doc, key: nextKey.current++ }]);
    setListError(null);
  };
  const remove = (key: number) => setRows((current) => current.filter((row) => row.key !== key));
  const move = (index: number, by: -1 | 1) =>
    setRows((current) => {
      const next = [...current];
      const [row] = next.splice(index, 1);
      next.splice(index + by, 0, row!);
      return next;
    });

  const present = new Set(rows.map((row) => normaliseCode(row.code)));

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const values = readForm(event.currentTarget, FIELDS);
    const fieldsOk = check(values);
    const documents = rows.map(({ code, label, required }) => ({ code: normaliseCode(code), label: label.trim(), required }));
    const found = checkDocuments(documents);
    setRowErrors(Object.fromEntries(Object.entries(found.rows).map(([index, rowError]) => [rows[Number(index)]!.key, rowError])));
    setListError(found.list);
    if (!fieldsOk || found.list || Object.keys(found.rows).length > 0) return;
    onSubmit({ name: values.name.trim(), description: values.description.trim(), documents });
  };

  const section = css({ display: 'flex', flexDirection: 'column', gap: '4', border: 'none', p: 0, m: 0, minW: 0 });
  const legend = css({ fontSize: 'md', fontWeight: 'semibold', mb: '1', p: 0 });
  const classes = field();
  const headerCell = css({ textAlign: 'start', fontSize: 'xs', fontWeight: 'medium', color: 'fg.muted', px: '2', py: '1.5', whiteSpace: 'nowrap' });
  const cell = css({ px: '2', py: '1.5', verticalAlign: 'top' });

  return (
    <form id={id} onSubmit={submit} onChange={onFormChange} noValidate aria-busy={submitting} className={css({ display: 'flex', flexDirection: 'column', gap: '6' })}>
      {refusal ? (
        <div ref={banner}>
          <Alert status="error" title={errorTitle}>
            {refusal}
          </Alert>
        </div>
      ) : null}
      <fieldset disabled={submitting} className={section}>
        <legend className={legend}>{t('dcetemplates-general')}</legend>
        <TextField label={t('dcetemplates-name')} name="name" defaultValue={initial.name} required maxLength={120} error={fieldError('name')} />
        <div className={classes.root}>
          <label htmlFor={`${id}-description`} className={classes.label}>
            {t('dcetemplates-description')}
          </label>
          <textarea
            id={`${id}-description`}
            name="description"
            rows={2}
            maxLength={2000}
            defaultValue={initial.description}
            aria-describedby={descriptionError ? `${id}-description-help ${id}-description-error` : `${id}-description-help`}
            aria-invalid={descriptionError ? true : undefined}
            className={css({
              w: 'full',
              px: '3',
              py: '2',
              fontSize: 'sm',
              color: 'fg.default',
              bg: 'bg.default',
              borderWidth: '1px',
              borderColor: 'border.emphasized',
              borderRadius: 'md',
              resize: 'vertical',
              _focusVisible: { borderColor: 'accent.default', boxShadow: '0 0 0 1px token(colors.accent.default)', outline: 'none' },
              _disabled: { opacity: 0.65, bg: 'bg.subtle' },
            })}
          />
          <p id={`${id}-description-help`} className={classes.helperText}>
            {t('dcetemplates-description_help')}
          </p>
          {descriptionError ? (
            <p id={`${id}-description-error`} className={classes.errorText}>
              {descriptionError}
            </p>
          ) : null}
        </div>
      </fieldset>
      <fieldset disabled={submitting} className={section} aria-describedby={`${id}-documents-help`}>
        <legend className={legend}>{t('dcetemplates-documents')}</legend>
        <p id={`${id}-documents-help`} className={classes.helperText}>
          {t('dcetemplates-documents_help')}
        </p>
        <div role="group" aria-labelledby={`${id}-quick-add`} className={css({ display: 'flex', flexDirection: 'column', gap: '2' })}>
          <p id={`${id}-quick-add`} className={css({ fontSize: 'sm', fontWeight: 'medium' })}>
            {t('dcetemplates-quick_add')}
          </p>
          <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '2' })}>
            {USUAL_DOCUMENTS.map((usual) => {
              const label = t(`dcetemplates-doc_${usual.code}`);
              return (
                <Button
                  key={usual.code}
                  size="sm"
                  variant="outline"
                  disabled={present.has(usual.code)}
                  title={label}
                  aria-label={t('dcetemplates-quick_add_named', { code: usual.code, label })}
                  onClick={() => add({ code: usual.code, label, required: usual.required })}
                >
                  <Plus size={14} aria-hidden="true" />
                  {usual.code}
                </Button>
              );
            })}
          </div>
          <p className={classes.helperText}>{t('dcetemplates-quick_add_help')}</p>
        </div>
        {rows.length === 0 ? (
          <p className={css({ fontSize: 'sm', color: 'fg.muted', borderWidth: '1px', borderStyle: 'dashed', borderColor: 'border.emphasized', borderRadius: 'md', p: '4', textAlign: 'center' })}>
            {t('dcetemplates-no_documents')}
          </p>
        ) : (
          // Focusable like the app's tables, so that keyboard users can scroll it on a narrow screen.
          <div tabIndex={0} role="region" aria-label={t('dcetemplates-documents')} className={css({ overflowX: 'auto', position: 'relative', borderWidth: '1px', borderColor: 'border.default', borderRadius: 'md', bg: 'bg.default' })}>
            <table className={css({ w: 'full', borderCollapse: 'collapse', fontSize: 'sm' })}>
              <caption className={css({ srOnly: true })}>{t('dcetemplates-documents')}</caption>
              <thead className={css({ bg: 'bg.subtle', borderBottomWidth: '1px', borderColor: 'border.default' })}>
                <tr>
                  <th scope="col" className={headerCell}>
                    {t('dcetemplates-doc_order')}
                  </th>
                  <th scope="col" className={headerCell}>
                    {t('dcetemplates-doc_code')}
                  </th>
                  <th scope="col" className={headerCell}>
                    {t('dcetemplates-doc_label')}
                  </th>
                  <th scope="col" className={headerCell}>
                    {t('dcetemplates-doc_required')}
                  </th>
                  <th scope="col" className={headerCell}>
                    <span className={css({ srOnly: true })}>{t('dcetemplates-col_actions')}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row, index) => {
                  const n = index + 1;
                  const rowError = rowErrors[row.key] ?? {};
                  const codeErrorId = `${id}-doc-${row.key}-code-error`;
                  const labelErrorId = `${id}-doc-${row.key}-label-error`;
                  return (
                    <tr key={row.key} className={css({ borderTopWidth: index === 0 ? 0 : '1px', borderColor: 'border.default' })}>
                      <td className={cell}>
                        <div className={css({ display: 'flex', alignItems: 'center', gap: '0.5' })}>
                          <span className={css({ color: 'fg.muted', fontVariantNumeric: 'tabular-nums', minW: '5', textAlign: 'end', mr: '1' })} aria-hidden="true">
                            {n}
                          </span>
                          <Button size="icon" variant="ghost" disabled={index === 0} aria-label={t('dcetemplates-move_up', { n })} onClick={() => move(index, -1)}>
                            <ArrowUp size={16} aria-hidden="true" />
                          </Button>
                          <Button size="icon" variant="ghost" disabled={index === rows.length - 1} aria-label={t('dcetemplates-move_down', { n })} onClick={() => move(index, 1)}>
                            <ArrowDown size={16} aria-hidden="true" />
                          </Button>
                        </div>
                      </td>
                      <td className={css({ px: '2', py: '1.5', verticalAlign: 'top', w: '9rem' })}>
                        <Input
                          aria-label={t('dcetemplates-doc_code_of', { n })}
                          value={row.code}
                          maxLength={20}
                          autoCapitalize="characters"
                          spellCheck={false}
                          aria-invalid={rowError.code ? true : undefined}
                          aria-describedby={rowError.code ? codeErrorId : undefined}
                          onChange={(event) => edit(row.key, { code: event.target.value.toUpperCase() })}
                          className={css({ fontFamily: 'mono' })}
                        />
                        {rowError.code ? (
                          <p id={codeErrorId} className={classes.errorText}>
                            {t(rowError.code)}
                          </p>
                        ) : null}
                      </td>
                      <td className={css({ px: '2', py: '1.5', verticalAlign: 'top', minW: '16rem' })}>
                        <Input
                          aria-label={t('dcetemplates-doc_label_of', { n })}
                          value={row.label}
                          maxLength={200}
                          aria-invalid={rowError.label ? true : undefined}
                          aria-describedby={rowError.label ? labelErrorId : undefined}
                          onChange={(event) => edit(row.key, { label: event.target.value })}
                        />
                        {rowError.label ? (
                          <p id={labelErrorId} className={classes.errorText}>
                            {t(rowError.label)}
                          </p>
                        ) : null}
                      </td>
                      <td className={css({ px: '2', py: '1.5', verticalAlign: 'top', textAlign: 'center' })}>
                        <input
                          type="checkbox"
                          aria-label={t('dcetemplates-doc_required_of', { n })}
                          checked={row.required}
                          onChange={(event) => edit(row.key, { required: event.target.checked })}
                          className={cx(checkbox().control, css({ mt: '2.5', mx: 'auto' }))}
                        />
                      </td>
                      <td className={cell}>
                        <Button size="icon" variant="ghost" aria-label={t('dcetemplates-remove', { n })} onClick={() => remove(row.key)}>
                          <Trash2 size={16} aria-hidden="true" className={css({ color: 'danger.text' })} />
                        </Button>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        )}
        {listError ? (
          <p role="alert" className={classes.errorText}>
            {t(listError)}
          </p>
        ) : null}
        <div>
          <Button variant="outline" size="sm" onClick={() => add({ code: '', label: '', required: true })}>
            <Plus size={16} aria-hidden="true" />
            {t('dcetemplates-add_row')}
          </Button>
        </div>
      </fieldset>
      {footer}
    </form>
  );
}
