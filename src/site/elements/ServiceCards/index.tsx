import { ArrowRight } from 'lucide-react';
import type { ElementProps } from '../../render/types';
import { InlineText } from '../../render/InlineText';
import { SiteImage } from '../../ui/SiteImage';
import { SiteLink } from '../../ui/SiteLink';
import { CSS_ICON } from '../../ui/iconAttributes';

/** Cards in a grid (1, 2 or 3 per row); each card fills its row's height and keeps its link at the bottom. */
export default function ServiceCards({ cards }: ElementProps<'special.serviceCards'>) {
  return (
    <ul className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3 lg:gap-8">
      {cards.map((card, index) => (
        <li key={index} className="group site-card">
          {card.image?.file ? (
            <SiteImage
              image={card.image}
              preset="presentationItem"
              sizes="(min-width: 1024px) 360px, (min-width: 640px) 50vw, 100vw"
              className="aspect-[4/3] h-auto w-full object-cover"
            />
          ) : null}
          <div className="flex flex-1 flex-col gap-3 p-6">
            {card.title ? <h3 className="site-card-title">{card.title}</h3> : null}
            {card.text ? (
              <div className="flex flex-col gap-3 text-base leading-relaxed text-ink">
                <InlineText text={card.text} />
              </div>
            ) : null}
            {card.link?.label ? (
              <SiteLink link={card.link} className="site-card-link">
                {card.link.label}
                <span className="sr-only">{`: ${card.title}`}</span>
                <ArrowRight
                  {...CSS_ICON}
                  aria-hidden
                  className="size-4 transition-transform group-hover:translate-x-0.5"
                />
              </SiteLink>
            ) : null}
          </div>
        </li>
      ))}
    </ul>
  );
}
