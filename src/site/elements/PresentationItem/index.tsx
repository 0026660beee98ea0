import { ArrowRight } from 'lucide-react';
import type { ElementProps } from '../../render/types';
import { TEXT_LINK } from '../../ui/button';
import { SiteImage } from '../../ui/SiteImage';
import { SiteLink } from '../../ui/SiteLink';
import { CSS_ICON } from '../../ui/iconAttributes';

/** Image beside the content on the chosen side from 768 px; above the content on phones. */
export default function PresentationItem({ side, image, link, children }: ElementProps<'presentationItem'>) {
  const hasLink = Boolean(link.label && (link.href || link.page));
  return (
    <article className="grid items-center gap-8 md:grid-cols-2 md:gap-16">
      <div className={side === 'right' ? 'md:order-2' : undefined}>
        <SiteImage
          image={image}
          preset="presentationItem"
          sizes="(min-width: 1152px) 560px, (min-width: 768px) 50vw, 100vw"
          className="aspect-[4/3] h-auto w-full rounded-2xl object-cover shadow-lg"
        />
      </div>
      <div className="flex flex-col items-start gap-4">
        {children}
        {hasLink ? (
          <SiteLink link={link} className={`${TEXT_LINK} group`}>
            {link.label}
            <ArrowRight {...CSS_ICON} aria-hidden className="size-4 transition-transform group-hover:translate-x-0.5" />
          </SiteLink>
        ) : null}
      </div>
    </article>
  );
}
