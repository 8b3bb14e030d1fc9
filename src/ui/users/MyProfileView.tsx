import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { BadgeCheck, MailWarning } from 'lucide-react';
import { css } from 'styled-system/css';
import { Alert } from '../components/Alert';
import { Avatar } from '../components/Avatar';
import { Button } from '../components/Button';
import { CardBody, CardDescription, CardFooter, CardHeader, CardRoot, CardTitle } from '../components/Card';
import { TextField } from '../components/Field';
import { FileDrop } from '../components/FileDrop';
import { PasswordField } from '../components/PasswordField';
import { Spinner } from '../components/Spinner';
import * as rules from '../forms/rules';
import { readForm, useFieldErrors } from '../forms/use-field-errors';
import type { UserDetails } from './UserView';

export type PictureState = 'idle' | 'selected' | 'invalid' | 'uploading' | 'done' | 'failure';

export type MyProfileViewProps = {
  user: UserDetails;
  username: {
    submitting: boolean;
    error: string | null;
    /** The refusal's per-field details (400): shown under the input. */
    errorDetails?: unknown;
    onSubmit: (username: string) => void;
  };
  picture: {
    state: PictureState;
    previewUrl: string | null;
    fileName: string | null;
    problem: 'type' | 'size' | null;
    error: string | null;
    removing: boolean;
    removeError: string | null;
    onSelect: (file: File) => void;
    onUpload: () => void;
    onCancel: () => void;
    onRemove: () => void;
  };
  password: {
    submitting: boolean;
    error: string | null;
    /** The refusal's per-field details (400; `newPassword` for a weak one): each shown under its input. */
    errorDetails?: unknown;
    /** Changes after each success, so that the form starts empty again. */
    resetKey: number;
    onSubmit: (values: { currentPassword: string; newPassword: string }) => void;
  };
  verification: { sending: boolean; sent: boolean; error: string | null; onResend: () => void };
};

const sectionGrid = css({ display: 'grid', gap: '6', gridTemplateColumns: { base: '1fr', lg: 'repeat(2, minmax(0, 1fr))' }, alignItems: 'start' });
const column = css({ display: 'flex', flexDirection: 'column', gap: '6', minW: 0 });
const stack = css({ display: 'flex', flexDirection: 'column', gap: '4', border: 'none', p: 0, m: 0, minW: 0 });

export function MyProfileView({ user, username, picture, password, verification }: MyProfileViewProps) {
  const { t } = useTranslation();
  return (
    <div className={css({ display: 'flex', flexDirection: 'column', gap: '6' })}>
      <header className={css({ display: 'flex', alignItems: 'center', gap: '4' })}>
        <Avatar name={user.username} src={user.profilePicture?.url} size="md" />
        <div>
          <h1 className={css({ fontSize: '2xl', fontWeight: 'semibold', letterSpacing: '-0.01em' })}>{t('myprofile-title')}</h1>
          <p className={css({ color: 'fg.muted' })}>
            {user.primaryEmail} · {t(`role-${user.role}`)}
            {user.company ? ` · ${user.company.name}` : ''}
          </p>
        </div>
      </header>
      <div className={sectionGrid}>
        <div className={column}>
          <PictureCard user={user} picture={picture} />
          <PasswordCard key={password.resetKey} {...password} person={[user.primaryEmail, user.username]} />
        </div>
        <div className={column}>
          <UsernameCard current={user.username} {...username} />
          <VerificationCard email={user.primaryEmail} verified={user.emailVerified} {...verification} />
        </div>
      </div>
    </div>
  );
}

function PictureCard({ user, picture }: { user: UserDetails; picture: MyProfileViewProps['picture'] }) {
  const { t } = useTranslation();
  const uploading = picture.state === 'uploading';
  const busy = uploading || picture.removing;
  const previewing = picture.state === 'selected' || picture.state === 'uploading' || picture.state === 'failure';
  const shown = previewing ? picture.previewUrl : user.profilePicture?.url;
  return (
    <CardRoot>
      <CardHeader>
        <CardTitle>{t('myprofile-picture_title')}</CardTitle>
        <CardDescription>{t('myprofile-picture_rule')}</CardDescription>
      </CardHeader>
      <CardBody>
        <div className={css({ display: 'flex', alignItems: 'center', gap: '4' })}>
          <Avatar name={user.username} src={shown} size="lg" />
          <div className={css({ display: 'flex', flexDirection: 'column', gap: '1', minW: 0 })}>
            {previewing ? (
              <>
                <p className={css({ fontSize: 'sm', fontWeight: 'medium' })}>{t('myprofile-picture_preview')}</p>
                <p className={css({ fontSize: 'xs', color: 'fg.muted', overflowWrap: 'anywhere' })}>{picture.fileName}</p>
              </>
            ) : (
              <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>{user.profilePicture ? t('myprofile-picture_current') : t('myprofile-picture_none')}</p>
            )}
          </div>
        </div>
        {picture.state === 'invalid' && picture.problem ? (
          <Alert status="error" title={t('myprofile-picture_refused')}>
            {t(picture.problem === 'type' ? 'common-invalid_file_type' : 'common-invalid_file_size')} {t('myprofile-picture_rule')}
          </Alert>
        ) : null}
        {picture.state === 'failure' && picture.error ? <Alert status="error" title={t('myprofile-picture_failed')}>{picture.error}</Alert> : null}
        {picture.removeError ? <Alert status="error" title={t('myprofile-picture_remove_failed')}>{picture.removeError}</Alert> : null}
        {previewing ? null : (
          <FileDrop label={t('myprofile-picture_drop')} accept="image/png,image/jpeg,image/gif,image/webp" disabled={busy} onFile={picture.onSelect} />
        )}
      </CardBody>
      {previewing || user.profilePicture ? (
      <CardFooter className={css({ justifyContent: 'flex-end', flexWrap: 'wrap' })}>
        {previewing ? (
          <>
            <Button variant="outline" onClick={picture.onCancel} disabled={uploading}>
              {t('myprofile-picture_cancel')}
            </Button>
            <Button onClick={picture.onUpload} disabled={uploading}>
              {uploading ? <Spinner size="sm" label={t('myprofile-picture_uploading')} /> : null}
              {uploading ? t('myprofile-picture_uploading') : t('myprofile-picture_save')}
            </Button>
          </>
        ) : (
          <Button variant="outline" onClick={picture.onRemove} disabled={busy}>
            {picture.removing ? <Spinner size="sm" label={t('myprofile-picture_removing')} /> : null}
            {picture.removing ? t('myprofile-picture_removing') : t('myprofile-picture_remove')}
          </Button>
        )}
      </CardFooter>
      ) : null}
    </CardRoot>
  );
}

function UsernameCard({ current, submitting, error, errorDetails, onSubmit }: { current: string } & MyProfileViewProps['username']) {
  const { t } = useTranslation();
  const { errors, check, onFormChange, serverErrors, refusal } = useFieldErrors<'username'>(() => ({ username: rules.username }), { error, details: errorDetails });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const values = readForm(event.currentTarget, ['username'] as const);
    if (check(values)) onSubmit(values.username.trim());
  };
  return (
    <CardRoot>
      <CardHeader>
        <CardTitle>{t('myprofile-username_title')}</CardTitle>
      </CardHeader>
      <form onSubmit={submit} onChange={onFormChange} noValidate aria-busy={submitting}>
        <CardBody>
          {refusal ? <Alert status="error" title={t('myprofile-username_failed')}>{refusal}</Alert> : null}
          <fieldset disabled={submitting} className={stack}>
            <TextField
              label={t('signup-username')}
              name="username"
              autoComplete="username"
              defaultValue={current}
              required
              maxLength={rules.USERNAME_MAX}
              error={errors.username ? t(errors.username) : serverErrors.username}
            />
          </fieldset>
        </CardBody>
        <CardFooter className={css({ justifyContent: 'flex-end' })}>
          <SubmitButton submitting={submitting} label={t('myprofile-save')} busyLabel={t('myprofile-saving')} />
        </CardFooter>
      </form>
    </CardRoot>
  );
}

function VerificationCard({ email, verified, sending, sent, error, onResend }: { email: string; verified: boolean } & MyProfileViewProps['verification']) {
  const { t } = useTranslation();
  const Icon = verified ? BadgeCheck : MailWarning;
  return (
    <CardRoot>
      <CardHeader>
        <CardTitle>{t('myprofile-email_title')}</CardTitle>
      </CardHeader>
      <CardBody>
        <p className={css({ display: 'flex', alignItems: 'center', gap: '2', fontSize: 'sm' })}>
          <Icon size={18} aria-hidden="true" className={verified ? css({ color: 'success.text' }) : css({ color: 'warning.text' })} />
          <span>
            <strong className={css({ fontWeight: 'medium' })}>{email}</strong> — {verified ? t('myprofile-email_verified') : t('myprofile-email_not_verified')}
          </span>
        </p>
        {!verified && sent ? <Alert status="success">{t('myprofile-email_sent', { email })}</Alert> : null}
        {!verified && error ? <Alert status="error" title={t('myprofile-email_send_failed')}>{error}</Alert> : null}
      </CardBody>
      {verified ? null : (
        <CardFooter className={css({ justifyContent: 'flex-end' })}>
          <Button variant="outline" onClick={onResend} disabled={sending}>
            {sending ? <Spinner size="sm" label={t('myprofile-email_sending')} /> : null}
            {sending ? t('myprofile-email_sending') : t('myprofile-email_resend')}
          </Button>
        </CardFooter>
      )}
    </CardRoot>
  );
}

const PASSWORD_FIELDS = ['currentPassword', 'newPassword', 'confirmation'] as const;

function PasswordCard({ submitting, error, errorDetails, onSubmit, person }: MyProfileViewProps['password'] & { person: string[] }) {
  const { t } = useTranslation();
  // The server names the inputs' fields as they are sent (changePassword: currentPassword, newPassword).
  const { errors, check, onFormChange, serverErrors, refusal } = useFieldErrors<(typeof PASSWORD_FIELDS)[number]>(
    (values) => ({
      currentPassword: rules.required,
      newPassword: rules.password,
      confirmation: rules.confirmation(values.newPassword),
    }),
    { error, details: errorDetails },
  );
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const values = readForm(event.currentTarget, PASSWORD_FIELDS);
    if (check(values)) onSubmit({ currentPassword: values.currentPassword, newPassword: values.newPassword });
  };
  const fieldError = (name: (typeof PASSWORD_FIELDS)[number]) => (errors[name] ? t(errors[name]) : serverErrors[name]);
  return (
    <CardRoot>
      <CardHeader>
        <CardTitle>{t('myprofile-password_title')}</CardTitle>
        <CardDescription>{t('myprofile-password_subtitle')}</CardDescription>
      </CardHeader>
      <form onSubmit={submit} onChange={onFormChange} noValidate aria-busy={submitting}>
        <CardBody>
          {refusal ? <Alert status="error" title={t('myprofile-password_failed')}>{refusal}</Alert> : null}
          <fieldset disabled={submitting} className={stack}>
            <PasswordField label={t('myprofile-current_password')} name="currentPassword" autoComplete="current-password" required maxLength={rules.PASSWORD_MAX} error={fieldError('currentPassword')} />
            <PasswordField
              label={t('reset-new_password')}
              name="newPassword"
              autoComplete="new-password"
              required
              maxLength={rules.PASSWORD_MAX}
              helperText={t('form-password_rule')}
              error={fieldError('newPassword')}
              strength={{ userInputs: person }}
            />
            <PasswordField label={t('form-password_confirmation')} name="confirmation" autoComplete="new-password" required maxLength={rules.PASSWORD_MAX} error={fieldError('confirmation')} />
          </fieldset>
        </CardBody>
        <CardFooter className={css({ justifyContent: 'flex-end' })}>
          <SubmitButton submitting={submitting} label={t('myprofile-password_submit')} busyLabel={t('myprofile-saving')} />
        </CardFooter>
      </form>
    </CardRoot>
  );
}

function SubmitButton({ submitting, label, busyLabel }: { submitting: boolean; label: ReactNode; busyLabel: string }) {
  return (
    <Button type="submit" disabled={submitting}>
      {submitting ? <Spinner size="sm" label={busyLabel} /> : null}
      {submitting ? busyLabel : label}
    </Button>
  );
}
