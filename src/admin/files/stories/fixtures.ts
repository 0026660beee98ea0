import type { Doc } from '../../core/data/types';
import type { JobState, QueueJob } from '../../../shared/api/queues';
import type { MemoryFileOptions } from '../../core/data/memoryFiles';
import { storyData } from '../../stories/AdminStory';

const id = (n: number) => `66b2a0c1e4b0a1b2c3d4${n.toString(16).padStart(4, '0')}`;
const at = (days: number) => new Date(Date.UTC(2026, 9, 1 + days, 9, 30)).toISOString();

export const FOLDERS = { website: id(0xf001), bilder: id(0xf002), dokumente: id(0xf003), videos: id(0xf004) };
export const FILES = { team: id(0xe001), pdf: id(0xe002), txt: id(0xe003), video: id(0xe004), zip: id(0xe005) };

function folder(
  _id: string,
  name: string,
  parent: { _id: string; name: string; _tree?: string[]; _pathSegments?: string[] } | null,
): Doc {
  const tree = parent ? [...(parent._tree ?? []), parent._id] : [];
  const segments = parent ? [...(parent._pathSegments ?? []), name] : [name];
  return {
    _id,
    _type: 'folder',
    name,
    _parent: parent?._id ?? null,
    _tree: tree,
    _pathSegments: segments,
    _path: `/${segments.join('/')}`,
    _read: ['guest'],
    _write: ['editor'],
    _createdAt: at(0),
    _updatedAt: at(0),
  };
}

const website = folder(FOLDERS.website, 'website', null);
const bilder = folder(FOLDERS.bilder, 'Bilder', website as never);
const folders = [website, bilder, folder(FOLDERS.dokumente, 'Dokumente', null), folder(FOLDERS.videos, 'Videos', null)];

function file(_id: string, name: string, mimeType: string, size: number, parent: Doc | null, day: number): Doc {
  const segments = [...((parent?._pathSegments as string[]) ?? []), name];
  return {
    _id,
    _type: 'file',
    name,
    mimeType,
    size,
    _parent: parent?._id ?? null,
    _tree: parent ? [...((parent._tree as string[]) ?? []), parent._id] : [],
    _pathSegments: segments,
    _path: `/${segments.join('/')}`,
    _read: ['guest'],
    _write: ['editor'],
    ...(mimeType.startsWith('image/') ? { previews: { thumbnail: `previews/${_id}/thumbnail.webp` } } : {}),
    _createdAt: at(day),
    _updatedAt: at(day),
  };
}

const places = [
  'Muenster',
  'Rheinufer',
  'Spalenberg',
  'Marktplatz',
  'Kleinbasel',
  'Tinguely-Brunnen',
  'Messeturm',
  'Elisabethenkirche',
];
/** 64 photos in website/Bilder: more than one page of 50. */
const photos = Array.from({ length: 64 }, (_, i) =>
  file(
    id(0xd000 + i),
    `${places[i % places.length].toLowerCase()}-${String(i + 1).padStart(2, '0')}.jpg`,
    'image/jpeg',
    180_000 + i * 7_919,
    bilder,
    i % 20,
  ),
);

export const fileStoryData: Record<string, Doc[]> = {
  ...storyData,
  folder: folders,
  file: [
    file(FILES.team, 'team-basel.jpg', 'image/jpeg', 482_133, null, 3),
    file(FILES.pdf, 'Preisliste 2026.pdf', 'application/pdf', 1_204_551, null, 5),
    file(FILES.txt, 'robots.txt', 'text/plain', 1_312, null, 6),
    file(FILES.video, 'imagefilm.mp4', 'video/mp4', 48_930_112, null, 7),
    file(FILES.zip, 'logos.zip', 'application/zip', 3_402_117, null, 8),
    ...photos,
  ],
};

const PDF = `%PDF-1.4
1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj
2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj
3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 595 842]/Contents 4 0 R/Resources<</Font<</F1 5 0 R>>>>>>endobj
4 0 obj<</Length 60>>stream
BT /F1 28 Tf 72 760 Td (Preisliste 2026) Tj ET
endstream endobj
5 0 obj<</Type/Font/Subtype/Type1/BaseFont/Helvetica>>endobj
trailer<</Root 1 0 R>>
%%EOF`;

/** Bytes of the text and PDF files (the images get drawn placeholders). */
export const fileStoryBlobs = () =>
  new Map<string, Blob>([
    [
      FILES.txt,
      new Blob(['User-agent: *\nAllow: /\nSitemap: https://example.ch/sitemap.xml\n'], { type: 'text/plain' }),
    ],
    [FILES.pdf, new Blob([PDF], { type: 'application/pdf' })],
  ]);

const job = (n: number, state: JobState, progress: number, presetName: string, error?: string): QueueJob => ({
  id: `0199a1c2-7b3e-7a10-9c4d-${String(n).padStart(12, '0')}`,
  createdOn: new Date(Date.UTC(2026, 10, 22, 8, 15, n)).toISOString(),
  retryCount: 0,
  data: { fileId: FILES.team, presetName },
  progress,
  state,
  ...(error ? { error } : {}),
});

export const queueStoryJobs: Record<string, QueueJob[]> = {
  imagePresets: [
    job(10, 'active', 40, 'fullWidth'),
    job(9, 'created', 0, 'gallery'),
    job(8, 'retry', 0, 'configurator', 'Input buffer has corrupt header: VipsJpeg: Premature end of JPEG file'),
    job(7, 'failed', 0, 'phonePreview', 'Input image exceeds pixel limit'),
    job(6, 'completed', 100, 'quote'),
    job(5, 'completed', 100, 'favicon'),
    job(4, 'completed', 100, 'thumbnail'),
  ],
  mail: [
    {
      ...job(1, 'failed', 0, ''),
      error: 'No SMTP server configured (set SMTP_URL)',
      data: {
        template: 'contactRequest',
        to: 'info@rhein-consulting.ch',
        replyTo: 'lukas.brunner@example.ch',
        data: {
          name: 'Lukas Brunner',
          subject: 'Neue Website',
          message: 'Guten Tag, wir möchten unsere Website erneuern und suchen eine Beratung.',
        },
      },
    },
  ],
};

export const fileStoryOptions = (extra: MemoryFileOptions = {}): MemoryFileOptions => ({
  blobs: fileStoryBlobs(),
  queues: queueStoryJobs,
  failUploads: { 'too-large.mov': 413 },
  ...extra,
});
