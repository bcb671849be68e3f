import { Link, useRouterState } from '@tanstack/react-router';
import { NavigationMenu } from 'radix-ui';
import { useEffect, useState } from 'react';
import { useSiteConfig } from '../config/use-site-config';
import { BrandMark, ChevronDownIcon, CloseIcon, ExternalIcon, MenuIcon } from './icons';
import { isActivePath, primaryLinks, QUERY_CLUSTERING_LABEL, resourceLinks, toolLinks, type NavLink } from './navigation-links';

/** SPEC §9 menu timing: open after 100 ms of hover, 300 ms grace when moving between menus. */
const MENU_DELAY_MS = 100;
const MENU_SKIP_DELAY_MS = 300;

function usePathname(): string {
  return useRouterState({ select: (state) => state.location.pathname });
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

function DesktopNav({ pathname }: { pathname: string }) {
  const site = useSiteConfig();
  const dropdown = (label: string, links: NavLink[], externalTool?: string) => {
    const active = links.some((link) => isActivePath(pathname, link.to));
    return (
      <NavigationMenu.Item className="nav-item">
        <NavigationMenu.Trigger className={active ? 'nav-link nav-trigger is-active' : 'nav-link nav-trigger'}>
          {label} <ChevronDownIcon className="nav-chevron" width={16} height={16} />
        </NavigationMenu.Trigger>
        <NavigationMenu.Content className="nav-dropdown">
          <MenuLinkList links={links} pathname={pathname} externalTool={externalTool} />
        </NavigationMenu.Content>
      </NavigationMenu.Item>
    );
  };
  return (
    <NavigationMenu.Root className="desktop-nav" aria-label="Main" delayDuration={MENU_DELAY_MS} skipDelayDuration={MENU_SKIP_DELAY_MS}>
      <NavigationMenu.List className="nav-list">
        {primaryLinks.map((link) => (
          <NavigationMenu.Item key={link.to} className="nav-item">
            <NavigationMenu.Link asChild active={isActivePath(pathname, link.to)}>
              <Link to={link.to} className={isActivePath(pathname, link.to) ? 'nav-link is-active' : 'nav-link'}>
                {link.label}
              </Link>
            </NavigationMenu.Link>
          </NavigationMenu.Item>
        ))}
        {dropdown('Resources', resourceLinks)}
        {dropdown('Tools', toolLinks, site.external.queryClusteringTool)}
      </NavigationMenu.List>
    </NavigationMenu.Root>
  );
}

/** On small screens: toggled by the menu button, closed by any choice, Escape or navigation. */
function MobileNav({ pathname, open, onClose }: { pathname: string; open: boolean; onClose: () => void }) {
  const site = useSiteConfig();
  const item = (link: NavLink) => (
    <li key={link.to}>
      <Link
        to={link.to}
        className={isActivePath(pathname, link.to) ? 'mobile-nav-link is-active' : 'mobile-nav-link'}
        onClick={onClose}
      >
        {link.label}
      </Link>
    </li>
  );
  return (
    // Rendered while closed too (hidden), so every header link is in the server's HTML.
    <nav id="mobile-nav" className="mobile-nav" aria-label="Mobile" hidden={!open}>
      <ul className="mobile-nav-list">{primaryLinks.map(item)}</ul>
      <p className="mobile-nav-heading">Resources</p>
      <ul className="mobile-nav-list">{resourceLinks.map(item)}</ul>
      <p className="mobile-nav-heading">Tools</p>
      <ul className="mobile-nav-list">
        {toolLinks.map(item)}
        <li>
          <a className="mobile-nav-link" href={site.external.queryClusteringTool} target="_blank" rel="noopener noreferrer" onClick={onClose}>
            {QUERY_CLUSTERING_LABEL} <ExternalIcon width={14} height={14} />
            <span className="visually-hidden"> (opens in a new tab)</span>
          </a>
        </li>
      </ul>
      <Link to="/contact" className="btn btn-primary btn-block" onClick={onClose}>
        Get Started
      </Link>
    </nav>
  );
}

export function SiteHeader() {
  const site = useSiteConfig();
  const pathname = usePathname();
  const [menuOpen, setMenuOpen] = useState(false);

  useEffect(() => setMenuOpen(false), [pathname]);
  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setMenuOpen(false);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [menuOpen]);

  return (
    <header className="site-header">
      <div className="container header-bar">
        <Link to="/" className="brand" aria-label={`${site.brandName} home`}>
          <BrandMark />
          <span className="brand-name">{site.brandName}</span>
        </Link>
        <DesktopNav pathname={pathname} />
        <div className="header-actions">
          <Link to="/contact" className="btn btn-primary btn-small header-cta">
            Get Started
          </Link>
          <button
            type="button"
            className="menu-toggle"
            aria-expanded={menuOpen}
            aria-controls="mobile-nav"
            onClick={() => setMenuOpen((open) => !open)}
          >
            {menuOpen ? <CloseIcon /> : <MenuIcon />}
            <span className="visually-hidden">{menuOpen ? 'Close menu' : 'Open menu'}</span>
          </button>
        </div>
      </div>
      <MobileNav pathname={pathname} open={menuOpen} onClose={() => setMenuOpen(false)} />
    </header>
  );
}
