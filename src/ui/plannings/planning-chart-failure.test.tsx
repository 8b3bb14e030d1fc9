import { beforeAll, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { composeStories, setProjectAnnotations } from '@storybook/react-vite';
import preview from '../../../.storybook/preview';
import fr from '../../../locales/fr/translation.json';
import * as stories from './PlanningView.stories';

// The chart library throws while drawing, as frappe-gantt did on a done milestone.
vi.mock('./GanttChart', () => ({
  default: () => {
    throw new DOMException("The token provided ('is-done is-milestone') contains HTML space characters", 'InvalidCharacterError');
  },
}));

beforeAll(() => {
  setProjectAnnotations(preview);
});

const Planning = composeStories(stories);

describe('a planning whose chart fails to draw', () => {
  it('keeps the page: a notice in the chart’s place, the task table and the forms still there', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(<Planning.Ready />);
    const notice = await screen.findByText(fr['planning-chart_error_title']);
    expect(notice.closest('[role="status"]')?.textContent).toContain(fr['planning-chart_error_text']);
    expect(screen.getByRole('table', { name: fr['planning-tasks_caption'] })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 })).toBeTruthy();
    expect(screen.getByRole('form', { name: fr['planning-add_title'] })).toBeTruthy();
  });
});
