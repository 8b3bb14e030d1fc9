import { useEffect } from 'react';
import { useSearch } from 'wouter';
import { createRequestMachine } from '../../machines/request.machine';
import type { Profile } from '../../machines/types';
import type { RequestError } from '../../common/request-result';
import { EmployeeSignUpView, type Invitation, type InvitationProblem } from '../../ui/users/EmployeeSignUpView';
import { useServices } from '../services';
import { SessionContext } from '../session';
import { useOnSuccess, useRequest } from '../use-request';
import { usePageTitle } from '../use-page-title';

const inviteMachine = createRequestMachine<{ token: string }, Invitation>('getInviteByToken');
const registerMachine = createRequestMachine<{ token: string; username: string; password: string }, Profile>('registerInvitedUser');

// 404: unknown token; 410: expired or revoked; 409: already accepted.
function problemOf(error: RequestError): InvitationProblem {
  if (error.status === 410) return 'expired';
  if (error.status === 409) return 'used';
  if (error.status === 404 || error.status === 400) return 'notFound';
  return 'error';
}

export default function EmployeeSignUpPage() {
  usePageTitle('invitesignup-page_title');
  const { operations } = useServices();
  const token = new URLSearchParams(useSearch()).get('token') ?? '';
  const invite = useRequest(inviteMachine, operations.getInviteByToken);
  const register = useRequest(registerMachine, operations.registerInvitedUser);
  const session = SessionContext.useActorRef();
  const signingIn = SessionContext.useSelector((s) => s.hasTag('submitting'));
  const signInError = SessionContext.useSelector((s) => s.context.error?.message ?? null);
  const { submit: loadInvite } = invite;

  useEffect(() => {
    if (token) loadInvite({ token });
    // Loaded once per token.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [token]);

  // The account exists: sign in with what was just typed; the route guard then leaves for /dashboard.
  useOnSuccess(register, ({ input }) => {
    if (invite.data) session.send({ type: 'session.signIn', email: invite.data.email, password: input.password, remember: false });
  });

  if (!token) return <EmployeeSignUpView status="invalid" problem="missing" />;
  if (invite.error) {
    const problem = problemOf(invite.error);
    return <EmployeeSignUpView status="invalid" problem={problem} message={invite.error.message} onRetry={() => loadInvite({ token })} />;
  }
  if (!invite.data) return <EmployeeSignUpView status="loading" />;
  return (
    <EmployeeSignUpView
      status="form"
      invitation={invite.data}
      // Locked from the registration until the sign-in that follows it has an answer.
      submitting={register.loading || signingIn || (register.succeeded && !signInError)}
      error={register.error?.message ?? (register.succeeded ? signInError : null)}
      errorDetails={register.error?.details}
      onSubmit={(values) => register.submit({ token, ...values })}
    />
  );
}
