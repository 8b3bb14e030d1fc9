import { createRequestMachine } from '../../machines/request.machine';
import { MemoryPdfExport } from '../../ui/memories/MemoryPdfExport';
import { useServices } from '../services';
import { useOnSuccess, useRequest } from '../use-request';

const pdfMachine = createRequestMachine<{ memoryId: string }, Blob>('exportMemoryPdf');

/** The memory's PDF export: asked of the server, saved as a file; its refusal shown beside the button. */
export function MemoryPdf({ memoryId, title }: { memoryId: string; title: string }) {
  const { operations } = useServices();
  const pdf = useRequest(pdfMachine, operations.exportMemoryPdf);
  useOnSuccess(pdf, ({ data }) => {
    const url = URL.createObjectURL(data);
    const link = document.createElement('a');
    link.href = url;
    link.download = `${title}.pdf`;
    link.click();
    // Once the browser has taken the file.
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  });
  return <MemoryPdfExport loading={pdf.loading} error={pdf.error?.message ?? null} onExport={() => pdf.submit({ memoryId })} />;
}
