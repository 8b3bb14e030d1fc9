import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FileDown, FileInput } from 'lucide-react';
import type { components } from '../../../openapi/schema';
import { overruns, textMeasure } from '../../../rules/text-measure';
import { buyerText } from '../../../rules/working-notes';
import { button } from 'styled-system/recipes';
import { Button } from '../components/Button';
import { ConfirmDialog } from '../components/Dialog';

type Memory = components['schemas']['Memory'];

/** What is over the buyer's limits: sections over their frame item's characters or words, the whole over the RC's words (as the server counts them: without the writers' notes). */
export function memoryOverruns(memory: Memory, t: (key: string, vars?: Record<string, unknown>) => string): string[] {
  const items = memory.sections.flatMap((s) =>
    overruns(buyerText(s.content), s.frameItem?.limit).map((o) =>
      t('memory-export_over_item', { number: s.frameItem?.number ?? '', title: s.title, actual: o.actual, max: o.max, unit: t(`memory-export_unit_${o.limit}`) }).trim(),
    ),
  );
  const words = memory.sections.reduce((sum, s) => sum + textMeasure(buyerText(s.content)).words, 0);
  const max = memory.limits?.words;
  return max && words > max ? [...items, t('memory-export_over_memory', { actual: words, max })] : items;
}

const download = (href: string) => {
  const link = document.createElement('a');
  link.href = href;
  link.download = '';
  document.body.append(link);
  link.click();
  link.remove();
};

/**
 * "Exporter en Word" (our designed document) and, for a memory made from the buyer's DOCX or ODT
 * frame, "Exporter dans le cadre de l'acheteur". Plain downloads (the session cookie goes with
 * them) unless the memory is over the buyer's limits: then the writer confirms first, and the
 * download says so to the server (`acceptLimits`), which refuses it otherwise.
 */
export function MemoryDocxExports({ memory, workingNotes }: { memory: Memory; workingNotes: boolean }) {
  const { t } = useTranslation();
  const [pending, setPending] = useState<string | null>(null);
  const over = memoryOverruns(memory, t);
  const base = `/api/memories/${memory._id}/export.docx`;
  const designed = `${base}${workingNotes ? '?workingNotes=true' : ''}`;
  const intoFrame = `${base}?into=frame`;
  const accepted = (href: string) => `${href}${href.includes('?') ? '&' : '?'}acceptLimits=true`;
  const exportLink = (href: string, label: string, icon: React.ReactNode, hint?: string) =>
    over.length ? (
      <Button variant="outline" size="sm" title={hint} onClick={() => setPending(href)}>
        {icon}
        {label}
      </Button>
    ) : (
      <a href={href} download className={button({ variant: 'outline', size: 'sm' })} title={hint}>
        {icon}
        {label}
      </a>
    );
  return (
    <>
      {exportLink(designed, t('memory-export_docx'), <FileDown size={14} aria-hidden="true" />)}
      {memory.frame?.fillable ? exportLink(intoFrame, t('memory-export_into_frame'), <FileInput size={14} aria-hidden="true" />, t('memory-export_into_frame_hint')) : null}
      <ConfirmDialog
        open={pending !== null}
        title={t('memory-export_over_title')}
        description={t('memory-export_over_text', { list: over.join(' ; ') })}
        confirmLabel={t('memory-export_anyway')}
        onConfirm={() => {
          if (pending) download(accepted(pending));
          setPending(null);
        }}
        onClose={() => setPending(null)}
      />
    </>
  );
}
