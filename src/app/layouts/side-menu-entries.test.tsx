import { describe, expect, it } from 'vitest';
import { sideMenuFor } from './side-menu-entries';

const hrefs = (role: 'admin' | 'manager' | 'employee') =>
  sideMenuFor({ role, company: role === 'admin' ? null : { _id: 'c1', name: 'Durand' } }).flatMap((section) => section.items.flatMap((item) => (item.kind === 'link' ? [item.href] : [])));

describe('side menu', () => {
  it('reaches the reports, the outbox and the notice imports for admins', () => {
    expect(hrefs('admin')).toEqual(expect.arrayContaining(['/reports', '/admin/outbox', '/admin/imports']));
  });

  it('keeps admin pages out of the company staff menu', () => {
    for (const role of ['manager', 'employee'] as const) {
      expect(hrefs(role)).not.toContain('/reports');
      expect(hrefs(role)).not.toContain('/admin/outbox');
      expect(hrefs(role)).not.toContain('/admin/imports');
    }
  });

  it("leads the company's staff to their company's billing, not admins", () => {
    expect(hrefs('manager')).toContain('/billing/c1');
    expect(hrefs('employee')).toContain('/billing/c1');
    expect(hrefs('admin').some((href) => href.startsWith('/billing'))).toBe(false);
  });
});
