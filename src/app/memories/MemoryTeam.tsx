import { createListMachine } from '../../machines/list.machine';
import { TeamPanel, type MemoryLetter, type MemoryResume } from '../../ui/memories/MemorySectionTools';
import { useServices } from '../services';
import { useList } from '../use-list';

const resumesMachine = createListMachine<MemoryResume, { companyId: string }>('listResumes', { companyId: '' });
const lettersMachine = createListMachine<MemoryLetter, { companyId: string; kind: string; validity: string }>('listCompanyDocuments', { companyId: '', kind: '', validity: '' });

/** The company's CVs and reference letters in the memory's side column, each inserted with its source. */
export function MemoryTeam({ companyId, onInsert }: { companyId: string; onInsert: (content: Record<string, unknown>[]) => void }) {
  const { operations } = useServices();
  const resumes = useList(resumesMachine, operations.listResumes, { filters: { companyId } });
  const letters = useList(lettersMachine, operations.listCompanyDocuments, { filters: { companyId, kind: 'reference_letter', validity: '' } });
  return (
    <TeamPanel
      resumes={resumes.list}
      letters={letters.list}
      onRetry={() => {
        resumes.reload();
        letters.reload();
      }}
      onInsert={onInsert}
    />
  );
}
