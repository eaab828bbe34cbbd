import { describe, expect, it } from 'vitest';
import { type UploadProgress, uploadFile } from './files';

/** A scripted XMLHttpRequest: each send() answers with the next response and reports progress first. */
function fakeXhr(responses: { status: number; body: string }[], sent: FormData[] = []) {
  let call = 0;
  return () => {
    const xhr = {
      status: 0,
      statusText: '',
      responseText: '',
      upload: {} as { onprogress?: (e: ProgressEvent) => void; onload?: () => void },
      onload: undefined as undefined | (() => void),
      onerror: undefined as undefined | (() => void),
      open: () => {},
      setRequestHeader: () => {},
      abort: () => {},
      send(body: FormData) {
        sent.push(body);
        const answer = responses[call++];
        queueMicrotask(() => {
          xhr.upload.onprogress?.({ loaded: 5, total: 10, lengthComputable: true } as ProgressEvent);
          xhr.upload.onprogress?.({ loaded: 10, total: 10, lengthComputable: true } as ProgressEvent);
          xhr.upload.onload?.();
          xhr.status = answer.status;
          xhr.responseText = answer.body;
          xhr.onload?.();
        });
      },
    };
    return xhr as unknown as XMLHttpRequest;
  };
}

const file = new File(['SKBO-SEQM-03:34-05:21-0300\n'], 'vuelos.txt', { type: 'text/plain' });
const noSleep = async () => {};

describe('uploadFile (XMLHttpRequest, for progress)', () => {
  it('sends the file in the multipart field "file", reports progress and returns the message', async () => {
    const sent: FormData[] = [];
    const progress: UploadProgress[] = [];
    const [result, error] = await uploadFile('vuelos', file, {
      xhrFactory: fakeXhr([{ status: 200, body: JSON.stringify({ message: 'Archivo cargado' }) }], sent),
      onProgress: (p) => progress.push(p),
    });
    expect(error).toBeNull();
    expect(result?.message).toBe('Archivo cargado');
    expect((sent[0].get('file') as File).name).toBe('vuelos.txt');
    expect(progress.at(-1)).toEqual({ loaded: 10, total: 10 });
  });

  it('returns the server message, code and line details of a rejected file, without retrying', async () => {
    const sent: FormData[] = [];
    const details = [{ line: 2, message: 'formato inválido' }];
    const [, error] = await uploadFile('vuelos', file, {
      xhrFactory: fakeXhr(
        [{ status: 400, body: JSON.stringify({ message: 'Archivo no válido', code: 'FORMATO', details }) }],
        sent,
      ),
      sleep: noSleep,
    });
    expect(error).toEqual({ status: 400, message: 'Archivo no válido', code: 'FORMATO', details });
    expect(sent).toHaveLength(1);
  });

  it('retries on 503 (uploads are idempotent) and falls back to the body text for the message', async () => {
    const sent: FormData[] = [];
    const [, error] = await uploadFile('pedidos', file, {
      xhrFactory: fakeXhr(
        [
          { status: 503, body: '' },
          { status: 503, body: '' },
          { status: 502, body: 'Puerta de enlace caída' },
        ],
        sent,
      ),
      sleep: noSleep,
    });
    expect(sent).toHaveLength(3);
    expect(error?.message).toBe('Puerta de enlace caída');
    expect(error?.status).toBe(502);
  });
});
