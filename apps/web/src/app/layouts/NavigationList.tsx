import { IconChevronRight } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { NavLink, useLocation } from 'react-router';
import type { NavItem } from '../../features/navigation/nav-item';
import { NavIcon } from './NavIcon';

interface Props {
  items: NavItem[];
  /** Called after a link is followed (the mobile drawer closes). */
  onNavigate?: () => void;
}

function isActiveBranch(item: NavItem, pathname: string): boolean {
  if (item.url && !item.externalUrl && (pathname === item.url || pathname.startsWith(`${item.url}/`))) return true;
  return (item.children ?? []).some((child) => isActiveBranch(child, pathname));
}

function Leaf({ item, onNavigate }: { item: NavItem; onNavigate?: () => void }) {
  const content = (
    <>
      <NavIcon name={item.icon} className="nav-list__icon" />
      <span className="nav-list__label">{item.title}</span>
    </>
  );
  if (item.externalUrl) {
    return (
      <a
        className="nav-list__link"
        href={item.url}
        title={item.title}
        target={item.openInNewTab ? '_blank' : undefined}
        rel={item.openInNewTab ? 'noopener noreferrer' : undefined}
      >
        {content}
      </a>
    );
  }
  return (
    <NavLink
      className="nav-list__link"
      to={item.url ?? '/'}
      end={item.exactMatch}
      title={item.title}
      onClick={onNavigate}
    >
      {content}
    </NavLink>
  );
}

function Collapsable({ item, onNavigate }: { item: NavItem; onNavigate?: () => void }) {
  const { pathname } = useLocation();
  const [open, setOpen] = useState(() => isActiveBranch(item, pathname));
  const childrenId = useId();
  return (
    <>
      <button
        type="button"
        className="nav-list__toggle"
        aria-expanded={open}
        aria-controls={childrenId}
        title={item.title}
        onClick={() => setOpen((value) => !value)}
      >
        <NavIcon name={item.icon} className="nav-list__icon" />
        <span className="nav-list__label">{item.title}</span>
        <IconChevronRight size={16} className="nav-list__chevron nav-list__label" aria-hidden />
      </button>
      <ul id={childrenId} className="nav-list__children" hidden={!open}>
        {(item.children ?? []).map((child) => (
          <li key={child.id}>
            <Leaf item={child} onNavigate={onNavigate} />
          </li>
        ))}
      </ul>
    </>
  );
}

/** The vertical (sidebar) rendering of a navigation definition; hidden items are skipped. */
export function NavigationList({ items, onNavigate }: Props) {
  return (
    <ul className="nav-list">
      {items
        .filter((item) => !item.hidden)
        .map((item) => (
          <li key={item.id}>
            {item.type === 'item' ? (
              <Leaf item={item} onNavigate={onNavigate} />
            ) : (
              <Collapsable
                item={{ ...item, children: item.children?.filter((child) => !child.hidden) }}
                onNavigate={onNavigate}
              />
            )}
          </li>
        ))}
    </ul>
  );
}
