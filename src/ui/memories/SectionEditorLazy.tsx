import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { css } from 'styled-system/css';
import type { SectionEditorProps } from './SectionEditor';
import { Spinner } from '../components/Spinner';

// TipTap and ProseMirror in their own chunk: only the assisted writing page loads them.
const Editor = lazy(() => import('./SectionEditor'));

export function SectionEditorLazy(props: SectionEditorProps) {
  const { t } = useTranslation();
  return (
    <Suspense
      fallback={
        <div
          className={css({
            display: 'flex',
            gap: '2',
            alignItems: 'center',
            p: '6',
            color: 'fg.muted',
            minH: '60dvh',
          })}
        >
          <Spinner label={t('memory-editor_loading')} />
        </div>
      }
    >
      <Editor {...props} />
    </Suspense>
  );
}
