import { useParams } from 'wouter';
import { TenderGuard } from './TenderGuard';

export default function AssistedWritingPage() {
  const { id = '' } = useParams<{ id: string }>();
  return <TenderGuard id={id} feature="writing" />;
}
