import { IconChevronDown, IconMenu2 } from '@tabler/icons-react';
import { useEffect, useId, useState } from 'react';
import { NavLink, useLocation } from 'react-router';
import type { NavItem } from '../../features/navigation/nav-item';

function SiteLink({ item }: { item: NavItem }) {
  if (item.externalUrl) {
    return (
      <a className="site-menu__link" href={item.url} target="_blank" rel="noopener noreferrer">
        {item.title}
      </a>
    );
  }
  return (
    <NavLink className="site-menu__link" to={item.url ?? '/'} end={item.exactMatch}>
      {item.title}
    </NavLink>
  );
}

function SiteGroup({ item }: { item: NavItem }) {
  const [open, setOpen] = useState(false);
  const listId = useId();
  const { pathname } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: close the group whenever the route changes
  useEffect(() => setOpen(false), [pathname]);
  return (
    <div className="site-menu__group">
      <button
        type="button"
        className="site-menu__group-button"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((value) => !value)}
        onKeyDown={(event) => {
          if (event.key === 'Escape') setOpen(false);
        }}
      >
        {item.title}
        <IconChevronDown size={14} aria-hidden />
      </button>
      <ul id={listId} className="site-menu__sublist" hidden={!open}>
        {(item.children ?? []).map((child) => (
          <li key={child.id}>
            <SiteLink item={child} />
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The public horizontal navbar; under the md breakpoint it folds behind a toggle. */
export function SiteMenu({ items }: { items: NavItem[] }) {
  const [open, setOpen] = useState(false);
  const listId = useId();
  const { pathname } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: close the menu whenever the route changes
  useEffect(() => setOpen(false), [pathname]);
  if (items.length === 0) return null;
  return (
    <nav aria-label="Site menu" className="site-menu" data-open={open}>
      <button
        type="button"
        className="menu-toggle"
        aria-expanded={open}
        aria-controls={listId}
        aria-label="Open site menu"
        onClick={() => setOpen((value) => !value)}
      >
        <IconMenu2 size={20} aria-hidden />
      </button>
      <ul id={listId} className="site-menu__list">
        {items
          .filter((item) => !item.hidden)
          .map((item) => (
            <li key={item.id}>{item.type === 'item' ? <SiteLink item={item} /> : <SiteGroup item={item} />}</li>
          ))}
      </ul>
    </nav>
  );
}
