import { useEffect, useRef, useState, type MouseEvent, type PointerEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Menu } from '@ark-ui/react/menu';
import { Portal } from '@ark-ui/react/portal';
import { ArrowRightLeft } from 'lucide-react';
import { css, cx } from 'styled-system/css';
import { button } from 'styled-system/recipes/button';
import { menu } from 'styled-system/recipes/menu';
import { TENDER_STATUSES, type TenderStatus } from '../../../rules/tender-lifecycle';
import { boardTargets, moveKind, type BoardAnnouncement, type BoardMove, type BoardTender } from '../../machines/tenders-board.machine';
import { Alert } from '../components/Alert';
import { Button } from '../components/Button';
import { PageHeading } from '../components/ListFrame';
import { Spinner } from '../components/Spinner';
import { StatusChangeDialog } from './StatusChangeDialog';
import { Deadline, FreshnessBadge, isNewSince, TenderStatusBadge } from './TenderBadges';

export type TendersBoardState = 'loading' | 'failed' | 'ready' | 'loadingMore' | 'confirming' | 'moving' | 'refused';

export type TendersBoardViewProps = {
  state: TendersBoardState;
  /** The cards loaded so far. */
  tenders: BoardTender[];
  /** Each column's tenders in all (its cards come 20 at a time); a column not counted shows its cards' number. */
  counts?: Partial<Record<TenderStatus, number>>;
  /** The column whose next cards are loading. */
  loadingMore?: TenderStatus | null;
  /** A column whose next cards could not be read. */
  moreError?: { status: TenderStatus; message: string } | null;
  canReopen: boolean;
  /** The move being confirmed or saved. */
  move: BoardMove | null;
  reason: string;
  reasonError: 'required' | null;
  loadError: string | null;
  error: string | null;
  announcement: BoardAnnouncement | null;
  seenBefore: string | null;
  /** The "List | Board" switch, beside the title. */
  viewSwitch?: ReactNode;
  onMove: (id: string, to: TenderStatus) => void;
  onReason: (reason: string) => void;
  onConfirm: () => void;
  onCancel: () => void;
  onDismiss: () => void;
  onRetry: () => void;
  /** Asks for a column's next cards. */
  onMore?: (status: TenderStatus) => void;
};

const statusLabel = (t: (key: string) => string, status: TenderStatus) => t(`tender-status_${status}`);

/** A touch held this long without moving picks a card up; moving further first is a scroll. */
export const LONG_PRESS_MS = 450;
const TOUCH_SLOP_PX = 10;

/** The column under a point of the screen, if any. */
const columnAt = (x: number, y: number) => (document.elementFromPoint(x, y)?.closest('[data-status]') as HTMLElement | null)?.dataset.status as TenderStatus | undefined;

/**
 * The company's tenders as a kanban, one column per status in the lifecycle's order. A card moves
 * by dragging it (HTML5 drag and drop with a mouse; on touch screens, which have no HTML5 drag, a
 * long press picks it up and the finger carries it) or, for keyboards and screen readers, by its
 * "Move to…" menu, which lists only the moves the lifecycle allows; every outcome is said in a
 * live region.
 */
export function TendersBoardView(props: TendersBoardViewProps) {
  const { t } = useTranslation();
  const { tenders, state } = props;
  const [dragged, setDragged] = useState<BoardTender | null>(null);
  // The column under the finger while a card is carried by touch.
  const [touchOver, setTouchOver] = useState<TenderStatus | null>(null);
  // The card the user last moved: focus follows it to its new column.
  const focusId = useRef<string | null>(null);
  const boardRef = useRef<HTMLDivElement>(null);
  const busy = state === 'moving';

  useEffect(() => {
    if (!focusId.current || state === 'confirming') return;
    const id = focusId.current;
    // After the menu has closed and handed focus back (to a trigger that moved with its card).
    const timer = window.setTimeout(() => {
      const target = boardRef.current?.querySelector<HTMLElement>(`[data-card-id="${id}"] [data-move-trigger]`) ?? boardRef.current?.querySelector<HTMLElement>(`[data-card-id="${id}"] a`);
      target?.focus();
    }, 0);
    if (state !== 'moving') focusId.current = null;
    return () => window.clearTimeout(timer);
  }, [tenders, state]);

  const move = (id: string, to: TenderStatus) => {
    focusId.current = id;
    props.onMove(id, to);
  };

  const titleOf = (id: string) => tenders.find((x) => x._id === id)?.tenderCall.title ?? '';
  const announce = (a: BoardAnnouncement | null) => {
    if (!a) return '';
    if (a.kind === 'moved') return t('tendersboard-announce_moved', { title: titleOf(a.id), status: statusLabel(t, a.to) });
    if (a.kind === 'forbidden') return t('tendersboard-announce_forbidden', { title: titleOf(a.id), from: statusLabel(t, a.from), to: statusLabel(t, a.to) });
    return t('tendersboard-announce_refused', { title: titleOf(a.id), message: a.message });
  };

  const title = t('tenders-title');
  return (
    <div className={css({ display: 'flex', flexDirection: 'column', gap: '6' })}>
      <PageHeading title={title} description={t('tenders-subtitle')} action={props.viewSwitch} />
      <p className={css({ fontSize: 'sm', color: 'fg.muted' })} id="tenders-board-help">
        {t('tendersboard-help')}
      </p>
      {/* What happened to the last move, for screen readers. */}
      <p role="status" aria-live="polite" className={css({ srOnly: true })} data-testid="board-announcer">
        {announce(props.announcement)}
      </p>
      {state === 'loading' ? <Spinner label={t('tendersboard-loading')} /> : null}
      {state === 'failed' ? (
        <Alert status="error" title={t('tendersboard-load_error')}>
          <span>{props.loadError}</span>{' '}
          <Button variant="outline" size="sm" onClick={props.onRetry}>
            {t('tendersboard-retry')}
          </Button>
        </Alert>
      ) : null}
      {state === 'refused' && props.error ? (
        <Alert status="error" title={t('tendersboard-refused_title')}>
          <span>{props.error}</span>{' '}
          <Button variant="outline" size="sm" onClick={props.onDismiss}>
            {t('tendersboard-dismiss')}
          </Button>
        </Alert>
      ) : null}
      {state !== 'loading' && state !== 'failed' ? (
        <div
          ref={boardRef}
          role="group"
          aria-label={t('tendersboard-label')}
          aria-describedby="tenders-board-help"
          aria-busy={busy || undefined}
          // On a phone the columns scroll sideways, one column snapped at a time.
          className={css({ display: 'flex', gap: '3', overflowX: 'auto', scrollSnapType: 'x mandatory', pb: '3', alignItems: 'flex-start' })}
        >
          {TENDER_STATUSES.map((status) => {
            const cards = tenders.filter((x) => x.status === status);
            const allowed = dragged ? dragged.status !== status && moveKind(dragged.status, status, props.canReopen) !== null : false;
            const forbidden = dragged !== null && dragged.status !== status && !allowed;
            const headingId = `board-col-${status}`;
            return (
              <section
                key={status}
                aria-labelledby={headingId}
                data-status={status}
                data-drop={allowed ? 'allowed' : forbidden ? 'forbidden' : undefined}
                data-over={touchOver === status || undefined}
                // Every column takes the drop so that a forbidden one can say why; the statechart decides.
                onDragOver={(event) => {
                  if (!dragged) return;
                  event.preventDefault();
                  // 'none' would swallow the drop, and with it the reason a forbidden column refuses.
                  event.dataTransfer.dropEffect = 'move';
                }}
                onDrop={(event) => {
                  event.preventDefault();
                  const id = dragged?._id ?? event.dataTransfer.getData('text/plain');
                  setDragged(null);
                  if (id && tenders.find((x) => x._id === id)?.status !== status) move(id, status);
                }}
                className={css({
                  flex: '0 0 auto',
                  w: { base: '85vw', sm: '17rem' },
                  maxW: '19rem',
                  scrollSnapAlign: 'start',
                  display: 'flex',
                  flexDirection: 'column',
                  gap: '2',
                  p: '2',
                  minH: '12rem',
                  bg: 'bg.subtle',
                  borderRadius: 'lg',
                  borderWidth: '2px',
                  borderStyle: 'dashed',
                  borderColor: 'transparent',
                  '&[data-drop=allowed]': { borderColor: 'accent.default', bg: 'accent.subtle' },
                  '&[data-drop=forbidden]': { opacity: 0.6, cursor: 'not-allowed' },
                  '&[data-over]': { borderStyle: 'solid' },
                })}
              >
                <h2 id={headingId} className={css({ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: '2', px: '1', fontSize: 'sm', fontWeight: 'semibold' })}>
                  <span>{statusLabel(t, status)}</span>
                  <span className={css({ fontSize: 'xs', fontWeight: 'normal', color: 'fg.muted' })} data-testid="column-count">
                    {t('tendersboard-count', { count: props.counts?.[status] ?? cards.length })}
                  </span>
                </h2>
                {allowed ? <p className={css({ fontSize: 'xs', color: 'accent.text', px: '1' })}>{t('tendersboard-drop_here')}</p> : null}
                {forbidden ? <p className={css({ fontSize: 'xs', color: 'fg.muted', px: '1' })}>{t('tendersboard-drop_forbidden')}</p> : null}
                {cards.length === 0 ? (
                  <p className={css({ fontSize: 'sm', color: 'fg.muted', px: '1', py: '2' })}>{t('tendersboard-empty_column')}</p>
                ) : (
                  <ul className={css({ display: 'flex', flexDirection: 'column', gap: '2' })}>
                    {cards.map((tender) => (
                      <BoardCard
                        key={tender._id}
                        tender={tender}
                        canReopen={props.canReopen}
                        seenBefore={props.seenBefore}
                        disabled={busy || state === 'confirming'}
                        saving={busy && props.move?.id === tender._id}
                        onDragStart={() => setDragged(tender)}
                        onDragEnd={() => setDragged(null)}
                        onTouchDrag={(point) => setTouchOver(point ? (columnAt(point.x, point.y) ?? null) : null)}
                        onTouchDrop={(point) => {
                          const to = point ? columnAt(point.x, point.y) : undefined;
                          setDragged(null);
                          setTouchOver(null);
                          if (to && to !== tender.status) move(tender._id, to);
                        }}
                        onMove={(to) => move(tender._id, to)}
                      />
                    ))}
                  </ul>
                )}
                {props.moreError?.status === status ? (
                  <p role="alert" className={css({ fontSize: 'xs', color: 'danger.text', px: '1' })}>
                    {t('tendersboard-more_error', { message: props.moreError.message })}
                  </p>
                ) : null}
                {cards.length < (props.counts?.[status] ?? 0) ? (
                  <Button
                    variant="ghost"
                    size="sm"
                    aria-busy={props.loadingMore === status || undefined}
                    disabled={!!props.loadingMore}
                    onClick={() => props.onMore?.(status)}
                  >
                    {props.loadingMore === status ? t('tendersboard-more_loading') : t('tendersboard-more', { count: (props.counts?.[status] ?? 0) - cards.length })}
                  </Button>
                ) : null}
              </section>
            );
          })}
        </div>
      ) : null}
      {/* Decisions and reopenings are confirmed in the details page's dialog. */}
      <StatusChangeDialog
        open={state === 'confirming'}
        from={props.move?.from ?? 'not_started'}
        to={props.move?.to ?? null}
        kind={props.move?.kind ?? 'move'}
        busy={busy}
        error={null}
        reason={props.reason}
        reasonError={props.reasonError}
        onReasonChange={props.onReason}
        onConfirm={props.onConfirm}
        onCancel={props.onCancel}
      />
    </div>
  );
}

type BoardCardProps = {
  tender: BoardTender;
  canReopen: boolean;
  seenBefore: string | null;
  disabled: boolean;
  saving: boolean;
  onDragStart: () => void;
  onDragEnd: () => void;
  /** The finger carrying the card is at this point. */
  onTouchDrag: (point: { x: number; y: number } | null) => void;
  /** The card was let go here (null: the gesture was cancelled). */
  onTouchDrop: (point: { x: number; y: number } | null) => void;
  onMove: (to: TenderStatus) => void;
};

type Press = { pointerId: number; x: number; y: number; timer: number; carrying: boolean };

/** While a card is carried, the finger's moves carry it instead of scrolling the page or the board. */
const holdScroll = (event: TouchEvent) => event.preventDefault();

/**
 * A long press (touch or pen) picks the card up; moving before it is a scroll and lets go. The
 * finger's moves are then the card's, and lifting it drops the card on the column under it.
 */
function useLongPressDrag({ enabled, onStart, onDrag, onDrop }: { enabled: boolean; onStart: () => void; onDrag: BoardCardProps['onTouchDrag']; onDrop: BoardCardProps['onTouchDrop'] }) {
  const press = useRef<Press | null>(null);
  // The click that follows lifting the finger must not follow the card's link.
  const swallowClick = useRef(false);
  const release = () => {
    const current = press.current;
    if (!current) return false;
    window.clearTimeout(current.timer);
    document.removeEventListener('touchmove', holdScroll);
    press.current = null;
    return current.carrying;
  };
  useEffect(() => () => void release(), []);
  return {
    handlers: {
      onPointerDown: (event: PointerEvent<HTMLElement>) => {
        if (!enabled || event.pointerType === 'mouse' || !event.isPrimary) return;
        release();
        const current: Press = { pointerId: event.pointerId, x: event.clientX, y: event.clientY, timer: 0, carrying: false };
        current.timer = window.setTimeout(() => {
          current.carrying = true;
          document.addEventListener('touchmove', holdScroll, { passive: false });
          onStart();
          onDrag({ x: current.x, y: current.y });
        }, LONG_PRESS_MS);
        press.current = current;
      },
      onPointerMove: (event: PointerEvent<HTMLElement>) => {
        const current = press.current;
        if (!current || current.pointerId !== event.pointerId) return;
        if (!current.carrying) {
          if (Math.hypot(event.clientX - current.x, event.clientY - current.y) > TOUCH_SLOP_PX) release();
          return;
        }
        event.preventDefault();
        onDrag({ x: event.clientX, y: event.clientY });
      },
      onPointerUp: (event: PointerEvent<HTMLElement>) => {
        if (press.current?.pointerId !== event.pointerId) return;
        if (!release()) return;
        swallowClick.current = true;
        window.setTimeout(() => (swallowClick.current = false), 500);
        onDrop({ x: event.clientX, y: event.clientY });
      },
      onPointerCancel: (event: PointerEvent<HTMLElement>) => {
        if (press.current?.pointerId !== event.pointerId) return;
        if (release()) onDrop(null);
      },
      // A long press opens the system's menu (copy link…) on a phone; not while picking a card up.
      onContextMenu: (event: MouseEvent<HTMLElement>) => {
        if (press.current) event.preventDefault();
      },
      onClickCapture: (event: MouseEvent<HTMLElement>) => {
        if (!swallowClick.current) return;
        swallowClick.current = false;
        event.preventDefault();
        event.stopPropagation();
      },
    },
  };
}

function BoardCard({ tender, canReopen, seenBefore, disabled, saving, onDragStart, onDragEnd, onTouchDrag, onTouchDrop, onMove }: BoardCardProps) {
  const { t } = useTranslation();
  const classes = menu();
  const targets = boardTargets(tender.status, canReopen);
  const call = tender.tenderCall;
  const [carried, setCarried] = useState(false);
  const touch = useLongPressDrag({
    enabled: !disabled && targets.length > 0,
    onStart: () => {
      setCarried(true);
      onDragStart();
    },
    onDrag: onTouchDrag,
    onDrop: (point) => {
      setCarried(false);
      onTouchDrop(point);
    },
  });
  return (
    <li
      data-card-id={tender._id}
      data-carried={carried || undefined}
      {...touch.handlers}
      draggable={!disabled && targets.length > 0}
      aria-busy={saving || undefined}
      onDragStart={(event) => {
        event.dataTransfer.setData('text/plain', tender._id);
        event.dataTransfer.effectAllowed = 'move';
        onDragStart();
      }}
      onDragEnd={onDragEnd}
      className={css({
        display: 'flex',
        flexDirection: 'column',
        gap: '1.5',
        p: '3',
        bg: 'bg.default',
        borderWidth: '1px',
        borderColor: 'border.default',
        borderRadius: 'md',
        boxShadow: 'xs',
        cursor: disabled || targets.length === 0 ? 'default' : 'grab',
        opacity: saving ? 0.7 : 1,
        // No text selection nor link callout under a long press: it picks the card up.
        userSelect: 'none',
        WebkitTouchCallout: 'none',
        '&[data-carried]': { boxShadow: 'popover', borderColor: 'accent.default', transform: 'scale(1.02)' },
      })}
    >
      <span className={css({ fontSize: 'xs', color: 'fg.muted' })}>
        {isNewSince(tender.createdAt, seenBefore) ? (
          <>
            <FreshnessBadge />{' '}
          </>
        ) : null}
        <span className={css({ fontFamily: 'mono' })}>{call.reference}</span>
      </span>
      <Link href={`/tenders/${tender._id}`} className={css({ fontWeight: 'medium', fontSize: 'sm' })}>
        {call.title}
      </Link>
      <span className={css({ fontSize: 'sm', color: 'fg.muted' })}>{call.buyer}</span>
      <span className={css({ fontSize: 'sm' })}>
        <Deadline value={call.submissionDeadline} />
      </span>
      <div className={css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: '2', mt: '1' })}>
        <TenderStatusBadge status={tender.status} />
        {saving ? <Spinner size="sm" label={t('tendersboard-saving')} /> : null}
        {targets.length === 0 ? (
          <span className={css({ fontSize: 'xs', color: 'fg.muted' })}>{t('tendersboard-final')}</span>
        ) : (
          <Menu.Root positioning={{ placement: 'bottom-end', gutter: 4 }} onSelect={({ value }) => onMove(value as TenderStatus)}>
            <Menu.Trigger
              data-move-trigger=""
              disabled={disabled}
              aria-label={t('tendersboard-move_label', { title: call.title })}
              className={cx(button({ variant: 'ghost', size: 'sm' }), css({ gap: '1' }))}
            >
              <ArrowRightLeft size={14} aria-hidden="true" />
              {t('tendersboard-move_to')}
            </Menu.Trigger>
            <Portal>
              <Menu.Positioner className={classes.positioner}>
                <Menu.Content className={classes.content}>
                  {targets.map((to) => (
                    <Menu.Item key={to} value={to} className={classes.item}>
                      {moveKind(tender.status, to, canReopen) === 'reopen' ? t('tendersboard-reopen_to', { status: t(`tender-status_${to}`) }) : t(`tender-status_${to}`)}
                    </Menu.Item>
                  ))}
                </Menu.Content>
              </Menu.Positioner>
            </Portal>
          </Menu.Root>
        )}
      </div>
    </li>
  );
}
