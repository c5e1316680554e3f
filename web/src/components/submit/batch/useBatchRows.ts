// The images of a batch registration (/fast-submit/batch): each chosen file becomes a row with its
// own title, prompt, upload and registration state. Files upload as soon as they are chosen, a
// few at a time; a file that fails (not an image, too large, refused by the server) is reported
// on its row and never stops the others.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { SubmissionCreated, UploadResponse } from '#core/api-types';
import { BATCH_MAX_WORKS, LIMITS } from '#core/constants';
import { ApiError, apiUpload, errorMessage } from '../../../lib/api';
import { checkImageFile } from '../imageFileCheck';
import { UPLOAD_PATH, type UploadState } from '../useImageUpload';

export type RowRegistration =
  | { status: 'pending' }
  | { status: 'registering' }
  | { status: 'registered'; work: SubmissionCreated }
  | { status: 'failed'; message: string };

export interface BatchRow {
  key: string;
  fileName: string;
  /** An object URL of the chosen file, for the thumbnail. */
  previewUrl: string;
  title: string;
  prompt: string;
  upload: UploadState;
  registration: RowRegistration;
  /** The title's message from the last check, shown under its input. */
  titleError?: string;
}

// Two at a time: the server processes images in a small worker pool, and the artist sees
// progress on every row instead of fifty stalled bars.
const UPLOAD_CONCURRENCY = 2;

/** 'sunset_over-harbour.png' → 'sunset over harbour': a starting title the artist can edit. */
export function titleFromFileName(name: string): string {
  const base = name
    .replace(/\.[^.]+$/, '')
    .replace(/[_-]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return base.slice(0, LIMITS.title);
}

/** File names compared as people read them: 'b2' before 'b10'. */
const NATURAL_ORDER = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

function uploadFailure(error: unknown): string {
  return error instanceof ApiError && error.status > 0 ? error.message : errorMessage(error);
}

export function useBatchRows() {
  const [rows, setRows] = useState<BatchRow[]>([]);
  const files = useRef(new Map<string, File>());
  const queue = useRef<string[]>([]);
  const running = useRef(0);
  const nextKey = useRef(0);
  const rowsRef = useRef(rows);
  rowsRef.current = rows;

  const patchRow = useCallback((key: string, patch: Partial<BatchRow>) => {
    setRows((current) => current.map((row) => (row.key === key ? { ...row, ...patch } : row)));
  }, []);

  const uploadOne = useCallback(
    async (key: string, file: File) => {
      const check = await checkImageFile(file);
      if (!check.ok) {
        patchRow(key, { upload: { status: 'error', message: check.message.description } });
        return;
      }
      patchRow(key, { upload: { status: 'uploading', progress: 0 } });
      try {
        const result = await apiUpload<UploadResponse>(UPLOAD_PATH, file, (fraction) => {
          if (fraction < 1) patchRow(key, { upload: { status: 'uploading', progress: fraction } });
        });
        patchRow(key, { upload: { status: 'done', result } });
      } catch (error) {
        patchRow(key, { upload: { status: 'error', message: uploadFailure(error) } });
      }
    },
    [patchRow],
  );

  const pump = useCallback(() => {
    while (running.current < UPLOAD_CONCURRENCY && queue.current.length > 0) {
      const key = queue.current.shift()!;
      const file = files.current.get(key);
      if (!file) continue; // removed while it waited
      running.current += 1;
      void uploadOne(key, file).finally(() => {
        running.current -= 1;
        pump();
      });
    }
  }, [uploadOne]);

  /** Adds files up to the batch's limit, in their names' natural order (b1, b2, b10); returns how many did not fit. */
  const addFiles = useCallback(
    (chosen: readonly File[]): number => {
      const room = Math.max(0, BATCH_MAX_WORKS - rowsRef.current.length);
      const taken = [...chosen].sort((a, b) => NATURAL_ORDER.compare(a.name, b.name)).slice(0, room);
      const added = taken.map((file): BatchRow => {
        const key = `row-${nextKey.current++}`;
        files.current.set(key, file);
        queue.current.push(key);
        return {
          key,
          fileName: file.name,
          previewUrl: URL.createObjectURL(file),
          // Empty: a file name is rarely a title, and a registered title is public (issue 35).
          title: '',
          prompt: '',
          upload: { status: 'idle' },
          registration: { status: 'pending' },
        };
      });
      setRows((current) => [...current, ...added]);
      pump();
      return chosen.length - taken.length;
    },
    [pump],
  );

  const removeRow = useCallback((key: string) => {
    files.current.delete(key);
    setRows((current) => {
      const row = current.find((r) => r.key === key);
      if (row) URL.revokeObjectURL(row.previewUrl);
      return current.filter((r) => r.key !== key);
    });
  }, []);

  const clearRows = useCallback(() => {
    files.current.clear();
    queue.current = [];
    setRows((current) => {
      for (const row of current) URL.revokeObjectURL(row.previewUrl);
      return [];
    });
  }, []);

  // The thumbnails' object URLs go with the page.
  useEffect(
    () => () => {
      for (const row of rowsRef.current) URL.revokeObjectURL(row.previewUrl);
    },
    [],
  );

  return { rows, addFiles, removeRow, patchRow, clearRows };
}
