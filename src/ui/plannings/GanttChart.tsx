import { useEffect, useRef } from 'react';
import Gantt from 'frappe-gantt';
// The library's stylesheet (a Vite alias, see vite.config.ts), then its colours from our tokens.
import 'frappe-gantt/style.css';
import './gantt-theme.css';
import { toGanttBars, type GanttTask } from './gantt-tasks';

export type GanttChartProps = {
  tasks: GanttTask[];
  /** The interface language: the chart's month and day names. */
  language: string;
  /** The chart's accessible name; the task table next to it is its text alternative. */
  label: string;
  /** The id of that table's caption or heading, announced as the chart's description. */
  describedBy?: string;
  /** No dragging while a write is under way or for a reader. */
  readOnly: boolean;
  /** A bar was dragged or resized: its new first and last days (YYYY-MM-DD). */
  onDatesChange: (taskId: string, startDate: string, endDate: string) => void;
};

/** A local Date (frappe-gantt works in local time) as the calendar day it shows. */
const dayOf = (date: Date) => `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;

/**
 * The planning drawn by frappe-gantt (loaded with this module only, React.lazy): one bar per
 * task, milestones and done tasks in their own colours. The chart is redrawn from the tasks on
 * each change; a drag reports the bar's new days, and the page's answer redraws it.
 */
export default function GanttChart({ tasks, language, label, describedBy, readOnly, onDatesChange }: GanttChartProps) {
  const host = useRef<HTMLDivElement>(null);
  // The latest handler, read when a drag ends (the chart is not rebuilt for a new closure).
  const onChange = useRef(onDatesChange);
  useEffect(() => {
    onChange.current = onDatesChange;
  });

  useEffect(() => {
    const element = host.current;
    if (!element || tasks.length === 0) return;
    element.replaceChildren();
    new Gantt(element, toGanttBars(tasks), {
      view_mode: 'Day',
      language: language.slice(0, 2),
      readonly: readOnly,
      readonly_progress: true,
      popup: false,
      today_button: false,
      infinite_padding: false,
      scroll_to: tasks[0]!.startDate,
      bar_height: 26,
      padding: 16,
      column_width: 36,
      on_date_change: (task, start, end) => {
        const startDate = dayOf(start);
        const endDate = dayOf(end);
        const before = tasks.find((t) => t._id === task.id);
        if (before && (before.startDate !== startDate || before.endDate !== endDate)) onChange.current(task.id, startDate, endDate);
      },
    });
    // The chart scrolls sideways: keyboard users reach it like a wide table (WCAG 2.1.1).
    element.querySelector('.gantt-container')?.setAttribute('tabindex', '0');
    return () => element.replaceChildren();
  }, [tasks, language, readOnly]);

  return <div ref={host} role="group" aria-label={label} aria-describedby={describedBy} className="planning-gantt" data-testid="planning-gantt" />;
}
