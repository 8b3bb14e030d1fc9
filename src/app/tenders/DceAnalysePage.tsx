import { useParams } from 'wouter';
import { TenderGuard } from './TenderGuard';

export default function DceAnalysePage() {
  const { tenderId = '' } = useParams<{ tenderId: string }>();
  return <TenderGuard id={tenderId} feature="dce" />;
}
