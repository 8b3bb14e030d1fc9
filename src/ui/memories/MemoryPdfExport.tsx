import { createContext, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FileText } from 'lucide-react';
import { css } from 'styled-system/css';
import { Alert } from '../components/Alert';
import { Button } from '../components/Button';
import { ConfirmDialog } from '../components/Dialog';

export type MemoryPdfExportProps = {
  /** The server is converting (the request statechart's loading). */
  loading: boolean;
  /** Why there is no PDF, as the server said it (LibreOffice missing or failing). */
  error: string | null;
  /** What the server said of the PDF it made (emoji left out), once saved. */
  warning?: string | null;
  /** What is over the buyer's limits (memoryOverruns): asked about before the export. */
  over?: string[];
  /** `acceptLimits`: the writer confirmed an export over the buyer's limits. */
  onExport: (acceptLimits?: boolean) => void;
};

/** The header's export options (the memory's view sets them; the PDF export, wired by the page, reads them). */
export const MemoryExportOptions = createContext<{ workingNotes: boolean; over: string[] }>({ workingNotes: false, over: [] });

/**
 * "Exporter en PDF", beside "Exporter en Word": a button rather than a link, because the server
 * may have no LibreOffice, and then the user reads why (and that the Word export works) here,
 * instead of a download that fails.
 */
export function MemoryPdfExport({ loading, error, warning = null, over = [], onExport }: MemoryPdfExportProps) {
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState(false);
  return (
    <>
      <ConfirmDialog
        open={confirming}
        title={t('memory-export_over_title')}
        description={t('memory-export_over_text', { list: over.join(' ; ') })}
        confirmLabel={t('memory-export_anyway')}
        onConfirm={() => {
          setConfirming(false);
          onExport(true);
        }}
        onClose={() => setConfirming(false)}
      />
      <Button variant="outline" size="sm" onClick={() => (over.length ? setConfirming(true) : onExport())} disabled={loading} aria-busy={loading || undefined}>
        <FileText size={14} aria-hidden="true" />
        {loading ? t('memory-export_pdf_exporting') : t('memory-export_pdf')}
      </Button>
      {error || warning ? (
        <div className={css({ flexBasis: 'full' })}>
          <Alert status="warning">{error ?? warning}</Alert>
        </div>
      ) : null}
    </>
  );
}
