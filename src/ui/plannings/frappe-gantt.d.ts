// frappe-gantt ships no types: the part of its API the planning's chart uses (v1.x).
declare module 'frappe-gantt' {
  export type FrappeTask = { id: string; name: string; start: string; end: string; progress?: number; custom_class?: string; dependencies?: string };
  export type FrappeOptions = {
    view_mode?: 'Day' | 'Week' | 'Month';
    language?: string;
    readonly?: boolean;
    readonly_progress?: boolean;
    popup?: false;
    today_button?: boolean;
    infinite_padding?: boolean;
    scroll_to?: string | null;
    container_height?: number | 'auto';
    bar_height?: number;
    padding?: number;
    column_width?: number;
    lines?: 'both' | 'vertical' | 'horizontal' | 'none';
    on_date_change?: (task: FrappeTask, start: Date, end: Date) => void;
  };
  export default class Gantt {
    constructor(wrapper: HTMLElement | string, tasks: FrappeTask[], options?: FrappeOptions);
    refresh(tasks: FrappeTask[]): void;
    update_options(options: FrappeOptions): void;
    clear(): void;
  }
}
