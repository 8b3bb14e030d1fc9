import { render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import Gantt from 'frappe-gantt';
import GanttChart from './GanttChart';
import { escapeHtml, ganttBarClass, ganttLabel, toGanttBars, type GanttTask } from './gantt-tasks';

const hostile = '<style>body{display:none}</style><a href="https://evil.example" id="pwn">x</a><img src=x onerror="window.__pwned=1">';
const task = (over: Partial<GanttTask>): GanttTask => ({ _id: 't1', name: 'Remise des offres', startDate: '2026-12-01', endDate: '2026-12-01', done: false, milestone: false, ...over });

describe('the Gantt bars', () => {
  it('give each bar one class token, which the DOM accepts (a done milestone broke the page)', () => {
    for (const done of [false, true]) {
      for (const milestone of [false, true]) {
        const [bar] = toGanttBars([task({ done, milestone })]);
        // frappe-gantt does exactly this with custom_class.
        if (bar!.custom_class) expect(() => document.createElement('div').classList.add(bar!.custom_class!)).not.toThrow();
      }
    }
    expect(ganttBarClass({ done: true, milestone: true })).toBe('is-done-milestone');
    expect(ganttBarClass({ done: false, milestone: false })).toBeUndefined();
  });

  it('cut a long name to 40 characters with an ellipsis, a short one left whole (issue 24)', () => {
    const long = 'Rédaction du mémoire technique '.repeat(7).slice(0, 200);
    const [bar] = toGanttBars([task({ name: long })]);
    expect(bar!.name.length).toBeLessThanOrEqual(40);
    expect(bar!.name.endsWith('…')).toBe(true);
    expect(long.startsWith(bar!.name.slice(0, -1))).toBe(true);
    expect(ganttLabel('Analyse du DCE')).toBe('Analyse du DCE');
  });

  it('hand the chart names that innerHTML shows as text', () => {
    const short = '<img src=x onerror=alert(1)>';
    const [bar] = toGanttBars([task({ name: short })]);
    const label = document.createElementNS('http://www.w3.org/2000/svg', 'text');
    // frappe-gantt writes the label this way.
    label.innerHTML = bar!.name;
    expect(label.children).toHaveLength(0);
    expect(label.textContent).toBe(short);
    expect(escapeHtml(`Tom & "Jerry's"`)).toBe('Tom &#38; &#34;Jerry&#39;s&#34;');
  });
});

describe('the Gantt chart drawn by frappe-gantt', () => {
  afterEach(() => vi.restoreAllMocks());

  it('draws a done milestone with a hostile name: one bar, its name as text, nothing injected', () => {
    // jsdom has no SVG geometry and no scrolling; the library measures its labels and scrolls.
    const svg = window.SVGElement.prototype as unknown as { getBBox?: () => DOMRect };
    svg.getBBox ??= () => ({ x: 0, y: 0, width: 40, height: 12 }) as DOMRect;
    vi.spyOn(Gantt.prototype as unknown as { set_scroll_position: () => void }, 'set_scroll_position').mockImplementation(() => undefined);
    const tasks = [task({ done: true, milestone: true, name: hostile }), task({ _id: 't2', name: 'Analyse', startDate: '2026-11-25', endDate: '2026-11-30' })];
    const { container } = render(<GanttChart tasks={tasks} language="fr" label="Planning" readOnly onDatesChange={() => undefined} />);
    const bar = container.querySelector('.bar-wrapper[data-id="t1"]');
    expect(bar).not.toBeNull();
    expect(bar!.classList.contains('is-done-milestone')).toBe(true);
    // The label is cut (ganttLabel), the whole name is the bar's title: both as text.
    expect(bar!.querySelector('.bar-label')?.textContent).toBe(`${hostile.slice(0, 39)}…`);
    expect(bar!.querySelector('title')?.textContent).toBe(hostile);
    expect(container.querySelector('#pwn, style, img, a')).toBeNull();
  });

  it('writes no style attribute, which our CSP (no unsafe-inline styles) would refuse, and still shades weekends', () => {
    const svg = window.SVGElement.prototype as unknown as { getBBox?: () => DOMRect };
    svg.getBBox ??= () => ({ x: 0, y: 0, width: 40, height: 12 }) as DOMRect;
    vi.spyOn(Gantt.prototype as unknown as { set_scroll_position: () => void }, 'set_scroll_position').mockImplementation(() => undefined);
    const setAttribute = vi.spyOn(Element.prototype, 'setAttribute');
    const { container } = render(<GanttChart tasks={[task({ startDate: '2026-12-01', endDate: '2026-12-10' })]} language="fr" label="Planning" readOnly onDatesChange={() => undefined} />);
    expect(setAttribute.mock.calls.filter(([name]) => name.toLowerCase() === 'style')).toEqual([]);
    expect(container.querySelector('[style*="fill"], [style*="stroke"]')).toBeNull();
    expect(container.querySelectorAll('.weekend-highlight').length).toBeGreaterThan(0);
  });
});
