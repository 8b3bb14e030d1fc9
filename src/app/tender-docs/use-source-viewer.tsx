import { useState } from 'react';
import type { components } from '../../../openapi/schema';
import { createRequestMachine } from '../../machines/request.machine';
import { DocumentTextDialog } from '../../ui/tender-docs/DocumentTextDialog';
import { useServices } from '../services';
import { useRequest } from '../use-request';

/** A passage of a tender document: the page it is on and the words to mark there. */
export type PageSource = { documentId: string; entry: string | null; fileName: string; page: number; excerpt: string };

const pagesMachine = createRequestMachine<{ id: string; entry: string | null; page: number }, components['schemas']['TenderDocPages']>('getTenderDocPages');

/**
 * The page a fact, a requirement or a chat answer comes from, opened in the text viewer with the
 * passage marked: `open(source)` loads it, `dialog` is the viewer to draw.
 */
export function useSourceViewer() {
  const { operations } = useServices();
  const [reading, setReading] = useState<PageSource | null>(null);
  const pages = useRequest(pagesMachine, operations.getTenderDocPages);
  const open = (source: PageSource) => {
    pages.ref.send({ type: 'request.reset' });
    setReading(source);
    pages.submit({ id: source.documentId, entry: source.entry, page: source.page });
  };
  const dialog = (
    <DocumentTextDialog
      fileName={reading ? reading.fileName : null}
      state={pages.loading ? 'loading' : pages.error ? 'failure' : 'loaded'}
      error={pages.error?.message ?? null}
      parts={pages.data?.parts ?? []}
      page={pages.data?.page ?? null}
      highlight={reading?.excerpt}
      onNavigate={(entry, page) => reading && pages.submit({ id: reading.documentId, entry, page })}
      onRetry={() => reading && pages.submit({ id: reading.documentId, entry: reading.entry, page: reading.page })}
      onClose={() => setReading(null)}
    />
  );
  return { open, dialog };
}
