import { useEffect, useState } from 'react';

export interface PositionState {
  /** `longitude`, `latitude`, `altitude`, `speed` (km/h), `heading` as the logging frame carries them. */
  data: Record<string, number>;
  status: 'off' | 'waiting' | 'on' | 'denied' | 'unavailable';
}

/** The phone's position while logging (Geolocation API), when the user allows it. */
export function usePosition(active: boolean): PositionState {
  const [state, setState] = useState<PositionState>({ data: {}, status: 'off' });
  useEffect(() => {
    if (!active) return setState({ data: {}, status: 'off' });
    const geolocation = globalThis.navigator?.geolocation;
    if (!geolocation) return setState({ data: {}, status: 'unavailable' });
    setState((current) => ({ ...current, status: 'waiting' }));
    const id = geolocation.watchPosition(
      ({ coords }) => {
        const data: Record<string, number> = { longitude: coords.longitude, latitude: coords.latitude };
        if (coords.altitude !== null) data.altitude = coords.altitude;
        if (coords.speed !== null && Number.isFinite(coords.speed)) data.speed = coords.speed * 3.6;
        if (coords.heading !== null && Number.isFinite(coords.heading)) data.heading = coords.heading;
        setState({ data, status: 'on' });
      },
      (failure) =>
        setState({ data: {}, status: failure.code === failure.PERMISSION_DENIED ? 'denied' : 'unavailable' }),
      { enableHighAccuracy: true, maximumAge: 1000 },
    );
    return () => geolocation.clearWatch(id);
  }, [active]);
  return state;
}
