import type { ElementProps } from '../../render/types';

/** A file-store video at content width; autoplay plays it muted and looped. The 16:9 box avoids layout shift. */
export default function Video({ file, controls, autoplay }: ElementProps<'video'>) {
  if (!file) return null;
  const src = `/api/files/download?${new URLSearchParams({ id: file }).toString()}`;
  return (
    <div className="overflow-hidden rounded-2xl bg-black">
      <video
        className="aspect-video w-full"
        src={src}
        controls={controls}
        preload="metadata"
        playsInline
        {...(autoplay ? { autoPlay: true, muted: true, loop: true } : {})}
      />
    </div>
  );
}
