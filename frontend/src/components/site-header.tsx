import { Link, useNavigate, useRouterState } from '@tanstack/react-router';
import { useEffect, useId, useRef, useState } from 'react';
import { useSiteConfig } from '../config/use-site-config';
import { BrandMark, ChevronDownIcon, CloseIcon, ExternalIcon, MenuIcon, SearchIcon } from './icons';
import { isActivePath, primaryLinks, QUERY_CLUSTERING_LABEL, resourceLinks, toolLinks, type NavLink } from './navigation-links';

const MENUS = [
  { label: 'Resources', links: resourceLinks },
  { label: 'Tools', links: toolLinks },
];

/** Where the desktop menu shows (the CSS breakpoint of .desktop-nav). */
const DESKTOP_NAV_QUERY = '(min-width: 960px)';

const loadDesktopNavMenu = () => import('./desktop-nav-menu');
type DesktopNavMenuComponent = Awaited<ReturnType<typeof loadDesktopNavMenu>>['default'];

function usePathname(): string {
  return useRouterState({ select: (state) => state.location.pathname });
}

/**
 * The desktop header menus. The page arrives with this plain version (same markup, links work);
 * the Radix menu behaviour, about 12 KB of script, loads once the page is idle on wide screens, or
 * sooner when a visitor reaches for the menu (hover, focus or click), and takes over, opening the
 * menu they were reaching for. Phones, which show the mobile menu instead, never load it.
 */
function DesktopNav({ pathname }: { pathname: string }) {
  const site = useSiteConfig();
  // Held in state rather than React.lazy: a lazy component would suspend once more and remount
  // the plain menu, losing keyboard focus.
  const [enhanced, setEnhanced] = useState<{ Menu: DesktopNavMenuComponent; initialOpen?: string; focusKey?: string } | null>(null);
  const pending = useRef<{ initialOpen?: string; focusKey?: string }>({});

  const enhance = () => {
    void loadDesktopNavMenu().then(({ default: Menu }) => setEnhanced((current) => current ?? { Menu, ...pending.current }));
  };
  // Wide screens show this menu, so fetch its behaviour once the page is idle; phones never need it.
  useEffect(() => {
    if (!window.matchMedia(DESKTOP_NAV_QUERY).matches) return;
    if ('requestIdleCallback' in window) {
      const id = window.requestIdleCallback(enhance, { timeout: 3000 });
      return () => window.cancelIdleCallback(id);
    }
    const id = setTimeout(enhance, 1000);
    return () => clearTimeout(id);
  }, []);

  const intend = (change: { initialOpen?: string; focusKey?: string }) => {
    pending.current = { ...pending.current, ...change };
    enhance();
  };

  const plain = (
    <nav className="desktop-nav" aria-label="Main" onPointerEnter={enhance} onFocus={enhance}>
      <div className="nav-list-wrap">
        <ul className="nav-list">
          {primaryLinks.map((link) => (
            <li key={link.to} className="nav-item">
              <Link
                to={link.to}
                className={isActivePath(pathname, link.to) ? 'nav-link is-active' : 'nav-link'}
                onFocus={() => intend({ focusKey: link.to })}
              >
                {link.label}
              </Link>
            </li>
          ))}
          {MENUS.map(({ label, links }) => (
            <li key={label} className="nav-item">
              <button
                type="button"
                className={links.some((link) => isActivePath(pathname, link.to)) ? 'nav-link nav-trigger is-active' : 'nav-link nav-trigger'}
                aria-expanded="false"
                onPointerEnter={() => intend({ initialOpen: label })}
                onPointerLeave={() => (pending.current.initialOpen = undefined)}
                onFocus={() => intend({ focusKey: label })}
                onClick={() => intend({ initialOpen: label, focusKey: label })}
              >
                {label} <ChevronDownIcon className="nav-chevron" width={16} height={16} />
              </button>
            </li>
          ))}
        </ul>
      </div>
    </nav>
  );

  if (!enhanced) return plain;
  const { Menu, initialOpen, focusKey } = enhanced;
  return <Menu pathname={pathname} queryClusteringUrl={site.external.queryClusteringTool} initialOpen={initialOpen} focusKey={focusKey} />;
}

/**
 * The header's search field: a plain GET form to /search, so it works before the page's script
 * runs; with script the router navigates. An empty search opens the search page itself.
 */
function HeaderSearch({ className, onDone }: { className: string; onDone?: () => void }) {
  const navigate = useNavigate();
  const id = useId();
  return (
    <form
      className={className}
      role="search"
      aria-label="Site search"
      action="/search"
      method="get"
      onSubmit={(event) => {
        event.preventDefault();
        const q = new FormData(event.currentTarget).get('q');
        const query = typeof q === 'string' ? q.trim() : '';
        void navigate({ to: '/search', search: query ? { q: query } : {} });
        event.currentTarget.reset();
        onDone?.();
      }}
    >
      <label htmlFor={id} className="visually-hidden">
        Search the site
      </label>
      <SearchIcon width={16} height={16} />
      <input id={id} className="input" type="search" name="q" placeholder="Search" autoComplete="off" enterKeyHint="search" />
    </form>
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
      <HeaderSearch className="mobile-search header-search-mobile" onDone={onClose} />
      <ul className="mobile-nav-list">{primaryLinks.map(item)}</ul>
      <p className="mobile-nav-heading">Resources</p>
      <ul className="mobile-nav-list">{resourceLinks.map(item)}</ul>
      <p className="mobile-nav-heading">Tools</p>
      <ul className="mobile-nav-list">
        {toolLinks.map(item)}
        {site.external.queryClusteringTool ? (
          <li>
            <a className="mobile-nav-link" href={site.external.queryClusteringTool} target="_blank" rel="noopener noreferrer" onClick={onClose}>
              {QUERY_CLUSTERING_LABEL} <ExternalIcon width={14} height={14} />
              <span className="visually-hidden"> (opens in a new tab)</span>
            </a>
          </li>
        ) : null}
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
          <HeaderSearch className="header-search" />
          <Link to="/search" className="header-search-link" aria-label="Search the site">
            <SearchIcon />
          </Link>
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
