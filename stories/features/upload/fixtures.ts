import type { FileStatusDto } from '../../../contract';

export const FLIGHTS_STATUS: FileStatusDto = {
  exists: true,
  filename: 'planes_vuelo.txt',
  sizeBytes: 76_412,
  lastModified: '2025-08-18T14:03:00.000Z',
};

export const NO_FILE: FileStatusDto = { exists: false, filename: null, sizeBytes: null, lastModified: null };

export const PREVIEW_TEXT = [
  'SKBO-SEQM-03:34-05:21-0300',
  'SEQM-SKBO-04:29-06:16-0340',
  'SKBO-SEQM-14:22-16:09-0320',
].join('\n');
