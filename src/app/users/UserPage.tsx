import { useEffect, useMemo, useState } from 'react';
import { useObjectUrl } from '../use-object-url';
import { useTranslation } from 'react-i18next';
import { useActorRef, useSelector } from '@xstate/react';
import { useParams } from 'wouter';
import type { components } from '../../../openapi/schema';
import { pictureUploadMachine } from '../../machines/picture-upload.machine';
import { createRequestMachine } from '../../machines/request.machine';
import type { Profile } from '../../machines/types';
import type { PictureState } from '../../ui/users/MyProfileView';
import { UserView, type UserDetails } from '../../ui/users/UserView';
import { NotificationsContext } from '../notifications';
import { useServices } from '../services';
import { SessionContext } from '../session';
import { useOnSuccess, useRequest, useSuccessToast } from '../use-request';
import { AlertSettings } from '../alerts/AlertSettings';
import { css } from 'styled-system/css';
import { usePageTitle } from '../use-page-title';

const getUserMachine = createRequestMachine<{ id: string }, components['schemas']['UserSummary']>('getUser');
const usernameMachine = createRequestMachine<{ username?: string; picture?: { name: string; type: string; size: number } }, Profile>('updateProfile');
const removePictureMachine = createRequestMachine<void, Profile>('deleteProfilePicture');
const passwordMachine = createRequestMachine<{ currentPassword: string; newPassword: string }, null>('changePassword');
const resendMachine = createRequestMachine<void, null>('resendVerificationEmail');

// Spec section 9: 4000 ms for errors of the state-driven notifier.
const ERROR_TOAST_MS = 4000;

export default function UserPage() {
  const { id = '' } = useParams<{ id: string }>();
  const own = SessionContext.useSelector((s) => s.context.profile);
  const self = own?._id === id;
  usePageTitle(self ? 'myprofile-page_title' : 'userpage-page_title');
  const { operations } = useServices();
  const user = useRequest(getUserMachine, operations.getUser);
  const { submit: loadUser } = user;

  useEffect(() => {
    loadUser({ id });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [id]);

  if (user.error) {
    // 400: not an id at all; 404: unknown or out of reach. Both read as "no such user".
    if (user.error.status === 404 || user.error.status === 400) return <UserView status="notFound" />;
    return <UserView status="error" message={user.error.message} onRetry={() => loadUser({ id })} />;
  }
  if (!user.data || user.loading) return <UserView status="loading" />;
  if (!self || !own) return <UserView status="other" user={user.data} />;
  // The session profile is the fresher one after an edit on this page.
  return <MyProfile user={{ ...user.data, username: own.username, profilePicture: own.profilePicture }} />;
}

function MyProfile({ user }: { user: UserDetails }) {
  const { t } = useTranslation();
  const { operations } = useServices();
  const session = SessionContext.useActorRef();
  const notifications = NotificationsContext.useActorRef();
  const toast = useSuccessToast();

  const profileUpdated = (message: string, profile: Profile) => {
    toast(message);
    session.send({ type: 'session.profileUpdated', profile });
  };

  const username = useRequest(usernameMachine, operations.updateProfile);
  useOnSuccess(username, ({ message, data }) => profileUpdated(message, data));

  const removePicture = useRequest(removePictureMachine, operations.deleteProfilePicture);
  useOnSuccess(removePicture, ({ message, data }) => profileUpdated(message, data));

  const [passwordResets, setPasswordResets] = useState(0);
  const password = useRequest(passwordMachine, operations.changePassword);
  useOnSuccess(password, ({ message }) => {
    toast(message);
    setPasswordResets((n) => n + 1);
  });

  const resend = useRequest(resendMachine, operations.resendVerificationEmail);
  useOnSuccess(resend, ({ message }) => toast(message));

  const pictureLogic = useMemo(
    () =>
      pictureUploadMachine.provide({
        actors: {
          updateProfile: operations.updateProfile,
        },
        actions: {
          notifyInvalid: ({ context }) =>
            notifications.send({
              type: 'notify.show',
              toastType: 'error',
              message: t(context.problem === 'size' ? 'common-invalid_file_size' : 'common-invalid_file_type'),
              duration: ERROR_TOAST_MS,
            }),
          notifyDone: (_, { message, data }) => profileUpdated(message, data),
        },
      }),
    // Built once; the handlers read current values when they run.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  );
  const picture = useActorRef(pictureLogic);
  const pictureState = useSelector(picture, (s) => s.value as PictureState);
  const file = useSelector(picture, (s) => s.context.file);
  const problem = useSelector(picture, (s) => s.context.problem);
  const pictureError = useSelector(picture, (s) => s.context.error?.message ?? null);
  const previewUrl = useObjectUrl(file instanceof Blob ? file : null);

  return (
    <div className={css({ display: 'flex', flexDirection: 'column', gap: '6' })}>
    <UserView
      status="self"
      user={user}
      username={{
        submitting: username.loading,
        error: username.error?.message ?? null,
        errorDetails: username.error?.details,
        onSubmit: (value) => username.submit({ username: value }),
      }}
      picture={{
        state: pictureState,
        previewUrl,
        fileName: file?.name ?? null,
        problem,
        error: pictureError,
        removing: removePicture.loading,
        removeError: removePicture.error?.message ?? null,
        onSelect: (selected) => picture.send({ type: 'picture.select', file: selected }),
        onUpload: () => picture.send({ type: 'picture.upload' }),
        onCancel: () => picture.send({ type: 'picture.cancel' }),
        onRemove: () => removePicture.submit(undefined),
      }}
      password={{
        submitting: password.loading,
        error: password.error?.message ?? null,
        errorDetails: password.error?.details,
        resetKey: passwordResets,
        onSubmit: password.submit,
      }}
      verification={{ sending: resend.loading, sent: resend.succeeded, error: resend.error?.message ?? null, onResend: () => resend.submit(undefined) }}
    />
      <AlertSettings />
    </div>
  );
}

