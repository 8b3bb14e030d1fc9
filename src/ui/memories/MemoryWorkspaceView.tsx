import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { FileInput, FilePlus2, FileText, Sparkles } from 'lucide-react';
import { css } from 'styled-system/css';
import { button } from 'styled-system/recipes/button';
import { MEMORY_NO_ANALYSIS, type Memory, type MemoryAnalysis, type MemoryCreateFrom, type MemoryVersion, type ResponseFrameRef } from '../../machines/memory.machine';
import { Alert } from '../components/Alert';
import { Button } from '../components/Button';
import { Checkbox } from '../components/Checkbox';
import { EmptyState } from '../components/EmptyState';
import { PageLoadError, PageLoading } from '../components/PageStatus';
import { Spinner } from '../components/Spinner';
import { MemoryOutline } from './MemoryOutline';
import { AnalysisPanel, SectionPanel, VersionsPanel, type VersionsStage } from './MemoryPanels';
import { MemoryExportOptions } from './MemoryPdfExport';
import { MemoryDocxExports, memoryOverruns } from './MemoryDocxExports';

export type MemoryStage = 'loadingList' | 'listFailed' | 'empty' | 'creating' | 'loadingMemory' | 'loadFailed' | 'ready';

export type MemoryWorkspaceViewProps = {
  stage: MemoryStage;
  tenderId: string;
  memory: Memory | null;
  selectedSectionId: string | null;
  analysis: MemoryAnalysis | null;
  analysing: boolean;
  refreshing: boolean;
  versionsStage: VersionsStage;
  versions: MemoryVersion[] | null;
  error: { message: string; msgType?: string } | null;
  notice: string | null;
  /** The current section's editor with its autosave (wired by the page). */
  editor: ReactNode;
  /** The current section's library block (its matching blocks, save to library), wired by the page. */
  library?: ReactNode;
  /** The section's title, status and writer (wired by the page). */
  details?: ReactNode;
  /** Under the outline: add a section after the current one, delete it (wired by the page). */
  outlineActions?: ReactNode;
  /** In the header: the tender's memories and another one made (wired by the page). */
  switcher?: ReactNode;
  /** In the header, after the Word export: the PDF export (wired by the page, MemoryPdfExport). */
  pdfExport?: ReactNode;
  /** The section's CCTP requirements with their ticks (wired by the page); plain links otherwise. */
  requirements?: ReactNode;
  /** The company's CVs and references to insert (wired by the page). */
  team?: ReactNode;
  /** The writing assistant under the editor (wired by the page). */
  assist?: ReactNode;
  /** The section's comment threads (wired by the page). */
  comments?: ReactNode;
  /** The call's key facts from its DCE analysis (KeyFactsPanel, wired by the page with the tender). */
  keyFacts?: ReactNode;
  /** The buyer's response frames the DCE analysis found: offered first, with why. */
  frames?: ResponseFrameRef[];
  onRetry: () => void;
  onCreate: (from: MemoryCreateFrom, frame?: ResponseFrameRef) => void;
  onSelect: (sectionId: string) => void;
  onAnalyse: () => void;
  onRefresh: (sectionId: string) => void;
  onOpenVersions: () => void;
  onCloseVersions: () => void;
  onKeepVersion: () => void;
  onRestore: (versionId: string) => void;
  onInsertPassage: (text: string) => void;
  onDismiss: () => void;
};

/** The statechart's state as the view's stage. */
export function memoryStage(value: unknown): MemoryStage {
  return (typeof value === 'string' ? value : 'ready') as MemoryStage;
}

/**
 * The technical memory's writing room: outline (a sidebar, folded above the editor on a phone),
 * the current section's editor, and the side column (the call's key facts; the section's criterion,
 * requirements and buyer's passages; the analysis; the versions). Without a memory: create one from the DCE
 * analysis's criteria or blank; without a finished analysis, a link to it.
 */
export function MemoryWorkspaceView(props: MemoryWorkspaceViewProps) {
  const { t } = useTranslation();
  const { stage, memory } = props;
  // The writers' notes stay out of the exports unless asked for, export by export (never remembered).
  const [workingNotes, setWorkingNotes] = useState(false);
  if (stage === 'loadingList' || stage === 'loadingMemory') return <PageLoading />;
  if (stage === 'listFailed' || stage === 'loadFailed') return <PageLoadError onRetry={props.onRetry} />;
  if (stage === 'empty' || stage === 'creating' || !memory) {
    const noAnalysis = props.error?.msgType === MEMORY_NO_ANALYSIS;
    const frames = props.frames ?? [];
    return (
      <div className={css({ display: 'flex', flexDirection: 'column', gap: '4' })}>
        <h2 className={css({ fontSize: 'xl', fontWeight: 'semibold' })}>{t('memory-workspace_title')}</h2>
        {props.error ? (
          <Alert status={noAnalysis ? 'warning' : 'error'}>
            <p>{props.error.message}</p>
            {noAnalysis ? (
              <Link href={`/tender/dce-analyse/${props.tenderId}`} className={button({ variant: 'outline', size: 'sm' })} style={{ marginTop: '0.5rem' }}>
                {t('memory-open_dce_analysis')}
              </Link>
            ) : null}
          </Alert>
        ) : null}
        {frames.length && stage !== 'creating' ? <Alert status="info">{t('memory-frame_first_why')}</Alert> : null}
        <EmptyState
          icon={<FileText size={32} aria-hidden="true" />}
          title={t('memory-empty_title')}
          description={t('memory-empty_text')}
          actions={
            stage === 'creating' ? (
              <Spinner label={t('memory-creating')} />
            ) : (
              <>
                {frames.map((frame) => (
                  <Button key={`${frame.documentId}/${frame.entry ?? ''}`} onClick={() => props.onCreate('frame', frame)}>
                    <FileInput size={16} aria-hidden="true" />
                    {t('memory-create_from_frame', { fileName: frame.fileName })}
                  </Button>
                ))}
                <Button variant={frames.length ? 'outline' : 'solid'} onClick={() => props.onCreate('analysis')}>
                  <Sparkles size={16} aria-hidden="true" />
                  {t('memory-create_from_analysis')}
                </Button>
                <Button variant="outline" onClick={() => props.onCreate('blank')}>
                  <FilePlus2 size={16} aria-hidden="true" />
                  {t('memory-create_blank')}
                </Button>
              </>
            )
          }
        />
      </div>
    );
  }
  const section = memory.sections.find((s) => s._id === props.selectedSectionId) ?? null;
  return (
    <div className={css({ display: 'flex', flexDirection: 'column', gap: '3' })}>
      <header
        className={css({
          display: 'flex',
          flexWrap: 'wrap',
          gap: '2',
          alignItems: 'baseline',
          justifyContent: 'space-between',
        })}
      >
        <h2
          className={css({
            fontSize: { base: 'lg', md: 'xl' },
            fontWeight: 'semibold',
          })}
        >
          {memory.title}
        </h2>
        <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '3', alignItems: 'center' })}>
          <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>{t('memory-workspace_title')}</p>
          {props.switcher}
          <MemoryDocxExports memory={memory} workingNotes={workingNotes} />
          <MemoryExportOptions.Provider value={{ workingNotes, over: memoryOverruns(memory, t) }}>{props.pdfExport}</MemoryExportOptions.Provider>
          <span title={t('memory-export_working_notes_hint')}>
            <Checkbox label={t('memory-export_working_notes')} checked={workingNotes} onChange={(event) => setWorkingNotes(event.target.checked)} />
          </span>
        </div>
      </header>
      {props.notice ? (
        <div
          className={css({
            display: 'flex',
            gap: '2',
            alignItems: 'flex-start',
          })}
        >
          <div className={css({ flex: '1' })}>
            <Alert status="success">{props.notice}</Alert>
          </div>
          <Button size="sm" variant="ghost" onClick={props.onDismiss}>
            {t('common-close')}
          </Button>
        </div>
      ) : null}
      {props.error ? (
        <div
          className={css({
            display: 'flex',
            gap: '2',
            alignItems: 'flex-start',
          })}
        >
          <div className={css({ flex: '1' })}>
            <Alert status="error">{props.error.message}</Alert>
          </div>
          <Button size="sm" variant="ghost" onClick={props.onDismiss}>
            {t('common-close')}
          </Button>
        </div>
      ) : null}
      {memory.notes.map((note) => (
        <Alert key={note} status="info">
          {note}
        </Alert>
      ))}
      <div
        className={css({
          display: 'grid',
          gap: '4',
          // The section's panel beside the editor once the screen is wide, under it before. minmax(0, …):
          // a track no wider than the screen whatever its content's longest word (320 px, WCAG 1.4.10).
          gridTemplateColumns: { base: 'minmax(0, 1fr)', lg: '15rem minmax(0, 1fr)', wide: '15rem minmax(0, 1fr) 22rem' },
          alignItems: 'start',
        })}
      >
        <div
          className={css({
            minW: 0,
            lg: {
              position: 'sticky',
              top: '4',
              maxH: 'calc(100dvh - 2rem)',
              overflowY: 'auto',
            },
          })}
        >
          <MemoryOutline memory={memory} selectedSectionId={props.selectedSectionId} onSelect={props.onSelect} />
          {props.outlineActions}
        </div>
        <div className={css({ minW: 0, display: 'flex', flexDirection: 'column', gap: '3' })}>
          {section ? props.details : null}
          {section ? props.editor : <p className={css({ color: 'fg.muted' })}>{t('memory-no_section')}</p>}
          {section ? props.assist : null}
        </div>
        <div
          className={css({
            display: 'flex',
            flexDirection: 'column',
            gap: '3',
            gridColumn: { lg: '2', wide: '3' },
          })}
        >
          {/* The call's deadlines and what is graded, first: they hold for every section. */}
          {props.keyFacts}
          {section ? (
            <SectionPanel
              section={section}
              tenderId={props.tenderId}
              stale={memory.stale.some((s) => s.sectionId === section._id)}
              refreshing={props.refreshing}
              onInsertPassage={props.onInsertPassage}
              onRefresh={() => props.onRefresh(section._id)}
              requirements={props.requirements}
            />
          ) : null}
          {section ? props.comments : null}
          {/* The score before the long lists of material, so it stays in view while writing. */}
          <AnalysisPanel analysis={props.analysis} score={memory.score} running={props.analysing} onAnalyse={props.onAnalyse} />
          {section ? props.library : null}
          {section ? props.team : null}
          <VersionsPanel stage={props.versionsStage} versions={props.versions} onOpen={props.onOpenVersions} onClose={props.onCloseVersions} onKeep={props.onKeepVersion} onRestore={props.onRestore} />
        </div>
      </div>
    </div>
  );
}
