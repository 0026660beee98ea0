import { useEffect, useRef, useState } from 'react';
import { Menu, X } from 'lucide-react';
import type { ElementProps } from '../../render/types';
import { composePageTitle } from '../../../shared/rules/pageTitle';
import { useSite } from '../../context';
import { BUTTON_PRIMARY } from '../../ui/button';
import { SiteImage } from '../../ui/SiteImage';
import { SiteLink } from '../../ui/SiteLink';
import { CSS_ICON } from '../../ui/iconAttributes';

/** The links of the bar and of the folded menu: component classes of ../../styles/site.css. */
const LINK = 'site-nav-link';
const MENU_LINK = 'site-nav-link site-menu-link';

/** The sticky top bar: logo to '/', links and the call to action; below 768 px the links fold into a menu. */
export default function Navigation({ logo, links, cta }: ElementProps<'navigation'>) {
  const { config } = useSite();
  // The site title may be a template with the page title marker; alone it is the site's name.
  const siteName = composePageTitle('', config.title);
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);
  const button = useRef<HTMLButtonElement>(null);
  // Escape closes the open menu (look.md) and gives the focus back to its button.
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      button.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);
  return (
    <header
      className="sticky top-0 z-40 border-b border-ink/10 bg-page/90 backdrop-blur-md"
      // Tab past the open menu closes it: open, the sticky menu covered what the keyboard went on to.
      onBlur={(event) => {
        const next = event.relatedTarget;
        if (open && next instanceof Node && !event.currentTarget.contains(next)) setOpen(false);
      }}
    >
      <nav
        aria-label="Hauptnavigation"
        className="mx-auto flex h-18 w-full max-w-6xl items-center justify-between gap-6 px-5 md:px-8"
      >
        <a
          href="/"
          className="flex min-h-11 min-w-0 items-center"
          aria-label={logo?.file ? `${siteName} – Startseite` : undefined}
        >
          {logo?.file ? (
            <SiteImage
              image={{ ...logo, alt: logo.alt || siteName }}
              preset="gallery"
              sizes="240px"
              className="h-10 w-auto max-w-48 object-contain"
            />
          ) : (
            <span className="truncate text-lg font-bold tracking-tight text-heading">{siteName}</span>
          )}
        </a>
        <ul className="hidden items-center gap-1 md:flex">
          {links.map((link, index) => (
            <li key={index}>
              <SiteLink link={link} className={LINK} />
            </li>
          ))}
        </ul>
        <div className="flex items-center gap-2">
          {cta?.label ? (
            <span className="hidden sm:contents">
              <SiteLink link={cta} className={`${BUTTON_PRIMARY} px-5! py-2! text-[0.95rem]! whitespace-nowrap`} />
            </span>
          ) : null}
          <button
            ref={button}
            type="button"
            className="inline-flex size-11 items-center justify-center rounded-lg text-heading hover:bg-ink/5 md:hidden"
            aria-expanded={open}
            aria-controls="site-mobile-menu"
            aria-label={open ? 'Menü schliessen' : 'Menü öffnen'}
            onClick={() => setOpen((value) => !value)}
          >
            {open ? (
              <X {...CSS_ICON} aria-hidden className="size-6" />
            ) : (
              <Menu {...CSS_ICON} aria-hidden className="size-6" />
            )}
          </button>
        </div>
      </nav>
      {/* The folded menu's links only while it is open (the closed menu, as the server renders it, costs no markup). */}
      <div id="site-mobile-menu" hidden={!open} className="border-t border-ink/10 bg-page md:hidden">
        {open ? (
          <ul className="mx-auto flex max-w-6xl flex-col px-5 py-3">
            {links.map((link, index) => (
              <li key={index} className="border-b border-ink/5 last:border-0">
                <SiteLink link={link} className={MENU_LINK} onClick={close} />
              </li>
            ))}
            {cta?.label ? (
              <li className="pt-4 pb-2">
                <SiteLink link={cta} className={`${BUTTON_PRIMARY} w-full`} onClick={close} />
              </li>
            ) : null}
          </ul>
        ) : null}
      </div>
    </header>
  );
}
