import type { ProjectedTrack } from './track';

/**
 * The GPS track of a session as SVG lines (no map tiles), a green ring at the start and a red dot at
 * the end. Where no frames were logged the line breaks (as the chart's do), and a note says why.
 */
export function GpsTrack({ track, width, height }: { track: ProjectedTrack; width: number; height: number }) {
  const broken = track.segments > 1;
  return (
    <figure>
      <svg
        viewBox={`0 0 ${width} ${height}`}
        className="h-64 w-full rounded-md bg-zinc-50 sm:h-80"
        role="img"
        aria-label={`GPS track of ${track.positions} positions${broken ? ` in ${track.segments} parts` : ''}`}
        data-testid="gps-track"
      >
        <path
          d={track.path}
          fill="none"
          stroke="#2563eb"
          strokeWidth={2}
          strokeLinejoin="round"
          strokeLinecap="round"
          vectorEffect="non-scaling-stroke"
          data-testid="gps-line"
          data-segments={track.segments}
        />
        <circle cx={track.end[0]} cy={track.end[1]} r={6} fill="#e11d48" stroke="white" strokeWidth={2}>
          <title>End</title>
        </circle>
        {/* The start above the end as a ring, so a round trip still shows both. */}
        <circle cx={track.start[0]} cy={track.start[1]} r={8} fill="none" stroke="#059669" strokeWidth={3}>
          <title>Start</title>
        </circle>
      </svg>
      {broken && (
        <figcaption className="mt-2 text-xs text-zinc-500" data-testid="gps-gaps">
          The track breaks where no frames were logged ({track.segments - 1} {track.segments === 2 ? 'gap' : 'gaps'}).
        </figcaption>
      )}
    </figure>
  );
}
