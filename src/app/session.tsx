import { lazy, Suspense, useEffect, useMemo, useState, type ReactNode } from 'react';
import { createActorContext } from '@xstate/react';
import type { SnapshotFrom } from 'xstate';
import type { Inspect } from './inspect';
import { useTranslation } from 'react-i18next';
import { PROFILE_ERROR_TOAST_MS, UNAUTHORIZED_TOAST_MS } from '../machines/notifications.machine';
import { sessionMachine } from '../machines/session.machine';
import * as browser from './browser-session';
import { NotificationsContext } from './notifications';
import { useServices } from './services';
import { createResetRegistry, ResetRegistryProvider, SessionScope, type ResetRegistry } from './session-reset';
import { useActorRef, useSelector } from '@xstate/react';
import { reauthMachine } from '../machines/reauth.machine';
import { createUnsavedWork, UnsavedWorkContext, type UnsavedWork } from './unsaved-work';

export const SessionContext = createActorContext(sessionMachine);

// The dialog (Ark UI's Dialog and its focus trap, ~18 KiB gzip) loads only when a session dies
// while an editor holds unsaved text: /sign-in never needs it (docs/scaling.md, First pages).
const loadReauthDialog = () => import('../ui/users/ReauthDialog').then((m) => ({ default: m.ReauthDialog }));
const ReauthDialog = lazy(loadReauthDialog);


/** The session machine with its browser effects, fed by the API's 401 + need2Logout signal. */
export function SessionProvider({ children, inspect, registry: given }: { children: ReactNode; inspect?: Inspect; registry?: ResetRegistry }) {
  const { auth, operations } = useServices();
  const [registry] = useState(() => given ?? createResetRegistry());
  const [unsaved] = useState(createUnsavedWork);
  const { t } = useTranslation();
  const notifications = NotificationsContext.useActorRef();

  const logic = useMemo(
    () =>
      sessionMachine.provide({
        actors: { loginUser: operations.loginUser, getProfile: operations.getProfile, logoutUser: operations.logoutUser },
        guards: {
          isTokenUndecodable: (_, { token }) => browser.isTokenUndecodable(token),
          isTokenExpired: (_, { token }) => browser.isTokenExpired(token),
        },
        actions: {
          storeToken: (_, { token, remember }) => browser.writeToken(token, remember),
          removeToken: () => browser.removeToken(),
          storeProfile: (_, { profile }) => browser.writeProfile(profile),
          removeProfile: () => browser.removeProfile(),
          setAuthToken: (_, { token }) => auth.setToken(token),
          clearAuthToken: () => auth.setToken(null),
          resetStateFamilies: () => {
            registry.resetAll();
            // The toasts' log and the last announcement are the previous user's too.
            notifications.send({ type: 'notify.forget' });
          },
          logDecodeError: () => console.error(t('common-error_while_decoding_token')),
          notifyUnauthorized: (_, { message }) =>
            notifications.send({ type: 'notify.show', toastType: 'error', message: message || t('common-not_authorized_token_failed'), duration: UNAUTHORIZED_TOAST_MS }),
          notifyProfileError: (_, { message }) =>
            notifications.send({ type: 'notify.show', toastType: 'error', message, duration: PROFILE_ERROR_TOAST_MS }),
        },
      }),
    // The machine is built once; t is read when an action runs.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  );

  const input = useMemo(() => ({ token: browser.readToken(), profile: browser.readProfile() }), []);

  return (
    <ResetRegistryProvider registry={registry}>
      <SessionContext.Provider logic={logic} options={{ input, ...(inspect ? { inspect } : {}) }}>
        <UnsavedWorkContext.Provider value={unsaved}>
          <UnauthorizedBridge unsaved={unsaved} />
          <SessionScope>{children}</SessionScope>
        </UnsavedWorkContext.Provider>
      </SessionContext.Provider>
    </ResetRegistryProvider>
  );
}

/**
 * A dead token ends the session (→ /sign-in), unless an editor holds text not saved yet: then the
 * user signs in again in place (reauth.machine) and the waiting saves go on (issue 24).
 */
function UnauthorizedBridge({ unsaved }: { unsaved: UnsavedWork }) {
  const { auth, operations } = useServices();
  const session = SessionContext.useActorRef();
  const reauthLogic = useMemo(
    () =>
      reauthMachine.provide({
        actors: { loginUser: operations.loginUser },
        actions: {
          renewed: (_, { token }) => {
            session.send({ type: 'session.renewed', token });
            unsaved.resumeAll();
          },
          gaveUp: () => session.send({ type: 'session.unauthorized' }),
        },
      }),
    [operations, session, unsaved],
  );
  const reauth = useActorRef(reauthLogic);
  useEffect(
    () =>
      auth.onUnauthorized((message) => {
        const { profile } = session.getSnapshot().context;
        if (session.getSnapshot().matches('signedIn') && profile && unsaved.any()) {
          void loadReauthDialog();
          reauth.send({ type: 'reauth.required', email: profile.primaryEmail });
        }
        else session.send({ type: 'session.unauthorized', message });
      }),
    [auth, session, unsaved, reauth],
  );
  const state = useSelector(reauth, (s) => s);
  if (state.matches('idle') || !state.context.email) return null;
  return (
    <Suspense fallback={null}>
      <ReauthDialog
        email={state.context.email}
        busy={state.hasTag('submitting')}
        error={state.context.error?.message ?? null}
        onSubmit={(password) => reauth.send({ type: 'reauth.submit', password })}
        onGiveUp={() => reauth.send({ type: 'reauth.giveUp' })}
      />
    </Suspense>
  );
}

export type SessionStatus = 'pending' | 'signedIn' | 'registered' | 'signedOut';

/**
 * What route guards need to know: still restoring, signed in (or leaving), registered without a
 * company yet (only /create-company is open), or signed out.
 */
export function useSessionStatus(): SessionStatus {
  return SessionContext.useSelector(sessionStatus);
}

export function sessionStatus(s: SnapshotFrom<typeof sessionMachine>): SessionStatus {
  if (s.matches('signedIn')) return 'signedIn';
  if (s.matches('registered') || s.matches('joiningCompany')) return 'registered';
  if (s.matches('signingOut')) return s.context.profile && s.context.profile.role === 'manager' && !s.context.profile.company ? 'registered' : 'signedIn';
  if (s.matches('signedOut') || s.matches('signingIn')) return 'signedOut';
  return 'pending';
}
