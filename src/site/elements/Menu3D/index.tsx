import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Box, X } from 'lucide-react';
import type { ElementProps } from '../../render/types';
import { ELEMENT_META } from '../../render/elementMeta';
import { MenuCard } from '../MenuBasic/MenuCard';
import { CSS_ICON } from '../../ui/iconAttributes';

// three.js and the splat renderer load only when a visitor opens a dish in 3D.
const GaussianViewer = lazy(() => import('../GaussianViewer'));

/** menu.basic's card; items with a gaussian splat get a button that opens the dish in an interactive 3D view. */
export default function Menu3D(props: ElementProps<'menu.3d'>) {
  const [open, setOpen] = useState<{ file: string; name: string } | null>(null);
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    if (open && dialog.current && !dialog.current.open) dialog.current.showModal?.();
  }, [open]);
  return (
    <>
      <MenuCard
        {...props}
        itemAction={(item) =>
          item.gaussian ? (
            <button
              type="button"
              onClick={() => setOpen({ file: item.gaussian as string, name: item.name ?? '' })}
              className="mt-1 inline-flex min-h-11 items-center gap-2 self-start rounded-full border border-current/30 px-4 text-sm font-medium transition hover:bg-current/10"
            >
              <Box {...CSS_ICON} aria-hidden className="size-4" />
              In 3D ansehen
            </button>
          ) : null
        }
      />
      {open ? (
        <dialog
          ref={dialog}
          aria-label={`${open.name} in 3D`}
          onClose={() => setOpen(null)}
          className="m-auto h-[min(40rem,90svh)] w-[min(56rem,calc(100vw-2rem))] overflow-hidden rounded-2xl bg-neutral-950 p-0 backdrop:bg-black/60"
        >
          <button
            type="button"
            aria-label="Schliessen"
            onClick={() => dialog.current?.close()}
            className="absolute top-3 right-3 z-10 inline-flex size-11 items-center justify-center rounded-full bg-white/90 text-neutral-900"
          >
            <X {...CSS_ICON} aria-hidden className="size-5" />
          </button>
          <Suspense
            fallback={
              <div className="flex size-full items-center justify-center text-white/70">3D-Ansicht wird geladen …</div>
            }
          >
            <GaussianViewer file={open.file} camera={ELEMENT_META['3d.gaussianViewer'].defaults.camera as never} />
          </Suspense>
        </dialog>
      ) : null}
    </>
  );
}
