import { useEffect } from 'react';
import { useSearch } from 'wouter';
import { createRequestMachine } from '../../machines/request.machine';
import { VerifyEmailView } from '../../ui/users/VerifyEmailView';
import { useServices } from '../services';
import { useSessionStatus } from '../session';
import { useRequest } from '../use-request';
import { usePageTitle } from '../use-page-title';

const verifyMachine = createRequestMachine<{ token: string }, null>('verifyEmail');

export default function VerifyEmailPage() {
  usePageTitle('verify-page_title');
  const { operations } = useServices();
  const token = new URLSearchParams(useSearch()).get('token') ?? '';
  const request = useRequest(verifyMachine, operations.verifyEmail);
  const signedIn = useSessionStatus() !== 'signedOut';
  const { submit } = request;

  useEffect(() => {
    if (token) submit({ token });
    // Verified once per token.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [token]);

  if (!token) return <VerifyEmailView status="invalid" signedIn={signedIn} />;
  if (request.succeeded) return <VerifyEmailView status="success" message={request.message} signedIn={signedIn} />;
  const error = request.error;
  if (error) {
    if (error.status === 410) return <VerifyEmailView status="expired" message={error.message} signedIn={signedIn} />;
    if (error.status === 400 || error.status === 404) return <VerifyEmailView status="invalid" message={error.message} signedIn={signedIn} />;
    return <VerifyEmailView status="error" message={error.message} onRetry={() => submit({ token })} />;
  }
  return <VerifyEmailView status="loading" />;
}
