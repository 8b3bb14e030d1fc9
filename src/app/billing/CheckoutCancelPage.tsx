import { CheckoutCancelView } from '../../ui/billing/CheckoutResultView';
import { SessionContext } from '../session';
import { usePageTitle } from '../use-page-title';

/** /billing/cancel (issue 14): back from Stripe without paying. */
export default function CheckoutCancelPage() {
  usePageTitle('billing-cancel_page_title');
  const companyId = SessionContext.useSelector((s) => s.context.profile?.company?._id ?? '');
  return <CheckoutCancelView billingHref={companyId ? `/billing/${companyId}` : '/billing'} />;
}
