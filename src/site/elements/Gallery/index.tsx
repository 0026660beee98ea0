import { useEffect, useState } from 'react';
import { ChevronLeft, ChevronRight, Pause, Play } from 'lucide-react';
import type { ElementProps } from '../../render/types';
import { SiteImage } from '../../ui/SiteImage';
import { useRotation } from './useRotation';
import { CSS_ICON } from '../../ui/iconAttributes';

const ARROW = 'site-gallery-arrow';

/**
 * A slideshow with thumbnails; all slides stay in the markup (only the current one is visible). It
 * turns on its own until the visitor stops it with its button (it starts stopped for one who prefers
 * reduced motion), and holds still while the pointer is
 * over it or the keyboard is in it (WCAG 2.2.2); a screen reader hears of the slide the visitor
 * chose, not of each turn on its own.
 */
export default function Gallery({ images }: ElementProps<'gallery'>) {
  const [stopped, setStopped] = useState(false);
  // A visitor who asked their system for less motion gets a still gallery; its button starts it.
  useEffect(() => setStopped(window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false), []);
  const [pointed, setPointed] = useState(false);
  const [inside, setInside] = useState(false);
  const { index, started, rotating, show, next, previous } = useRotation(images.length, stopped || pointed || inside);
  if (!images.length) return null;
  return (
    <div
      className="flex flex-col gap-4"
      role="region"
      aria-roledescription="Bildergalerie"
      aria-label="Bildergalerie"
      onPointerEnter={(event) => setPointed(event.pointerType === 'mouse')}
      onPointerLeave={() => setPointed(false)}
      onFocus={() => setInside(true)}
      onBlur={(event) => {
        if (!(event.relatedTarget instanceof Node && event.currentTarget.contains(event.relatedTarget)))
          setInside(false);
      }}
    >
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
            {/* Not in the page as sent (it stands still until the site's code runs): no bytes for a button without use. */}
            {started ? (
              <button
                type="button"
                className="site-gallery-stop"
                aria-label={stopped ? 'Diashow fortsetzen' : 'Diashow anhalten'}
                onClick={() => setStopped((value) => !value)}
              >
                {stopped ? (
                  <Play {...CSS_ICON} aria-hidden className="size-5" />
                ) : (
                  <Pause {...CSS_ICON} aria-hidden className="size-5" />
                )}
              </button>
            ) : null}
          </>
        ) : null}
        <p className="sr-only" aria-live={rotating ? 'off' : 'polite'}>
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
