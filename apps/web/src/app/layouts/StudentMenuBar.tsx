import { Menu, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconMenu2 } from '@tabler/icons-react';
import { useEffect, useId, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import type { NavItem } from '../../features/navigation/nav-item';
import { NavIcon } from './NavIcon';

function ProfileGroup({ item }: { item: NavItem }) {
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <UnstyledButton className="student-menu__link">
          <NavIcon name={item.icon} />
          {item.title}
          <IconChevronDown size={14} aria-hidden />
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        {(item.children ?? []).map((child) => (
          <Menu.Item key={child.id} component={Link} to={child.url ?? '/'} leftSection={<NavIcon name={child.icon} />}>
            {child.title}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

/** The student horizontal navbar (spec 1 "Menus and layouts"); folds behind a toggle under md. */
export function StudentMenuBar({ items }: { items: NavItem[] }) {
  const [open, setOpen] = useState(false);
  const listId = useId();
  const { pathname } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: close the menu whenever the route changes
  useEffect(() => setOpen(false), [pathname]);
  return (
    <nav aria-label="Student menu" className="student-menu" data-open={open}>
      <button
        type="button"
        className="menu-toggle"
        aria-expanded={open}
        aria-controls={listId}
        aria-label="Open student menu"
        onClick={() => setOpen((value) => !value)}
      >
        <IconMenu2 size={20} aria-hidden />
      </button>
      <ul id={listId} className="student-menu__list">
        {items
          .filter((item) => !item.hidden)
          .map((item) => (
            <li key={item.id}>
              {item.type === 'item' ? (
                <NavLink className="student-menu__link" to={item.url ?? '/'}>
                  <NavIcon name={item.icon} />
                  {item.title}
                </NavLink>
              ) : (
                <ProfileGroup item={item} />
              )}
            </li>
          ))}
      </ul>
    </nav>
  );
}
