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

/** What the override below reads of frappe-gantt 1.2's internals (the version is locked). */
type GanttInternals = {
  config: { ignored_positions: number[]; header_height: number; column_width: number; view_mode: unknown };
  gantt_start: Date;
  gantt_end: Date;
  grid_height: number;
  layers: { grid: SVGGElement };
  highlight_current: (viewMode: unknown) => unknown;
};

/**
 * frappe-gantt without style attributes: its own grid highlights shade weekends with
 * `setAttribute('style', …)` and write a hatch pattern (for ignored days, which we have none of)
 * with an inline style through innerHTML, both refused by our CSP (style-src without
 * 'unsafe-inline'). Weekends get a class instead, coloured in gantt-theme.css; the rest (today's
 * line) is the library's. The chart is drawn in Day mode only: one column per day.
 */
class StrictGantt extends Gantt {
  make_grid_highlights() {
    const self = this as unknown as GanttInternals;
    self.config.ignored_positions = [];
    const { header_height: top, column_width: width } = self.config;
    const height = self.grid_height - top;
    for (const day = new Date(self.gantt_start); day <= self.gantt_end; day.setDate(day.getDate() + 1)) {
      if (day.getDay() !== 0 && day.getDay() !== 6) continue;
      // Local midnights: a daylight-saving change makes a day 23 or 25 hours long.
      const column = Math.round((day.getTime() - self.gantt_start.getTime()) / 86_400_000);
      const rect = document.createElementNS('http://www.w3.org/2000/svg', 'rect');
      for (const [name, value] of Object.entries({ x: column * width, y: top, width, height, class: 'weekend-highlight' })) rect.setAttribute(name, String(value));
      self.layers.grid.append(rect);
    }
    self.highlight_current(self.config.view_mode);
  }
}

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
    new StrictGantt(element, toGanttBars(tasks), {
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
    // Each bar's whole name as its SVG title (a tooltip on hover), its label being cut (ganttLabel).
    for (const task of tasks) {
      const bar = [...element.querySelectorAll('.bar-wrapper')].find((e) => e.getAttribute('data-id') === task._id);
      if (!bar) continue;
      const title = document.createElementNS('http://www.w3.org/2000/svg', 'title');
      title.textContent = task.name;
      bar.prepend(title);
    }
    return () => element.replaceChildren();
  }, [tasks, language, readOnly]);

  return <div ref={host} role="group" aria-label={label} aria-describedby={describedBy} className="planning-gantt" data-testid="planning-gantt" />;
}
