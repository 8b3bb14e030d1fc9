import { useState, type ComponentProps, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Pencil, Plus, Trash2, UserRound, Users } from 'lucide-react';
import { css } from 'styled-system/css';
import type { Groupement, GroupementMember } from '../../machines/submission.machine';
import { Alert } from '../components/Alert';
import { Button } from '../components/Button';
import { CardBody, CardFooter, CardHeader, CardRoot, CardTitle } from '../components/Card';
import { Checkbox } from '../components/Checkbox';
import { ConfirmDialog } from '../components/Dialog';
import { TextField } from '../components/Field';
import { LoadFailed } from '../components/LoadFailed';
import { Skeleton } from '../components/Skeleton';
import { Spinner } from '../components/Spinner';
import { serverFieldErrors } from '../forms/use-field-errors';
import * as rules from '../forms/rules';
import type { SubmissionViewState } from './submission-view-state';

export type GroupementActions = {
  onRetry: () => void;
  onEdit: () => void;
  onCancel: () => void;
  onSave: (groupement: Groupement) => void;
  onClear: () => void;
  onConfirmClear: () => void;
};

type View = SubmissionViewState['groupement'];

/** At most this many co-contractors (the server's limit). */
export const MEMBERS_MAX = 20;
const FORM_ID = 'submission-groupement';
const muted = css({ fontSize: 'sm', color: 'fg.muted' });
const formatSiret = (siret: string) => siret.replace(/^(\d{3})(\d{3})(\d{3})(\d{5})$/, '$1 $2 $3 $4');

/**
 * The groupement the tender is answered in (issue 26): alone by default; a manager answers in a
 * groupement — conjoint or solidaire, the mandataire's liability, the co-contractors with their
 * share of the work — which the DC1 presents, the company being the mandataire. Read-only to
 * employees and once deposited.
 */
export function GroupementCard({ view, actions }: { view: View; actions: GroupementActions }) {
  const { t } = useTranslation();
  const editing = view.state === 'editing' || view.state === 'saving' || view.state === 'saveFailed';
  const grouped = view.value !== null;
  return (
    <CardRoot data-testid="groupement" aria-busy={view.state === 'saving' || view.state === 'clearing' ? true : undefined}>
      <CardHeader className={css({ display: 'flex', flexDirection: 'row', alignItems: 'center', justifyContent: 'space-between', gap: '3', flexWrap: 'wrap' })}>
        <CardTitle as="h2" className={css({ display: 'flex', alignItems: 'center', gap: '2' })}>
          <Users size={18} aria-hidden="true" />
          {t('groupement-title')}
        </CardTitle>
        {view.state === 'shown' && view.canEdit ? (
          <div className={css({ display: 'flex', gap: '2', flexWrap: 'wrap' })}>
            <Button variant={grouped ? 'outline' : 'solid'} size="sm" onClick={actions.onEdit}>
              {grouped ? <Pencil size={14} aria-hidden="true" /> : <Users size={14} aria-hidden="true" />}
              {t(grouped ? 'groupement-edit' : 'groupement-answer_grouped')}
            </Button>
            {grouped ? (
              <Button variant="ghost" size="sm" onClick={actions.onClear}>
                <UserRound size={14} aria-hidden="true" />
                {t('groupement-answer_alone')}
              </Button>
            ) : null}
          </div>
        ) : null}
      </CardHeader>
      {view.state === 'loading' ? (
        <CardBody>
          <Skeleton lines={2} label={t('groupement-loading')} />
        </CardBody>
      ) : view.state === 'failed' ? (
        <CardBody>
          <LoadFailed title={t('groupement-load_failed')} message={view.error} onRetry={actions.onRetry} titleAs="p" />
        </CardBody>
      ) : editing ? (
        <GroupementForm view={view} actions={actions} />
      ) : (
        <CardBody className={css({ display: 'flex', flexDirection: 'column', gap: '3' })}>
          {view.error ? <Alert status="error">{view.error}</Alert> : null}
          {view.value ? <GroupementFacts groupement={view.value} /> : <p className={css({ fontSize: 'sm' })}>{t('groupement-alone')}</p>}
          {!view.canEdit ? <p className={muted}>{t('groupement-managers_only')}</p> : null}
        </CardBody>
      )}
      <ConfirmDialog
        open={view.state === 'confirmingClear' || view.state === 'clearing'}
        title={t('groupement-clear_title')}
        description={t('groupement-clear_text')}
        confirmLabel={t('groupement-clear_confirm')}
        busy={view.state === 'clearing'}
        onConfirm={actions.onConfirmClear}
        onClose={actions.onCancel}
      />
    </CardRoot>
  );
}

function GroupementFacts({ groupement }: { groupement: Groupement }) {
  const { t } = useTranslation();
  const row = css({ display: 'grid', gridTemplateColumns: { base: '1fr', sm: '14rem 1fr' }, gap: { base: '0.5', sm: '4' }, py: '2', borderBottomWidth: '1px', borderColor: 'border.default', _last: { borderBottom: 'none' }, '& > dd': { fontSize: 'sm', fontWeight: 'medium', m: 0, overflowWrap: 'anywhere' } });
  const term = css({ color: 'fg.muted', fontSize: 'sm' });
  return (
    <>
      <p className={muted}>{t('groupement-help')}</p>
      <dl className={css({ m: 0 })}>
        <div className={row}>
          <dt className={term}>{t('groupement-kind')}</dt>
          <dd>{t(`groupement-kind_${groupement.kind}`)}</dd>
        </div>
        {groupement.kind === 'joint' ? (
          <div className={row}>
            <dt className={term}>{t('groupement-jointly_liable_short')}</dt>
            <dd>{t(groupement.mandataireJointlyLiable ? 'groupement-yes' : 'groupement-no')}</dd>
          </div>
        ) : null}
        <div className={row}>
          <dt className={term}>{t('groupement-mandataire')}</dt>
          <dd>{groupement.mandataireRole ? t('groupement-mandataire_role_value', { role: groupement.mandataireRole }) : t('groupement-mandataire_value')}</dd>
        </div>
      </dl>
      <h3 className={css({ fontSize: 'md', fontWeight: 'semibold' })}>{t('groupement-members_count', { count: groupement.members.length })}</h3>
      <ul className={css({ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: '2', gridTemplateColumns: { base: '1fr', md: 'repeat(2, minmax(0, 1fr))' } })}>
        {groupement.members.map((member) => (
          <li key={member.siret} className={css({ p: '3', borderWidth: '1px', borderColor: 'border.default', borderRadius: 'md', fontSize: 'sm', minW: 0, overflowWrap: 'anywhere' })}>
            <p className={css({ fontWeight: 'semibold' })}>{member.name}</p>
            <p className={muted}>
              {t('groupement-siret_value', { siret: formatSiret(member.siret) })} · {member.address}, {member.postalCode} {member.city}
            </p>
            <p>{t('groupement-role_value', { role: member.role })}</p>
            {member.legalRepresentative ? <p className={muted}>{t('groupement-representative_value', { name: member.legalRepresentative.name, capacity: member.legalRepresentative.capacity })}</p> : null}
            {member.email ? <p className={muted}>{member.email}</p> : null}
          </li>
        ))}
      </ul>
    </>
  );
}

type Draft = { key: number; name: string; siret: string; address: string; postalCode: string; city: string; role: string; representativeName: string; representativeCapacity: string; email: string };
let draftKeys = 0;
const draftOf = (member?: GroupementMember): Draft => ({
  key: (draftKeys += 1),
  name: member?.name ?? '',
  siret: member?.siret ?? '',
  address: member?.address ?? '',
  postalCode: member?.postalCode ?? '',
  city: member?.city ?? '',
  role: member?.role ?? '',
  representativeName: member?.legalRepresentative?.name ?? '',
  representativeCapacity: member?.legalRepresentative?.capacity ?? '',
  email: member?.email ?? '',
});

const roleRule: rules.Rule = (v) => (v.trim() === '' ? 'form-required' : v.trim().length < 2 ? 'groupement-role_short' : null);
const nameRule: rules.Rule = (v) => (v.trim() === '' ? 'form-required' : v.trim().length < 2 || v.trim().length > 120 ? 'form-company_name_length' : null);

/** Each member's fields checked as the server does: the error keys by the server's paths (`members.1.siret`). */
function checkDrafts(drafts: Draft[]): Record<string, string> {
  const errors: Record<string, string> = {};
  drafts.forEach((d, index) => {
    const at = (field: string) => `members.${index}.${field}`;
    const found: [string, string | null][] = [
      ['name', nameRule(d.name)],
      ['siret', rules.siret(d.siret.replace(/\s/g, ''))],
      ['address', rules.address(d.address)],
      ['postalCode', rules.postalCode(d.postalCode)],
      ['city', rules.city(d.city)],
      ['role', roleRule(d.role)],
      ['email', d.email.trim() ? rules.email(d.email) : null],
      // Both or neither: a representative is named with the capacity they sign in.
      ['legalRepresentative.name', d.representativeCapacity.trim() && d.representativeName.trim().length < 2 ? 'candidature-representative_both' : null],
      ['legalRepresentative.capacity', d.representativeName.trim() && d.representativeCapacity.trim().length < 2 ? 'candidature-representative_both' : null],
    ];
    for (const [field, key] of found) if (key) errors[at(field)] = key;
  });
  return errors;
}

const memberOf = (d: Draft): GroupementMember => ({
  name: d.name.trim(),
  siret: d.siret.replace(/\s/g, ''),
  address: d.address.trim(),
  postalCode: d.postalCode.trim(),
  city: d.city.trim(),
  role: d.role.trim(),
  ...(d.representativeName.trim() ? { legalRepresentative: { name: d.representativeName.trim(), capacity: d.representativeCapacity.trim() } } : {}),
  ...(d.email.trim() ? { email: d.email.trim() } : {}),
});

function GroupementForm({ view, actions }: { view: View; actions: GroupementActions }) {
  const { t } = useTranslation();
  const saving = view.state === 'saving';
  const [kind, setKind] = useState<Groupement['kind']>(view.value?.kind ?? 'joint');
  const [liable, setLiable] = useState(view.value?.mandataireJointlyLiable ?? false);
  const [mandataireRole, setMandataireRole] = useState(view.value?.mandataireRole ?? '');
  const [drafts, setDrafts] = useState<Draft[]>(() => (view.value?.members.length ? view.value.members.map(draftOf) : [draftOf()]));
  const [errors, setErrors] = useState<Record<string, string>>({});
  // The server's refusal under its fields, until the field is edited (a new refusal shows afresh).
  const [refusal, setRefusal] = useState<{ details: unknown; edited: Set<string> }>({ details: view.errorDetails, edited: new Set() });
  if (refusal.details !== view.errorDetails) setRefusal({ details: view.errorDetails, edited: new Set() });
  const serverErrors = view.state === 'saveFailed' ? serverFieldErrors(view.errorDetails, (path) => path) : {};
  const errorOf = (path: string) => (errors[path] ? t(errors[path]!) : refusal.edited.has(path) ? undefined : serverErrors[path]);
  const shownAbove = view.state === 'saveFailed' && view.error && Object.keys(serverErrors).length === 0 ? view.error : null;

  const edit = (index: number, field: keyof Omit<Draft, 'key'>, path: string) => (value: string) => {
    setDrafts((current) => current.map((d, i) => (i === index ? { ...d, [field]: value } : d)));
    setErrors((current) => {
      if (!(path in current)) return current;
      const next = { ...current };
      delete next[path];
      return next;
    });
    setRefusal((current) => ({ ...current, edited: new Set([...current.edited, path]) }));
  };
  const remove = (index: number) => {
    setDrafts((current) => current.filter((_d, i) => i !== index));
    // Paths move with the members: the errors are checked again on save.
    setErrors({});
    setRefusal({ details: view.errorDetails, edited: new Set(Object.keys(serverErrors)) });
  };
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = checkDrafts(drafts);
    setErrors(found);
    if (Object.keys(found).length) {
      // The first field in error takes the focus, as the page's other forms do.
      const first = event.currentTarget.querySelector<HTMLInputElement>(`[data-path="${Object.keys(found)[0]}"]`);
      first?.focus();
      return;
    }
    actions.onSave({ kind, ...(kind === 'joint' ? { mandataireJointlyLiable: liable } : {}), mandataireRole: mandataireRole.trim(), members: drafts.map(memberOf) });
  };
  const grid = css({ display: 'grid', gridTemplateColumns: { base: '1fr', md: '1fr 1fr' }, gap: '3' });
  const field = (index: number, d: Draft, name: keyof Omit<Draft, 'key'>, path: string, label: string, extra: Partial<ComponentProps<typeof TextField>> = {}) => (
    <TextField label={label} value={d[name]} data-path={`members.${index}.${path}`} onChange={(event) => edit(index, name, `members.${index}.${path}`)(event.target.value)} error={errorOf(`members.${index}.${path}`)} disabled={saving} {...extra} />
  );
  return (
    <>
      <CardBody>
        <form id={FORM_ID} onSubmit={submit} noValidate aria-busy={saving} className={css({ display: 'flex', flexDirection: 'column', gap: '4' })}>
          <p className={muted}>{t('groupement-help')}</p>
          {shownAbove ? <Alert status="error">{shownAbove}</Alert> : null}
          <fieldset className={css({ border: 'none', p: 0, m: 0, minW: 0, display: 'flex', flexDirection: 'column', gap: '2' })}>
            <legend className={css({ fontWeight: 'semibold', mb: '2' })}>{t('groupement-kind')}</legend>
            {(['joint', 'several'] as const).map((option) => (
              <label key={option} className={css({ display: 'flex', gap: '2', alignItems: 'flex-start', fontSize: 'sm', cursor: 'pointer' })}>
                <input type="radio" name="groupement-kind" value={option} checked={kind === option} onChange={() => setKind(option)} disabled={saving} className={css({ mt: '1', accentColor: 'accent.default' })} />
                <span>
                  <span className={css({ fontWeight: 'medium' })}>{t(`groupement-kind_${option}`)}</span>
                  <span className={css({ display: 'block', color: 'fg.muted' })}>{t(`groupement-kind_${option}_help`)}</span>
                </span>
              </label>
            ))}
          </fieldset>
          {kind === 'joint' ? <Checkbox label={t('groupement-jointly_liable')} checked={liable} onChange={(event) => setLiable(event.target.checked)} disabled={saving} /> : null}
          <TextField label={t('groupement-mandataire_role')} helperText={t('groupement-mandataire_role_help')} value={mandataireRole} maxLength={500} onChange={(event) => {
              setMandataireRole(event.target.value);
              setRefusal((current) => ({ ...current, edited: new Set([...current.edited, 'mandataireRole']) }));
            }} error={refusal.edited.has('mandataireRole') ? undefined : serverErrors.mandataireRole} disabled={saving} />
          <ol className={css({ listStyle: 'none', p: 0, m: 0, display: 'flex', flexDirection: 'column', gap: '4' })}>
            {drafts.map((d, index) => (
              <li key={d.key}>
                <fieldset className={css({ borderWidth: '1px', borderColor: 'border.default', borderRadius: 'md', p: '3', m: 0, minW: 0, display: 'flex', flexDirection: 'column', gap: '3' })}>
                  <legend className={css({ fontWeight: 'semibold', px: '1' })}>{t('groupement-member_n', { n: index + 1 })}</legend>
                  <div className={grid}>
                    {field(index, d, 'name', 'name', t('groupement-member_name'), { maxLength: 120, autoComplete: 'organization' })}
                    {field(index, d, 'siret', 'siret', t('groupement-member_siret'), { inputMode: 'numeric', maxLength: 17 })}
                    {field(index, d, 'address', 'address', t('groupement-member_address'), { maxLength: 200 })}
                    {field(index, d, 'postalCode', 'postalCode', t('groupement-member_postal_code'), { inputMode: 'numeric', maxLength: 5 })}
                    {field(index, d, 'city', 'city', t('groupement-member_city'), { maxLength: 100 })}
                    {field(index, d, 'email', 'email', t('groupement-member_email'), { type: 'email', maxLength: 254 })}
                    {field(index, d, 'representativeName', 'legalRepresentative.name', t('groupement-member_representative_name'), { maxLength: 120 })}
                    {field(index, d, 'representativeCapacity', 'legalRepresentative.capacity', t('groupement-member_representative_capacity'), { maxLength: 120, placeholder: t('candidature-capacity_placeholder') })}
                  </div>
                  {field(index, d, 'role', 'role', t('groupement-member_role'), { maxLength: 500, helperText: t('groupement-member_role_help') })}
                  {drafts.length > 1 ? (
                    <Button variant="ghost" size="sm" className={css({ alignSelf: 'flex-start' })} onClick={() => remove(index)} disabled={saving}>
                      <Trash2 size={14} aria-hidden="true" />
                      {t('groupement-member_remove')}
                      <span className={css({ srOnly: true })}> — {d.name.trim() || t('groupement-member_n', { n: index + 1 })}</span>
                    </Button>
                  ) : null}
                </fieldset>
              </li>
            ))}
          </ol>
          {drafts.length < MEMBERS_MAX ? (
            <Button variant="outline" size="sm" className={css({ alignSelf: 'flex-start' })} onClick={() => setDrafts((current) => [...current, draftOf()])} disabled={saving}>
              <Plus size={14} aria-hidden="true" />
              {t('groupement-member_add')}
            </Button>
          ) : (
            <p className={muted}>{t('groupement-members_max', { max: MEMBERS_MAX })}</p>
          )}
        </form>
      </CardBody>
      <CardFooter className={css({ display: 'flex', gap: '2', justifyContent: 'flex-end', flexWrap: 'wrap' })}>
        <Button variant="outline" onClick={actions.onCancel} disabled={saving}>
          {t('dialog-cancel')}
        </Button>
        <Button type="submit" form={FORM_ID} disabled={saving}>
          {saving ? <Spinner size="sm" label={t('common-loading')} /> : null}
          {t('groupement-save')}
        </Button>
      </CardFooter>
    </>
  );
}
