import { Link } from '@tanstack/react-router';
import { NavigationMenu } from 'radix-ui';
import { useLayoutEffect, useRef } from 'react';
import { ChevronDownIcon, ExternalIcon } from './icons';
import { isActivePath, primaryLinks, QUERY_CLUSTERING_LABEL, resourceLinks, toolLinks, type NavLink } from './navigation-links';

/** Menu timing: open after 100 ms of hover, 300 ms grace when moving between menus. */
const MENU_DELAY_MS = 100;
const MENU_SKIP_DELAY_MS = 300;

export interface DesktopNavProps {
  pathname: string;
  queryClusteringUrl: string;
  /** The menu the visitor was opening while this module loaded. */
  initialOpen?: string;
  /** The header item that had keyboard focus while this module loaded. */
  focusKey?: string;
}

function MenuLinkList({ links, pathname, externalTool }: { links: NavLink[]; pathname: string; externalTool?: string }) {
  return (
    <ul className="nav-dropdown-list">
      {links.map((link) => (
        <li key={link.to}>
          <NavigationMenu.Link asChild active={isActivePath(pathname, link.to)}>
            <Link to={link.to} className="nav-dropdown-link">
              <span className="nav-dropdown-label">{link.label}</span>
              {link.hint ? <span className="nav-dropdown-hint">{link.hint}</span> : null}
            </Link>
          </NavigationMenu.Link>
        </li>
      ))}
      {externalTool ? (
        <li>
          <NavigationMenu.Link href={externalTool} target="_blank" rel="noopener noreferrer" className="nav-dropdown-link">
            <span className="nav-dropdown-label">
              {QUERY_CLUSTERING_LABEL} <ExternalIcon width={14} height={14} />
              <span className="visually-hidden"> (opens in a new tab)</span>
            </span>
            <span className="nav-dropdown-hint">Group keywords by search intent</span>
          </NavigationMenu.Link>
        </li>
      ) : null}
    </ul>
  );
}

/** The desktop header menus: Radix NavigationMenu (hover and keyboard menus with the timings above). */
export default function DesktopNavMenu({ pathname, queryClusteringUrl, initialOpen, focusKey }: DesktopNavProps) {
  const rootRef = useRef<HTMLElement>(null);

  // Before the browser handles the next key press: the plain menu this replaces had the focus.
  useLayoutEffect(() => {
    if (focusKey) rootRef.current?.querySelector<HTMLElement>(`[data-nav-key="${focusKey}"]`)?.focus();
  }, [focusKey]);

  const dropdown = (label: string, links: NavLink[], externalTool?: string) => {
    const active = links.some((link) => isActivePath(pathname, link.to));
    return (
      <NavigationMenu.Item className="nav-item" value={label}>
        <NavigationMenu.Trigger className={active ? 'nav-link nav-trigger is-active' : 'nav-link nav-trigger'} data-nav-key={label}>
          {label} <ChevronDownIcon className="nav-chevron" width={16} height={16} />
        </NavigationMenu.Trigger>
        <NavigationMenu.Content className="nav-dropdown">
          <MenuLinkList links={links} pathname={pathname} externalTool={externalTool} />
        </NavigationMenu.Content>
      </NavigationMenu.Item>
    );
  };

  return (
    <NavigationMenu.Root
      ref={rootRef}
      className="desktop-nav"
      aria-label="Main"
      delayDuration={MENU_DELAY_MS}
      skipDelayDuration={MENU_SKIP_DELAY_MS}
      defaultValue={initialOpen}
    >
      <NavigationMenu.List className="nav-list">
        {primaryLinks.map((link) => (
          <NavigationMenu.Item key={link.to} className="nav-item">
            <NavigationMenu.Link asChild active={isActivePath(pathname, link.to)}>
              <Link to={link.to} className={isActivePath(pathname, link.to) ? 'nav-link is-active' : 'nav-link'} data-nav-key={link.to}>
                {link.label}
              </Link>
            </NavigationMenu.Link>
          </NavigationMenu.Item>
        ))}
        {dropdown('Resources', resourceLinks)}
        {dropdown('Tools', toolLinks, queryClusteringUrl)}
      </NavigationMenu.List>
    </NavigationMenu.Root>
  );
}
