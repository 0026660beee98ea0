import { useRef } from 'react';
import { toPose } from '../gaussian/pose';
import { splatUrl } from '../gaussian/splatUrl';
import type { ElementProps } from '../../render/types';
import { Stage } from '../gaussian/Stage';
import { useCameraFlight } from '../gaussian/useCameraFlight';
import { useGaussianScene } from '../gaussian/useGaussianScene';

/**
 * `3d.gaussianViewer`: an orbitable gaussian splat starting from the given camera. Renders a sized
 * placeholder on the server; three.js and Spark load in the browser only, when the element nears the viewport.
 */
export default function GaussianViewer({ file, camera, environment }: ElementProps<'3d.gaussianViewer'>) {
  const hostRef = useRef<HTMLDivElement>(null);
  const figureRef = useRef<HTMLElement>(null);
  const pose = toPose(camera);
  const { status, scene, interacted } = useGaussianScene(hostRef, {
    file: splatUrl(file),
    environment: splatUrl(environment),
    camera: pose,
  });
  useCameraFlight(scene, pose, undefined, figureRef);
  return <Stage title="3D-Ansicht" status={status} interacted={interacted} hostRef={hostRef} figureRef={figureRef} />;
}
