import { File, FileText, FileVideo, Folder, Image as ImageIcon, type LucideIcon } from 'lucide-react';
import { fileKind, type FileItem, type FileKind } from '../core/data/files';
import { useFileUrlQuery } from '../core/data/filesApi';

const ICONS: Record<FileKind, LucideIcon> = {
  pdf: FileText,
  txt: FileText,
  image: ImageIcon,
  video: FileVideo,
  other: File,
};
const TINTS: Record<FileKind, string> = {
  pdf: 'text-red-500 bg-red-50',
  txt: 'text-zinc-500 bg-zinc-100',
  image: 'text-emerald-600 bg-emerald-50',
  video: 'text-violet-600 bg-violet-50',
  other: 'text-zinc-500 bg-zinc-100',
};

/** The thumbnail of an item: the server's preview when it has one, otherwise an icon for its type. */
export function FileThumb({ item, className = '' }: { item: FileItem; className?: string }) {
  const hasPreview = item._type === 'file' && Boolean(item.previews?.thumbnail);
  const url = useFileUrlQuery({ id: item._id, kind: 'thumbnail', version: item._updatedAt }, { skip: !hasPreview });
  if (item._type === 'folder') {
    return (
      <span className={`flex items-center justify-center bg-accent-50 text-accent-600 ${className}`}>
        <Folder
          aria-hidden
          className="size-[38%] min-h-4 min-w-4 max-h-10 max-w-10"
          strokeWidth={1.5}
          fill="currentColor"
          fillOpacity={0.15}
        />
      </span>
    );
  }
  if (hasPreview && url.data)
    return <img src={url.data} alt="" draggable={false} className={`object-cover ${className}`} />;
  const kind = fileKind(item);
  const Icon = ICONS[kind];
  return (
    <span className={`flex items-center justify-center ${TINTS[kind]} ${className}`}>
      <Icon aria-hidden className="size-[34%] min-h-4 min-w-4 max-h-9 max-w-9" strokeWidth={1.5} />
    </span>
  );
}
