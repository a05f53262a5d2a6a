import {
  IconBook,
  IconBooks,
  IconBuilding,
  IconBuildingStore,
  IconCalendar,
  IconCalendarEvent,
  IconCalendarWeek,
  IconChartBar,
  IconChecklist,
  IconCircle,
  IconClipboardCheck,
  IconCrown,
  IconDoor,
  IconFileInvoice,
  IconForms,
  IconHeartHandshake,
  IconHelp,
  IconLayoutDashboard,
  IconLogout,
  IconMail,
  IconPackage,
  IconRocket,
  IconSchool,
  IconSettings,
  IconShirt,
  IconStar,
  IconUser,
  IconUserCircle,
  IconUsers,
  IconWorld,
} from '@tabler/icons-react';
import type { ComponentType } from 'react';

type Icon = ComponentType<{ size?: number; stroke?: number; className?: string; 'aria-hidden'?: boolean }>;

/** Menu definitions name their icons; this maps the names to Tabler components (named imports only). */
const ICONS: Record<string, Icon> = {
  rocket: IconRocket,
  dashboard: IconLayoutDashboard,
  'calendar-event': IconCalendarEvent,
  calendar: IconCalendar,
  'calendar-week': IconCalendarWeek,
  door: IconDoor,
  school: IconSchool,
  package: IconPackage,
  'heart-handshake': IconHeartHandshake,
  forms: IconForms,
  shirt: IconShirt,
  'clipboard-check': IconClipboardCheck,
  users: IconUsers,
  mail: IconMail,
  star: IconStar,
  world: IconWorld,
  checklist: IconChecklist,
  books: IconBooks,
  book: IconBook,
  'building-store': IconBuildingStore,
  'file-invoice': IconFileInvoice,
  crown: IconCrown,
  building: IconBuilding,
  'chart-bar': IconChartBar,
  settings: IconSettings,
  help: IconHelp,
  logout: IconLogout,
  'user-circle': IconUserCircle,
  user: IconUser,
};

export function NavIcon({ name, className }: { name: string | undefined; className?: string }) {
  const Component = (name && ICONS[name]) || IconCircle;
  return <Component size={20} stroke={1.6} className={className} aria-hidden />;
}
