import { useEffect, useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { css, cx } from 'styled-system/css';
import { addDays } from '../../../rules/calendar';
import { addMonths, startOfWeek, visibleRange, type CalendarEvent, type CalendarViewKind } from '../../machines/calendar.machine';
import { Alert } from '../components/Alert';
import { Button } from '../components/Button';
import { Dialog } from '../components/Dialog';
import { PageHeading } from '../components/ListFrame';
import { Spinner } from '../components/Spinner';
import { eventsByDay, fullDay, KINDS, kindKey, localeOf, periodTitle, timeOf, weekdayNames } from './calendar-format';

export type CalendarEventsState = 'loading' | 'ready' | 'failed';

export type CalendarViewProps = {
  state: CalendarEventsState;
  view: CalendarViewKind;
  focus: string;
  today: string;
  events: CalendarEvent[];
  error: string | null;
  /** The subscription panel, beside the calendar. */
  feed?: ReactNode;
  onView: (view: CalendarViewKind) => void;
  onPrev: () => void;
  onNext: () => void;
  onToday: () => void;
  onFocus: (day: string) => void;
  onRetry: () => void;
};

/** Events shown in a day of the month grid before "+N". */
export const MONTH_VISIBLE = 3;

// One colour per kind, from the theme's AA pairs; the legend says which is which.
const kindClass: Record<CalendarEvent['kind'], string> = {
  submission: css({ bg: 'danger.subtle', color: 'danger.text', borderColor: 'danger.border' }),
  questions: css({ bg: 'warning.subtle', color: 'warning.text', borderColor: 'warning.border' }),
  site_visit: css({ bg: 'info.subtle', color: 'info.text', borderColor: 'info.border' }),
  task: css({ bg: 'bg.subtle', color: 'fg.default', borderColor: 'border.emphasized' }),
  milestone: css({ bg: 'success.subtle', color: 'success.text', borderColor: 'success.border' }),
};

// 24 px high at least, in the grid too: a pointer target by WCAG 2.2's measure (2.5.8).
const chip = css({
  display: 'block',
  borderLeftWidth: '3px',
  borderLeftStyle: 'solid',
  borderRadius: 'sm',
  minH: 'target',
  px: '1.5',
  py: '1',
  fontSize: 'chip',
  lineHeight: '16px',
  textDecoration: 'none',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
  _hover: { textDecoration: 'underline' },
});

function useEventText() {
  const { t, i18n } = useTranslation();
  const locale = localeOf(i18n.resolvedLanguage ?? i18n.language ?? 'fr');
  return {
    locale,
    /** "12:00 Remise des offres · Réfection…" */
    short: (event: CalendarEvent) => [timeOf(event, locale), event.title ?? t(kindKey(event)), '·', event.tenderTitle].filter(Boolean).join(' '),
    /** The link's whole name, for screen readers and the tooltip. */
    long: (event: CalendarEvent) =>
      t('calendar-event_label', { what: event.title ? `${t(kindKey(event))} « ${event.title} »` : t(kindKey(event)), title: event.tenderTitle, reference: event.reference }) +
      (timeOf(event, locale) ? `, ${timeOf(event, locale)}` : ''),
  };
}

function EventLink({ event, tabbable }: { event: CalendarEvent; tabbable: boolean }) {
  const text = useEventText();
  return (
    <Link
      href={`/tenders/${event.tenderId}`}
      tabIndex={tabbable ? undefined : -1}
      aria-label={text.long(event)}
      title={text.long(event)}
      data-kind={event.kind}
      // Outside the grid (agenda, day list) there is room for the body's size.
      className={cx(chip, kindClass[event.kind], tabbable && css({ fontSize: 'sm', lineHeight: '1.3' }))}
    >
      {text.short(event)}
    </Link>
  );
}

/**
 * The company's deadline calendar (issue 13): a month grid or a week, prev/next/today, events
 * coloured by kind (legend), each a link to its tender; a day with more than three shows "+N",
 * which opens the day's list. The grid is one tab stop: arrow keys move the focused day (Home/End
 * the week, Page Up/Down the month), Enter opens the day. On a phone an agenda list replaces it.
 */
export function CalendarView(props: CalendarViewProps) {
  const { t } = useTranslation();
  const text = useEventText();
  const { view, focus, today, state } = props;
  const range = visibleRange(view, focus);
  const byDay = useMemo(() => eventsByDay(props.events), [props.events]);
  const [openDay, setOpenDay] = useState<string | null>(null);
  const gridRef = useRef<HTMLDivElement>(null);
  // Focus follows the focused day only while the member moves it with the keyboard.
  const moving = useRef(false);

  useEffect(() => {
    if (!moving.current) return;
    gridRef.current?.querySelector<HTMLElement>(`[data-day="${focus}"]`)?.focus();
  }, [focus, view]);

  const days: string[] = [];
  for (let day = range.from; day <= range.to; day = addDays(day, 1)) days.push(day);
  const weeks: string[][] = [];
  for (let i = 0; i < days.length; i += 7) weeks.push(days.slice(i, i + 7));
  const names = weekdayNames(text.locale);
  const month = focus.slice(0, 7);

  const moveTo = (day: string) => {
    moving.current = true;
    props.onFocus(day);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLElement>, day: string) => {
    const moves: Record<string, () => string> = {
      ArrowLeft: () => addDays(day, -1),
      ArrowRight: () => addDays(day, 1),
      ArrowUp: () => addDays(day, -7),
      ArrowDown: () => addDays(day, 7),
      Home: () => startOfWeek(day),
      End: () => addDays(startOfWeek(day), 6),
      PageUp: () => addMonths(day, -1),
      PageDown: () => addMonths(day, 1),
    };
    if (moves[event.key]) {
      event.preventDefault();
      moveTo(moves[event.key]!());
    } else if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      setOpenDay(day);
    }
  };

  const title = periodTitle(view, range.from, focus, text.locale);
  const dayEvents = openDay ? (byDay.get(openDay) ?? []) : [];

  return (
    <div className={css({ display: 'flex', flexDirection: 'column', gap: '5' })}>
      <PageHeading title={t('calendar-title')} description={t('calendar-subtitle')} />
      <div className={css({ display: 'grid', gap: '5', gridTemplateColumns: { base: '1fr', xl: 'minmax(0, 1fr) 22rem' }, alignItems: 'start' })}>
        <section aria-labelledby="calendar-period" className={css({ display: 'flex', flexDirection: 'column', gap: '3', minW: '0' })}>
          <div className={css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '2', justifyContent: 'space-between' })}>
            <div className={css({ display: 'flex', alignItems: 'center', gap: '2' })}>
              <Button variant="outline" size="icon" onClick={props.onPrev} aria-label={view === 'month' ? t('calendar-prev_month') : t('calendar-prev_week')}>
                <ChevronLeft aria-hidden="true" />
              </Button>
              <Button variant="outline" onClick={props.onToday}>
                {t('calendar-today')}
              </Button>
              <Button variant="outline" size="icon" onClick={props.onNext} aria-label={view === 'month' ? t('calendar-next_month') : t('calendar-next_week')}>
                <ChevronRight aria-hidden="true" />
              </Button>
              <h2 id="calendar-period" aria-live="polite" className={css({ fontSize: 'lg', fontWeight: 'semibold', ms: '2' })}>
                {title}
              </h2>
            </div>
            <div role="group" aria-label={t('calendar-view_label')} className={css({ display: 'inline-flex', gap: '1' })}>
              {(['month', 'week'] as const).map((kind) => (
                <Button key={kind} size="sm" variant={view === kind ? 'solid' : 'outline'} aria-pressed={view === kind} onClick={() => view !== kind && props.onView(kind)}>
                  {t(`calendar-view_${kind}`)}
                </Button>
              ))}
            </div>
          </div>
          <ul aria-label={t('calendar-legend')} className={css({ display: 'flex', flexWrap: 'wrap', gap: '2', listStyle: 'none', m: '0', p: '0' })}>
            {KINDS.map((kind) => (
              <li key={kind} className={cx(chip, kindClass[kind], css({ _hover: { textDecoration: 'none' } }))}>
                {t(`calendar-kind_${kind}`)}
              </li>
            ))}
          </ul>
          {state === 'failed' ? (
            <Alert status="error" title={t('calendar-load_error')}>
              <span>{props.error}</span>{' '}
              <Button variant="outline" size="sm" onClick={props.onRetry}>
                {t('calendar-retry')}
              </Button>
            </Alert>
          ) : null}
          {state === 'loading' ? <Spinner size="sm" label={t('calendar-loading')} /> : null}
          <p id="calendar-help" className={css({ srOnly: true })}>
            {t('calendar-help')}
          </p>
          {/* The grid, from tablet width up. */}
          <div
            ref={gridRef}
            role="grid"
            aria-labelledby="calendar-period"
            aria-describedby="calendar-help"
            aria-busy={state === 'loading' || undefined}
            onBlur={(e) => {
              if (!e.currentTarget.contains(e.relatedTarget as Node | null)) moving.current = false;
            }}
            className={css({ display: { base: 'none', md: 'flex' }, flexDirection: 'column', borderWidth: '1px', borderColor: 'border.default', borderRadius: 'md', overflow: 'hidden', bg: 'bg.default' })}
          >
            <div role="row" className={css({ display: 'grid', gridTemplateColumns: 'repeat(7, minmax(0, 1fr))', bg: 'bg.subtle', borderBottomWidth: '1px', borderColor: 'border.default' })}>
              {names.map((name) => (
                <div key={name.long} role="columnheader" aria-label={name.long} className={css({ px: '2', py: '1.5', fontSize: 'xs', fontWeight: 'semibold', color: 'fg.muted', textTransform: 'capitalize' })}>
                  {name.short}
                </div>
              ))}
            </div>
            {weeks.map((week) => (
              <div key={week[0]} role="row" className={css({ display: 'grid', gridTemplateColumns: 'repeat(7, minmax(0, 1fr))', '&:not(:last-child)': { borderBottomWidth: '1px', borderColor: 'border.default' } })}>
                {week.map((day) => {
                  const list = byDay.get(day) ?? [];
                  const max = view === 'month' ? MONTH_VISIBLE : list.length;
                  const hidden = list.length - Math.min(list.length, max);
                  const outside = view === 'month' && day.slice(0, 7) !== month;
                  return (
                    <div
                      key={day}
                      role="gridcell"
                      data-day={day}
                      tabIndex={day === focus ? 0 : -1}
                      aria-selected={day === focus}
                      aria-current={day === today ? 'date' : undefined}
                      aria-label={`${fullDay(day, text.locale)}${list.length ? `, ${t('calendar-day_events', { count: list.length })}` : ''}`}
                      onKeyDown={(e) => onKeyDown(e, day)}
                      // A click on a day of the month shown focuses it; on the grid's edge days it changes nothing.
                      onFocus={() => day !== focus && !outside && props.onFocus(day)}
                      className={css({
                        display: 'flex',
                        flexDirection: 'column',
                        gap: '1',
                        p: '1.5',
                        minH: view === 'month' ? '28' : '64',
                        minW: '0',
                        outline: 'none',
                        '&:not(:last-child)': { borderRightWidth: '1px', borderColor: 'border.default' },
                        _focusVisible: { boxShadow: 'inset 0 0 0 2px token(colors.focusRing)' },
                        '&[data-outside]': { bg: 'bg.canvas' },
                      })}
                      data-outside={outside || undefined}
                    >
                      <span
                        aria-hidden="true"
                        className={cx(
                          css({ fontSize: 'xs', fontWeight: 'semibold', w: '6', h: '6', display: 'inline-grid', placeItems: 'center', borderRadius: 'full', color: outside ? 'fg.subtle' : 'fg.default' }),
                          day === today && css({ bg: 'accent.default', color: 'accent.fg' }),
                        )}
                      >
                        {Number(day.slice(8))}
                      </span>
                      {list.slice(0, max).map((event) => (
                        <EventLink key={event.id} event={event} tabbable={false} />
                      ))}
                      {hidden > 0 ? (
                        <button
                          type="button"
                          tabIndex={-1}
                          onClick={() => setOpenDay(day)}
                          aria-label={t('calendar-more_label', { count: hidden, day: fullDay(day, text.locale) })}
                          className={css({ alignSelf: 'flex-start', display: 'inline-flex', alignItems: 'center', minH: 'target', minW: 'target', fontSize: 'chip', fontWeight: 'semibold', color: 'accent.text', bg: 'transparent', border: 'none', cursor: 'pointer', px: '1.5', _hover: { textDecoration: 'underline' } })}
                        >
                          {t('calendar-more', { count: hidden })}
                        </button>
                      ) : null}
                    </div>
                  );
                })}
              </div>
            ))}
          </div>
          {/* On a phone: the days that have events, as a list. */}
          <div data-testid="calendar-agenda" className={css({ display: { base: 'flex', md: 'none' }, flexDirection: 'column', gap: '3' })}>
            {days.filter((day) => byDay.has(day)).length === 0 && state === 'ready' ? <p className={css({ color: 'fg.muted', fontSize: 'sm' })}>{t('calendar-empty')}</p> : null}
            {days
              .filter((day) => byDay.has(day))
              .map((day) => (
                <section key={day} aria-label={fullDay(day, text.locale)}>
                  <h3 className={css({ fontSize: 'sm', fontWeight: 'semibold', mb: '1', textTransform: 'capitalize' })}>{fullDay(day, text.locale)}</h3>
                  <ul className={css({ listStyle: 'none', m: '0', p: '0', display: 'flex', flexDirection: 'column', gap: '1' })}>
                    {byDay.get(day)!.map((event) => (
                      <li key={event.id}>
                        <EventLink event={event} tabbable />
                      </li>
                    ))}
                  </ul>
                </section>
              ))}
          </div>
        </section>
        {props.feed}
      </div>
      <Dialog open={openDay !== null} onClose={() => setOpenDay(null)} title={openDay ? fullDay(openDay, text.locale) : ''} description={dayEvents.length === 0 ? t('calendar-day_empty') : undefined}>
        {dayEvents.length ? (
          <ul className={css({ listStyle: 'none', m: '0', p: '0', display: 'flex', flexDirection: 'column', gap: '1.5' })}>
            {dayEvents.map((event) => (
              <li key={event.id}>
                <EventLink event={event} tabbable />
              </li>
            ))}
          </ul>
        ) : null}
      </Dialog>
    </div>
  );
}
