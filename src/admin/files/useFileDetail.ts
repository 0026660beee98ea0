import { useFindByIdQuery } from '../core/data/api';
import { failureOf } from '../core/data/api';
import { fileKind, type FileItem } from '../core/data/files';
import { useFileUrlQuery } from '../core/data/filesApi';

/** The logic of the file detail page: the file document, its display type and its bytes as a URL. */
export function useFileDetail(id: string) {
  const doc = useFindByIdQuery({ model: 'file', id });
  const file = doc.data as FileItem | undefined;
  const kind = file ? fileKind(file) : undefined;
  const bytes = useFileUrlQuery({ id, kind: 'download', version: file?._updatedAt }, { skip: !file });
  return {
    id,
    file,
    kind,
    loading: doc.isLoading,
    error: doc.error ? failureOf(doc.error).message : undefined,
    url: bytes.data,
    urlLoading: bytes.isLoading || bytes.isFetching,
    urlError: bytes.error ? failureOf(bytes.error).message : undefined,
  };
}

export type FileDetailController = ReturnType<typeof useFileDetail>;
