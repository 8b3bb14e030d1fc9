import { Building2, FileText, LayoutDashboard, Mail, Users } from 'lucide-react';
import type { SideMenuSection } from './SideMenu';

// Sample menus for stories and view tests (the real ones are built per role in src/app).
export const managerSections: SideMenuSection[] = [
  { id: 'main', items: [{ kind: 'link', id: 'dashboard', label: 'sidemenu-dashboard', href: '/dashboard', icon: <LayoutDashboard aria-hidden="true" /> }] },
  {
    id: 'company',
    heading: 'sidemenu-heading_company',
    items: [
      { kind: 'link', id: 'company-users', label: 'sidemenu-users', href: '/company/users', icon: <Users aria-hidden="true" /> },
      { kind: 'link', id: 'company-details', label: 'sidemenu-company_details', href: '/companies/9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d', icon: <Building2 aria-hidden="true" /> },
    ],
  },
];

export const adminSections: SideMenuSection[] = [
  { id: 'main', items: [{ kind: 'link', id: 'dashboard', label: 'sidemenu-dashboard', href: '/dashboard', icon: <LayoutDashboard aria-hidden="true" /> }] },
  {
    id: 'admin',
    heading: 'sidemenu-heading_admin',
    items: [
      { kind: 'link', id: 'users', label: 'sidemenu-users', href: '/users', icon: <Users aria-hidden="true" /> },
      { kind: 'link', id: 'companies', label: 'sidemenu-companies', href: '/companies', icon: <Building2 aria-hidden="true" /> },
    ],
  },
];

// A collapsible group with a badge, as the menu supports them.
export const groupedSections: SideMenuSection[] = [
  { id: 'main', items: [{ kind: 'link', id: 'dashboard', label: 'sidemenu-dashboard', href: '/dashboard', icon: <LayoutDashboard aria-hidden="true" /> }] },
  {
    id: 'company',
    heading: 'sidemenu-heading_company',
    items: [
      {
        kind: 'group',
        id: 'team',
        label: 'sidemenu-users',
        icon: <Users aria-hidden="true" />,
        badge: { count: 3, label: 'sidemenu-badge_pending' },
        children: [
          { kind: 'link', id: 'members', label: 'sidemenu-users', href: '/company/users', icon: <Users aria-hidden="true" /> },
          { kind: 'link', id: 'invites', label: 'sidemenu-invitations', href: '/company/users#invitations', icon: <Mail aria-hidden="true" />, badge: { count: 3, label: 'sidemenu-badge_pending' } },
        ],
      },
      { kind: 'link', id: 'tenders', label: 'sidemenu-tenders', href: '/company/tenders', icon: <FileText aria-hidden="true" /> },
    ],
  },
];
