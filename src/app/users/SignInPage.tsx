import { SignInView } from '../../ui/users/SignInView';
import { SessionContext } from '../session';
import { usePageTitle } from '../use-page-title';

export default function SignInPage() {
  usePageTitle('signin-page_title');
  const session = SessionContext.useActorRef();
  const submitting = SessionContext.useSelector((s) => s.hasTag('submitting'));
  const error = SessionContext.useSelector((s) => s.context.error?.message ?? null);
  const email = SessionContext.useSelector((s) => s.context.email ?? undefined);
  return <SignInView submitting={submitting} error={error} defaultEmail={email} onSubmit={(values) => session.send({ type: 'session.signIn', ...values })} />;
}
