import { useTranslation } from 'react-i18next';
import { css } from 'styled-system/css';
import type { components } from '../../../openapi/schema';
import { overruns, textMeasure } from '../../../rules/text-measure';
import { Alert } from '../components/Alert';

type FrameItem = components['schemas']['MemoryFrameItem'];

const box = css({ display: 'flex', flexDirection: 'column', gap: '2', borderWidth: '1px', borderColor: 'border', borderRadius: 'md', padding: '3', bg: 'bg.subtle' });
const muted = css({ fontSize: 'sm', color: 'fg.muted' });

/**
 * Above a section made from the buyer's response frame: the item's number and the buyer's own
 * words (read, never exported as the candidate's text), the criterion the frame grades it on, and
 * its limit against the text as typed (`text`: the draft, not only what is saved).
 */
export function FrameItemBrief({ item, text }: { item: FrameItem; text: string }) {
  const { t, i18n } = useTranslation();
  const number = (n: number) => new Intl.NumberFormat(i18n.language).format(n);
  const measure = textMeasure(text);
  const over = overruns(text, item.limit);
  return (
    <section className={box} aria-label={t('memory-frame_item_label', { number: item.number })}>
      <details open>
        <summary className={css({ cursor: 'pointer', fontWeight: 'semibold', fontSize: 'sm' })}>
          {item.number ? t('memory-frame_item_numbered', { number: item.number }) : t('memory-frame_item')}
        </summary>
        {item.prompt ? <p className={css({ whiteSpace: 'pre-line', fontSize: 'sm', marginTop: '2' })}>{item.prompt}</p> : null}
        <p className={muted}>{t('memory-frame_item_not_exported')}</p>
      </details>
      {item.criterion ? <p className={muted}>{t('memory-frame_item_criterion', { label: item.criterion.label })}</p> : null}
      {item.limit && (item.limit.characters || item.limit.words) ? (
        <div className={css({ display: 'flex', flexDirection: 'column', gap: '1' })}>
          <p className={css({ fontSize: 'sm', fontVariantNumeric: 'tabular-nums' })} aria-live="polite">
            {item.limit.characters ? t('memory-frame_count_characters', { count: measure.characters, actual: number(measure.characters), max: number(item.limit.characters) }) : null}
            {item.limit.characters && item.limit.words ? ' · ' : null}
            {item.limit.words ? t('memory-frame_count_words', { count: measure.words, actual: number(measure.words), max: number(item.limit.words) }) : null}
          </p>
          <p className={muted}>{t('memory-frame_limit_source', { excerpt: item.limit.excerpt })}</p>
          {over.length ? (
            <Alert status="warning">
              {over.map((o) => t(o.limit === 'characters' ? 'memory-frame_over_characters' : 'memory-frame_over_words', { count: o.actual - o.max, over: number(o.actual - o.max) })).join(' ')}
            </Alert>
          ) : null}
        </div>
      ) : item.limit?.pages ? (
        <p className={muted}>{t('memory-frame_limit_pages', { count: item.limit.pages, excerpt: item.limit.excerpt })}</p>
      ) : null}
    </section>
  );
}
