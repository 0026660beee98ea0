import { useMemo, useState } from 'react';
import { IMAGE_PRESET_NAMES, IMAGE_PRESETS, type ImagePreset, type ImagePresetName } from '../../shared/media/presets';
import { useFindQuery } from '../core/data/api';
import type { FileItem } from '../core/data/files';

/** Raster images the presets can render (SVG is served as is, never resized). */
const RASTER = /^image\/(png|jpeg|gif|webp|avif|tiff)$/;
const RECENT_FILES = { sort: { _createdAt: -1 as const }, limit: 100 };

export interface PresetRow {
  name: ImagePresetName;
  preset: ImagePreset;
}

/** The image presets page's logic: every preset of the shared list, and a sample image to render in them. */
export function usePresetsController() {
  const files = useFindQuery({ model: 'file', params: RECENT_FILES });
  const images = useMemo(
    () => ((files.data?.results ?? []) as FileItem[]).filter((file) => RASTER.test(file.mimeType ?? '')),
    [files.data],
  );
  const [chosen, setChosen] = useState<string>();
  const sample = images.find((image) => image._id === chosen) ?? images[0];
  return {
    presets: IMAGE_PRESET_NAMES.map((name): PresetRow => ({ name, preset: IMAGE_PRESETS[name] })),
    images,
    sample,
    loadingImages: files.isLoading,
    chooseSample: setChosen,
  };
}

export type PresetsController = ReturnType<typeof usePresetsController>;
