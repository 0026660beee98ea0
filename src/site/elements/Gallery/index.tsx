import { ChevronLeft, ChevronRight } from 'lucide-react';
import type { ElementProps } from '../../render/types';
import { SiteImage } from '../../ui/SiteImage';
import { useRotation } from './useRotation';
import { CSS_ICON } from '../../ui/iconAttributes';

const ARROW = 'site-gallery-arrow';

/** A slideshow with thumbnails; all slides stay in the markup (only the current one is visible). */
export default function Gallery({ images }: ElementProps<'gallery'>) {
  const { index, show, next, previous } = useRotation(images.length);
  if (!images.length) return null;
  return (
    <div className="flex flex-col gap-4" role="region" aria-roledescription="Bildergalerie" aria-label="Bildergalerie">
      <div className="relative aspect-[3/2] overflow-hidden rounded-2xl bg-ink/5">
        {images.map((image, slide) => (
          <div
            key={slide}
            aria-hidden={slide !== index}
            className={`site-gallery-slide ${slide === index ? 'opacity-100' : 'pointer-events-none opacity-0'}`}
          >
            <SiteImage
              image={image}
              preset="gallery"
              sizes="(min-width: 1152px) 1152px, 100vw"
              priority={slide === 0 ? undefined : false}
              className="size-full object-cover"
            />
          </div>
        ))}
        {images.length > 1 ? (
          <>
            <button type="button" className={`${ARROW} left-3`} aria-label="Vorheriges Bild" onClick={previous}>
              <ChevronLeft {...CSS_ICON} aria-hidden className="size-6" />
            </button>
            <button type="button" className={`${ARROW} right-3`} aria-label="Nächstes Bild" onClick={next}>
              <ChevronRight {...CSS_ICON} aria-hidden className="size-6" />
            </button>
          </>
        ) : null}
        <p className="sr-only" aria-live="polite">
          {`Bild ${index + 1} von ${images.length}${images[index]?.alt ? `: ${images[index].alt}` : ''}`}
        </p>
      </div>
      {images.length > 1 ? (
        <div className="-m-1 flex gap-3 overflow-x-auto p-1">
          {images.map((image, slide) => (
            <button
              key={slide}
              type="button"
              aria-label={`Bild ${slide + 1} zeigen`}
              aria-current={slide === index || undefined}
              onClick={() => show(slide)}
              className={`site-gallery-thumb ${slide === index ? 'ring-brand' : 'opacity-70 ring-transparent hover:opacity-100'}`}
            >
              <SiteImage
                image={{ ...image, alt: '' }}
                preset="galleryThumbnail"
                sizes="128px"
                priority={false}
                className="aspect-[3/2] size-full object-cover"
              />
            </button>
          ))}
        </div>
      ) : null}
    </div>
  );
}
