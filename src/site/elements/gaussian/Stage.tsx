import { Box } from 'lucide-react';
import type { ReactNode, RefObject } from 'react';
import { GAUSSIAN_CSS } from './styles';
import type { SceneStatus } from './useGaussianScene';

const STATUS_TEXT: Record<SceneStatus, string> = {
  idle: '3D-Ansicht wird geladen …',
  loading: '3D-Ansicht wird geladen …',
  ready: '',
  error: 'Die 3D-Ansicht konnte nicht geladen werden. Bitte laden Sie die Seite später erneut.',
  unsupported: 'Ihr Browser kann diese 3D-Ansicht nicht darstellen (WebGL 2 ist nicht verfügbar).',
  empty: 'Für diese 3D-Ansicht ist noch keine Datei ausgewählt.',
};

export interface StageProps {
  /** Shown on the placeholder before the scene is drawn, and as the figure's accessible name. */
  title: string;
  status: SceneStatus;
  interacted: boolean;
  hostRef: RefObject<HTMLDivElement | null>;
  /** Markers, caption and panels drawn over the scene. */
  children?: ReactNode;
  /** A bar of buttons along the bottom edge (hotspots, spots). */
  bar?: ReactNode;
  figureRef?: RefObject<HTMLElement | null>;
  /** A hotspot or spot is selected: the controls hint gives way to its caption or panel. */
  active?: boolean;
}

/**
 * The frame every 3D element shares: a sized box (no layout shift) with a poster gradient and title,
 * the host the canvas goes into, overlays, the controls hint and status messages. Renders the same
 * on the server and on the client; the canvas is added to the host by the scene.
 */
export function Stage({ title, status, interacted, hostRef, children, bar, figureRef, active = false }: StageProps) {
  const message = STATUS_TEXT[status];
  return (
    <figure
      ref={figureRef}
      className={bar ? 'bk-gs bk-gs-has-bar' : 'bk-gs'}
      data-state={status}
      data-interacted={interacted}
      data-active={active}
      aria-label={title}
    >
      <style>{GAUSSIAN_CSS}</style>
      <div className="bk-gs-stage">
        <div className="bk-gs-canvas" ref={hostRef} />
        <div className="bk-gs-poster" aria-hidden={status === 'ready'}>
          <Box className="bk-gs-icon" strokeWidth={1.5} aria-hidden="true" />
          <p className="bk-gs-poster-title">{title}</p>
          {message && (
            <p
              className="bk-gs-poster-status"
              role={status === 'error' || status === 'unsupported' ? 'alert' : 'status'}
            >
              {message}
            </p>
          )}
        </div>
        {children}
        {bar && <div className="bk-gs-bar">{bar}</div>}
        <div className="bk-gs-hint" aria-hidden="true">
          <span className="bk-gs-hint-mouse">Ziehen zum Drehen · Strg + Mausrad zum Zoomen</span>
          <span className="bk-gs-hint-touch">Ziehen zum Drehen · zwei Finger zum Zoomen</span>
        </div>
      </div>
    </figure>
  );
}
