import { ImageOff } from 'lucide-react';
import { useEffect } from 'react';
import type { ImagePreset, ImagePresetName } from '../../shared/media/presets';
import { documentTitle } from '../../shared/admin/titles';
import { useFileUrlQuery } from '../core/data/filesApi';
import { PageHeader } from '../ui/PageHeader';
import { Spinner } from '../ui/Spinner';
import { usePresetsController, type PresetsController } from './usePresetsController';

const sizeOf = (preset: ImagePreset) => (preset.height ? `${preset.width} × ${preset.height}` : `${preset.width} wide`);

/** The sample as the server renders it in one preset, at its real size (scaled down only to fit the card). */
function Sample({ fileId, name, preset }: { fileId?: string; name: ImagePresetName; preset: ImagePreset }) {
  const url = useFileUrlQuery({ id: fileId ?? '', kind: `preset:${name}` }, { skip: !fileId });
  return (
    <div className="flex h-40 items-center justify-center overflow-hidden rounded-md bg-[repeating-conic-gradient(#f4f4f5_0_25%,#fff_0_50%)] bg-[length:16px_16px] p-2">
      {!fileId ? (
        <span
          aria-hidden
          className="max-h-full max-w-full rounded border border-dashed border-zinc-300 bg-white/60"
          style={{ aspectRatio: preset.height ? `${preset.width} / ${preset.height}` : '3 / 2', height: '100%' }}
        />
      ) : url.data ? (
        <img
          src={url.data}
          alt={`${name} sample`}
          className="max-h-full max-w-full rounded-sm object-contain shadow-xs"
        />
      ) : url.error ? (
        <ImageOff aria-label="Not rendered" className="size-6 text-zinc-300" />
      ) : (
        <Spinner />
      )}
    </div>
  );
}

/** The presets module page: every preset with its size, fit, format, srcSet widths and a rendered sample. */
export function ImagePresetsView({ presets }: { presets: PresetsController }) {
  useEffect(() => {
    document.title = documentTitle('Image Presets');
  }, []);
  return (
    <>
      <PageHeader
        title="Image Presets"
        subtitle={`${presets.presets.length} presets, rendered by the server when an image is uploaded`}
        actions={
          <label className="flex items-center gap-2">
            <span className="text-[13px] text-zinc-500">Sample</span>
            <select
              aria-label="Sample image"
              value={presets.sample?._id ?? ''}
              disabled={presets.images.length === 0}
              onChange={(event) => presets.chooseSample(event.target.value)}
              className="h-8 max-w-56 rounded-md border border-zinc-300 bg-white pr-7 pl-2.5 text-[13px] text-zinc-800 shadow-xs focus:border-accent-600 focus:outline-none disabled:text-zinc-400"
            >
              {presets.images.length === 0 && (
                <option value="">{presets.loadingImages ? 'Loading…' : 'No image uploaded yet'}</option>
              )}
              {presets.images.map((image) => (
                <option key={image._id} value={image._id}>
                  {image.name}
                </option>
              ))}
            </select>
          </label>
        }
      />
      <ul className="grid grid-cols-[repeat(auto-fill,minmax(15rem,1fr))] gap-4 p-4 md:px-6" aria-label="Presets">
        {presets.presets.map(({ name, preset }) => (
          <li
            key={name}
            data-preset={name}
            className="flex flex-col gap-3 rounded-lg border border-zinc-200 bg-white p-3 shadow-xs"
          >
            <Sample fileId={presets.sample?._id} name={name} preset={preset} />
            <div>
              <h2 className="text-[13px] font-semibold text-zinc-900">{name}</h2>
              <dl className="mt-1.5 grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-xs">
                <dt className="text-zinc-500">Size</dt>
                <dd className="text-zinc-800 tabular-nums">{sizeOf(preset)}</dd>
                <dt className="text-zinc-500">Fit</dt>
                <dd className="text-zinc-800">{preset.fit}</dd>
                <dt className="text-zinc-500">Format</dt>
                <dd className="text-zinc-800">{preset.format}</dd>
                <dt className="text-zinc-500">srcSet</dt>
                <dd className="text-zinc-800 tabular-nums">
                  {[...preset.srcSetWidths, preset.width].map((w) => `${w}w`).join(', ')}
                </dd>
              </dl>
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}

/** Route `/_/imagePresets`. */
export default function ImagePresetsPage() {
  return <ImagePresetsView presets={usePresetsController()} />;
}
