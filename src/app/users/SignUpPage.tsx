import { useEffect, useMemo } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { createRequestMachine } from '../../machines/request.machine';
import type { Profile } from '../../machines/types';
import { SignUpView } from '../../ui/users/SignUpView';
import { useServices } from '../services';
import { SessionContext } from '../session';
import { usePageTitle } from '../use-page-title';

type RegisterInput = { username: string; email: string; password: string };

const registerMachine = createRequestMachine<RegisterInput, { token: string; profile: Profile }>('registerUser');

export default function SignUpPage() {
  usePageTitle('signup-page_title');
  const { operations } = useServices();
  const session = SessionContext.useActorRef();
  const logic = useMemo(() => registerMachine.provide({ actors: { registerUser: operations.registerUser } }), [operations]);
  const request = useActorRef(logic);
  // Between success and the redirect the form stays locked.
  const locked = useSelector(request, (s) => s.hasTag('loading') || s.matches('success'));
  const error = useSelector(request, (s) => (s.matches('failure') ? (s.context.error?.message ?? null) : null));
  const errorDetails = useSelector(request, (s) => (s.matches('failure') ? s.context.error?.details : undefined));

  // A successful registration signs the user in; the route guard then leaves for /dashboard.
  useEffect(() => {
    const subscription = request.subscribe((snapshot) => {
      if (snapshot.matches('success') && snapshot.context.data) {
        session.send({ type: 'session.registered', token: snapshot.context.data.token, profile: snapshot.context.data.profile });
      }
    });
    return () => subscription.unsubscribe();
  }, [request, session]);

  return <SignUpView submitting={locked} error={error} errorDetails={errorDetails} onSubmit={(input) => request.send({ type: 'request.submit', input })} />;
}

