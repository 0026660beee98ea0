import type { ReactNode } from 'react';
import type { MenuBasicProps, MenuCategoryValue } from '../../../shared/generated/types';
import { formatMoney } from '../../../shared/format/money';
import { SiteImage } from '../../ui/SiteImage';

type Item = NonNullable<MenuCategoryValue['items']>[number];

interface Props extends Omit<Required<Pick<MenuBasicProps, 'title' | 'color' | 'background' | 'categories'>>, never> {
  logo?: MenuBasicProps['logo'];
  /** Extra content after an item's text, e.g. the 3D button of menu.3d. */
  itemAction?: (item: Item) => ReactNode;
}

/** A menu card in its own colours: logo, title, categories with items, sizes and CHF prices. */
export function MenuCard({ title, color, background, logo, categories, itemAction }: Props): ReactNode {
  return (
    <div
      className="mx-auto w-full max-w-3xl rounded-3xl px-6 py-10 shadow-sm md:px-12 md:py-14"
      style={{ color, background }}
    >
      <header className="flex flex-col items-center gap-5 text-center">
        {logo?.file ? (
          <SiteImage image={logo} preset="menuImage" sizes="160px" className="h-auto w-40 rounded-xl object-cover" />
        ) : null}
        {title ? <h2 className="font-serif text-3xl font-semibold tracking-tight md:text-4xl">{title}</h2> : null}
      </header>
      <div className="mt-10 flex flex-col gap-10">
        {categories.map((category, index) => (
          <section key={index} className="flex flex-col gap-5">
            {category.title ? (
              <h3 className="border-b border-current/20 pb-2 text-sm font-semibold tracking-[0.2em] uppercase opacity-80">
                {category.title}
              </h3>
            ) : null}
            <ul className="flex flex-col gap-5">
              {(category.items ?? []).map((item, itemIndex) => (
                <li key={itemIndex} className="flex flex-col gap-1">
                  {/* On a phone the badge, size and price wrap below a long name instead of breaking its words. */}
                  <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
                    <span className="min-w-0 text-lg font-semibold break-words">{item.name}</span>
                    {item.style ? (
                      <span className="rounded-full border border-current/30 px-2 py-0.5 text-xs opacity-75">
                        {item.style}
                      </span>
                    ) : null}
                    <span aria-hidden className="min-w-4 flex-1 border-b border-dotted border-current/30" />
                    {item.size || typeof item.price === 'number' ? (
                      // Size and price stay together at the right end, also when they wrap.
                      <span className="ml-auto flex items-baseline gap-3 whitespace-nowrap">
                        {item.size ? <span className="text-sm opacity-70">{item.size}</span> : null}
                        {typeof item.price === 'number' ? (
                          <span className="font-semibold tabular-nums">{formatMoney(item.price, 'CHF')}</span>
                        ) : null}
                      </span>
                    ) : null}
                  </div>
                  {item.description ? <p className="text-base opacity-85">{item.description}</p> : null}
                  {item.extra ? <p className="text-sm italic opacity-65">{item.extra}</p> : null}
                  {itemAction?.(item)}
                </li>
              ))}
            </ul>
          </section>
        ))}
      </div>
    </div>
  );
}
