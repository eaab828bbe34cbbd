import { atomFamily } from 'jotai/utils';
import { atomWithQuery } from 'jotai-tanstack-query';
import { unwrap } from '../../api/client';
import { getFileStatus, type StoredFileKind } from '../../api/files';

/** Query key of a kind's file status: the upload machine's refetch invalidates exactly this. */
export const fileStatusKey = (kind: StoredFileKind) => ['archivos', kind, 'status'] as const;

/**
 * File status per kind: loading, then none or present; no refetch on focus (query
 * defaults); failures are logged. The kinds are a fixed set of three, so entries are never removed.
 */
export const fileStatusAtom = atomFamily((kind: StoredFileKind) =>
  atomWithQuery(() => ({
    queryKey: fileStatusKey(kind),
    queryFn: async ({ signal }) => {
      try {
        return await unwrap(getFileStatus(kind, signal));
      } catch (error) {
        console.error(`Error al consultar el estado del archivo (${kind})`, error);
        throw error;
      }
    },
    refetchOnWindowFocus: false,
  })),
);
