import type { ProjectedTrack } from './track';

/** The GPS track of a session as an SVG polyline (no map tiles), green start and red end marker. */
export function GpsTrack({ track, width, height }: { track: ProjectedTrack; width: number; height: number }) {
  return (
    <svg
      viewBox={`0 0 ${width} ${height}`}
      className="h-auto w-full rounded-md bg-zinc-50"
      role="img"
      aria-label={`GPS track of ${track.positions} positions`}
      data-testid="gps-track"
    >
      <polyline
        points={track.points}
        fill="none"
        stroke="#2563eb"
        strokeWidth={2}
        strokeLinejoin="round"
        strokeLinecap="round"
        vectorEffect="non-scaling-stroke"
        data-testid="gps-line"
      />
      <circle cx={track.start[0]} cy={track.start[1]} r={6} fill="#059669" stroke="white" strokeWidth={2}>
        <title>Start</title>
      </circle>
      <circle cx={track.end[0]} cy={track.end[1]} r={6} fill="#e11d48" stroke="white" strokeWidth={2}>
        <title>End</title>
      </circle>
    </svg>
  );
}
