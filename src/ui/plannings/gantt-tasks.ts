import type { FrappeTask } from 'frappe-gantt';

export type GanttTask = { _id: string; name: string; startDate: string; endDate: string; done: boolean; milestone: boolean };

/**
 * Text as HTML source that shows exactly that text. frappe-gantt writes a task's name with
 * `innerHTML` (its bar label), so a name such as `<style>body{display:none}</style>` would become a
 * stylesheet for every viewer of the planning: every user text handed to the chart goes through here.
 */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * The single class token of a bar. frappe-gantt adds `custom_class` with `classList.add`, which
 * throws on a space: "is-done is-milestone" broke the whole planning page of a done milestone.
 */
export function ganttBarClass(task: Pick<GanttTask, 'done' | 'milestone'>): string | undefined {
  if (task.done && task.milestone) return 'is-done-milestone';
  if (task.done) return 'is-done';
  if (task.milestone) return 'is-milestone';
  return undefined;
}

/** The longest bar label, in characters: a 200-character name ran across the whole chart. */
export const GANTT_LABEL_MAX = 40;

/** A bar's label: the name, cut with an ellipsis past GANTT_LABEL_MAX (the bar's title holds it whole). */
export function ganttLabel(name: string): string {
  return name.length > GANTT_LABEL_MAX ? `${name.slice(0, GANTT_LABEL_MAX - 1).trimEnd()}…` : name;
}

/** The planning's tasks as frappe-gantt bars: labels shortened then escaped, one class token each. */
export function toGanttBars(tasks: readonly GanttTask[]): FrappeTask[] {
  return tasks.map((task) => ({
    id: task._id,
    name: escapeHtml(ganttLabel(task.name)),
    start: task.startDate,
    end: task.endDate,
    progress: task.done ? 100 : 0,
    custom_class: ganttBarClass(task),
  }));
}
