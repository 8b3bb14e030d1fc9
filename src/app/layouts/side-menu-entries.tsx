import { Building2, CalendarDays, CreditCard, FileDown, FileText, FileUser, FolderOpen, Inbox, LayoutDashboard, LayoutTemplate, MessageSquareWarning, Radar, Users } from 'lucide-react';
import type { Profile, Role } from '../../machines/types';
import type { SideMenuBadge, SideMenuLink, SideMenuSection } from '../../ui/shell/SideMenu';

const all: Role[] = ['admin', 'manager', 'employee'];
const staff: Role[] = ['manager', 'employee'];

type Entry = {
  id: string;
  label: string;
  href: (companyId: string) => string;
  roles: Role[];
  section: 'main' | 'admin' | 'company';
  icon: SideMenuLink['icon'];
};

// Spec section 2, side menu table, in its order. {companyId} is '' for a user without a company.
export const sideMenuEntries: Entry[] = [
  { id: 'dashboard', label: 'sidemenu-dashboard', href: () => '/dashboard', roles: all, section: 'main', icon: <LayoutDashboard aria-hidden="true" /> },
  { id: 'potential-tenders', label: 'sidemenu-potential_tenders', href: () => '/potential-tenders', roles: all, section: 'main', icon: <Radar aria-hidden="true" /> },
  { id: 'tenders', label: 'sidemenu-tenders', href: () => '/tenders', roles: ['admin'], section: 'admin', icon: <FileText aria-hidden="true" /> },
  { id: 'users', label: 'sidemenu-users', href: () => '/users', roles: ['admin'], section: 'admin', icon: <Users aria-hidden="true" /> },
  { id: 'companies', label: 'sidemenu-companies', href: () => '/companies', roles: ['admin'], section: 'admin', icon: <Building2 aria-hidden="true" /> },
  { id: 'dce-templates', label: 'sidemenu-dce_templates', href: () => '/dce-templates', roles: ['admin'], section: 'admin', icon: <LayoutTemplate aria-hidden="true" /> },
  // Not in the spec's table: admin pages the spec lists among routes only (issue 10: a menu reaches them).
  { id: 'reports', label: 'sidemenu-reports', href: () => '/reports', roles: ['admin'], section: 'admin', icon: <MessageSquareWarning aria-hidden="true" /> },
  { id: 'outbox', label: 'sidemenu-outbox', href: () => '/admin/outbox', roles: ['admin'], section: 'admin', icon: <Inbox aria-hidden="true" /> },
  { id: 'imports', label: 'sidemenu-imports', href: () => '/admin/imports', roles: ['admin'], section: 'admin', icon: <FileDown aria-hidden="true" /> },
  { id: 'company-tenders', label: 'sidemenu-tenders', href: () => '/company/tenders', roles: staff, section: 'company', icon: <FileText aria-hidden="true" /> },
  // Not in the spec's table: the deadline calendar of issue 13, beside the tenders.
  { id: 'company-calendar', label: 'sidemenu-calendar', href: () => '/company/calendar', roles: staff, section: 'company', icon: <CalendarDays aria-hidden="true" /> },
  { id: 'company-documents', label: 'sidemenu-company_documents', href: (id) => `/company/documents/${id}`, roles: staff, section: 'company', icon: <FolderOpen aria-hidden="true" /> },
  { id: 'company-resumes', label: 'sidemenu-resumes', href: (id) => `/companies/${id}/resumes`, roles: staff, section: 'company', icon: <FileUser aria-hidden="true" /> },
  { id: 'company-users', label: 'sidemenu-users', href: () => '/company/users', roles: staff, section: 'company', icon: <Users aria-hidden="true" /> },
  { id: 'company-details', label: 'sidemenu-company_details', href: (id) => `/companies/${id}`, roles: staff, section: 'company', icon: <Building2 aria-hidden="true" /> },
  { id: 'billing', label: 'sidemenu-billing', href: (id) => `/billing/${id}`, roles: staff, section: 'company', icon: <CreditCard aria-hidden="true" /> },
];

const headings = { main: undefined, admin: 'sidemenu-heading_admin', company: 'sidemenu-heading_company' } as const;

/** The menu of one user: the entries of their role, grouped under the spec's headings, with badges by entry id. */
export function sideMenuFor(profile: Pick<Profile, 'role' | 'company'>, badges: Partial<Record<string, SideMenuBadge>> = {}, entries: Entry[] = sideMenuEntries): SideMenuSection[] {
  const companyId = profile.company?._id ?? '';
  const mine = entries.filter((entry) => entry.roles.includes(profile.role));
  return (['main', 'admin', 'company'] as const)
    .map((section) => ({
      id: section,
      heading: headings[section],
      items: mine
        .filter((entry) => entry.section === section)
        .map((entry): SideMenuLink => ({ kind: 'link', id: entry.id, label: entry.label, href: entry.href(companyId), icon: entry.icon, badge: badges[entry.id] })),
    }))
    .filter((section) => section.items.length > 0);
}
