import type { CSSProperties } from 'react';
import type { ElementProps } from '../../render/types';
import { composePageTitle } from '../../../shared/rules/pageTitle';
import { useSite } from '../../context';
import { siteIcon } from '../../ui/icons';
import { externalAttributes } from '../../ui/links';
import { safeHref } from '../../render/inlineMarkup';
import { SiteLink } from '../../ui/SiteLink';
import { CSS_ICON } from '../../ui/iconAttributes';

/** Columns of links and icon links side by side (stacked on mobile) on a dark band. */
export default function Footer({ columns }: ElementProps<'footer'>) {
  const { config } = useSite();
  // The site title may be a template with the page title marker; alone it is the site's name.
  const siteName = composePageTitle('', config.title);
  return (
    <footer className="on-dark bg-[color-mix(in_oklab,hsl(var(--color-text))_45%,black)] text-ink">
      <div
        className="mx-auto grid w-full max-w-6xl grid-cols-1 gap-10 px-5 py-14 sm:grid-cols-2 md:px-8 md:py-20 lg:grid-cols-(--bk-footer-cols)"
        style={{ '--bk-footer-cols': `repeat(${Math.max(1, columns.length)}, minmax(0, 1fr))` } as CSSProperties}
      >
        {columns.map((column, index) => (
          <div key={index} className="flex flex-col gap-4">
            {column.title ? <h2 className="text-base font-semibold text-heading">{column.title}</h2> : null}
            {column.links?.length ? (
              <ul className="flex flex-col">
                {column.links.map((link, linkIndex) => (
                  <li key={linkIndex}>
                    <SiteLink link={link} className="site-footer-link" />
                  </li>
                ))}
              </ul>
            ) : null}
            {column.icons?.length ? (
              <ul className="flex flex-wrap gap-2">
                {column.icons.map((item, iconIndex) => {
                  const Glyph = siteIcon(item.icon);
                  const href = item.href ? (safeHref(item.href) ?? undefined) : undefined;
                  return (
                    <li key={iconIndex}>
                      <a
                        href={href}
                        aria-label={item.label || item.icon}
                        title={item.label}
                        className="site-icon-link"
                        {...externalAttributes(href)}
                      >
                        <Glyph {...CSS_ICON} aria-hidden className="size-5" />
                      </a>
                    </li>
                  );
                })}
              </ul>
            ) : null}
          </div>
        ))}
      </div>
      <div className="border-t border-white/10">
        <p className="mx-auto w-full max-w-6xl px-5 py-6 text-sm opacity-80 md:px-8">{`© ${siteName}`}</p>
      </div>
    </footer>
  );
}
