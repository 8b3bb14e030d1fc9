import { useContext } from 'react';
import { useTranslation } from 'react-i18next';
import { createRequestMachine } from '../../machines/request.machine';
import { MemoryExportOptions, MemoryPdfExport } from '../../ui/memories/MemoryPdfExport';
import { useServices } from '../services';
import { useOnSuccess, useRequest } from '../use-request';

const pdfMachine = createRequestMachine<{ memoryId: string; workingNotes?: boolean; acceptLimits?: boolean }, Blob>('exportMemoryPdf');

/**
 * The memory's PDF export: asked of the server, saved as a file; its refusal shown beside the
 * button, and its warning (emoji left out) after the file is saved. With the working notes when
 * the header's option says so.
 */
export function MemoryPdf({ memoryId, title }: { memoryId: string; title: string }) {
  const { t } = useTranslation();
  const { operations } = useServices();
  const { workingNotes, over } = useContext(MemoryExportOptions);
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
  const warning = pdf.succeeded && pdf.message ? t(pdf.message) : null;
  return (
    <MemoryPdfExport
      loading={pdf.loading}
      error={pdf.error?.message ?? null}
      warning={warning}
      over={over}
      onExport={(acceptLimits) => pdf.submit({ memoryId, ...(workingNotes ? { workingNotes } : {}), ...(acceptLimits ? { acceptLimits } : {}) })}
    />
  );
}
