import { useParams } from 'wouter';
import { MemoryScreen } from '../memories/MemoryScreen';
import { TenderGuard } from './TenderGuard';

/** /tender/assisted-writing/:id: the tender's technical memory, once the guard allows the tender. */
export default function AssistedWritingPage() {
  const { id = '' } = useParams<{ id: string }>();
  return (
    <TenderGuard id={id} feature="writing">
      {(tender) => <MemoryScreen key={id} tenderId={id} tenderTitle={tender.tenderCall.title} keyFacts={tender.keyFacts} />}
    </TenderGuard>
  );
}
