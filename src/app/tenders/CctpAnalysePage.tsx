import { useParams } from 'wouter';
import { TenderGuard } from './TenderGuard';

// The route keeps the spec's parameter name; it is the tender's id (docs/decisions.md).
export default function CctpAnalysePage() {
  const { tenderCallId = '' } = useParams<{ tenderCallId: string }>();
  return <TenderGuard id={tenderCallId} feature="cctp" />;
}
