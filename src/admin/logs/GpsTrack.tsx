import type { ProjectedTrack } from './track';

/** The GPS track of a session as an SVG polyline (no map tiles), a green ring at the start and a red dot at the end. */
export function GpsTrack({ track, width, height }: { track: ProjectedTrack; width: number; height: number }) {
  return (
    <svg
      viewBox={`0 0 ${width} ${height}`}
      className="h-64 w-full rounded-md bg-zinc-50 sm:h-80"
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
      <circle cx={track.end[0]} cy={track.end[1]} r={6} fill="#e11d48" stroke="white" strokeWidth={2}>
        <title>End</title>
      </circle>
      {/* The start above the end as a ring, so a round trip still shows both. */}
      <circle cx={track.start[0]} cy={track.start[1]} r={8} fill="none" stroke="#059669" strokeWidth={3}>
        <title>Start</title>
      </circle>
    </svg>
  );
}
