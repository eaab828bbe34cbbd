import { expect, it } from 'vitest';
import type { AirportDto, ApiErrorDto, FileStatusDto } from '../../contract';
import { decodeText, encodeUtf16be } from '../../server/formats/text';
import { listFlights } from '../../server/services/network';
import { airport, airportsFile, flightsFile, readReal, smallAirports, smallFlights, utf8 } from './fixtures';
import { buildTestApp, eachDatabase, fileSnapshot, HAS_REAL_DATA, upload } from './helpers';

const REAL_NAME = 'c.1inf54.25.2.Aeropuerto.husos.v1.20250818__estudiantes.txt';

eachDatabase('airports file', (db) => {
  it('starts with no airports file', async () => {
    const app = await buildTestApp({ db });
    try {
      expect((await app.inject('/api/aereopuertos/status')).json<FileStatusDto>()).toEqual({
        exists: false,
        filename: null,
        sizeBytes: null,
        lastModified: null,
      });
      expect((await app.inject('/api/aereopuertos')).json()).toEqual([]);
      const preview = await app.inject('/api/aereopuertos/preview');
      expect(preview.statusCode).toBe(404);
      expect(preview.json<ApiErrorDto>().message).toBe('No hay archivo de aeropuertos cargado');
      expect((await app.inject('/api/aereopuertos/download')).statusCode).toBe(404);
    } finally {
      await app.close();
    }
  });

  it.skipIf(!HAS_REAL_DATA)(
    'loads the real UTF-16 file: list, status, UTF-8 preview and untouched download',
    async () => {
      const app = await buildTestApp({ db, now: () => Date.UTC(2025, 11, 22, 12) });
      try {
        const bytes = readReal('airports');
        const before = Date.now();
        const res = await upload(app, 'aereopuertos', REAL_NAME, bytes);
        expect(res.statusCode).toBe(200);
        const list = (await app.inject('/api/aereopuertos')).json<AirportDto[]>();
        const text = decodeText(bytes).text;
        // Every airport line of the file carries "Latitude:"; each becomes one record.
        const airportLines = text.split(/\r?\n/).filter((l) => /Latitude:/.test(l));
        expect(list).toHaveLength(airportLines.length);
        expect(res.json().message).toContain(`${airportLines.length} aeropuertos`);
        const lima = list.find((a) => a.codigo === 'SPIM');
        expect(lima).toMatchObject({ ciudad: 'Lima', sede: true, gmt: -5, continente: 'America' });
        expect(lima!.lat).toBeLessThan(0);
        expect(lima!.lon).toBeLessThan(0);
        expect(
          list
            .filter((a) => a.sede)
            .map((a) => a.codigo)
            .sort(),
        ).toEqual(['EBCI', 'SPIM', 'UBBB']);

        const status = (await app.inject('/api/aereopuertos/status')).json<FileStatusDto>();
        expect(status).toMatchObject({ exists: true, filename: REAL_NAME, sizeBytes: bytes.byteLength });
        expect(Date.parse(status.lastModified!)).toBeGreaterThanOrEqual(before - 1000);

        const preview = await app.inject('/api/aereopuertos/preview?lines=5');
        expect(preview.headers['content-type']).toBe('text/plain; charset=utf-8');
        const previewLines = preview.body.split('\n');
        expect(previewLines).toHaveLength(5);
        expect(previewLines).toEqual(
          text
            .split(/\r?\n/)
            .slice(0, 5)
            .map((l) => l.replaceAll('\uFEFF', '')),
        );
        expect(preview.body).not.toContain('\u0000');

        const download = await app.inject('/api/aereopuertos/download');
        expect(download.statusCode).toBe(200);
        expect(Buffer.compare(download.rawPayload, Buffer.from(bytes))).toBe(0);
        expect(download.headers['content-disposition']).toContain(`filename="${REAL_NAME}"`);
      } finally {
        await app.close();
      }
    },
  );

  it('accepts a UTF-8 airports file too and marks headquarters from the configuration', async () => {
    const app = await buildTestApp({ db, config: { sedes: ['SKBO'] } });
    try {
      const text = new TextDecoder('utf-16be').decode(airportsFile(smallAirports()));
      const res = await upload(app, 'aereopuertos', 'husos.txt', utf8(text));
      expect(res.statusCode).toBe(200);
      const list = (await app.inject('/api/aereopuertos')).json<AirportDto[]>();
      expect(list.filter((a) => a.sede).map((a) => a.codigo)).toEqual(['SKBO']);
    } finally {
      await app.close();
    }
  });

  it.skipIf(!HAS_REAL_DATA)(
    'rejects broken, mis-encoded, empty and oversized files and keeps the previous one',
    async () => {
      const app = await buildTestApp({ db, config: { uploadLimitBytes: 20_000 } });
      try {
        const good = readReal('airports');
        expect((await upload(app, 'aereopuertos', REAL_NAME, good)).statusCode).toBe(200);
        const before = await fileSnapshot(app, 'aereopuertos');
        const listBefore = (await app.inject('/api/aereopuertos')).json();

        // A broken airport line: line 5 loses its latitude.
        const lines = decodeText(good).text.split('\r\n');
        const brokenLine = lines.findIndex((l) => /Latitude:/.test(l));
        lines[brokenLine] = lines[brokenLine].replace(/Latitude:.*$/, 'Latitud desconocida');
        const broken = await upload(app, 'aereopuertos', 'roto.txt', encodeUtf16be(lines.join('\r\n')));
        expect(broken.statusCode).toBe(400);
        const err = broken.json<ApiErrorDto>();
        expect(err.code).toBe('ARCHIVO_NO_VALIDO');
        expect(err.details?.[0].line).toBe(brokenLine + 1);
        expect(err.details?.[0].message).toMatch(new RegExp(`^Línea ${brokenLine + 1}: `));

        // Latin-1 bytes ("Perú" as 0xFA) are neither UTF-8 nor UTF-16.
        const latin1 = Buffer.from('PDDS\r\n01   SPIM   Lima   Per\u00fa   lima   -5   440\r\n', 'latin1');
        const enc = await upload(app, 'aereopuertos', 'latin1.txt', latin1);
        expect(enc.statusCode).toBe(415);
        expect(enc.json<ApiErrorDto>()).toMatchObject({ code: 'CODIFICACION_NO_VALIDA' });
        expect(enc.json<ApiErrorDto>().message).toMatch(/UTF-8/);

        const empty = await upload(app, 'aereopuertos', 'vacio.txt', new Uint8Array(0));
        expect(empty.statusCode).toBe(400);
        expect(empty.json<ApiErrorDto>().message).toMatch(/no contiene (ningún )?aeropuerto/);

        const big = await upload(app, 'aereopuertos', 'grande.txt', new Uint8Array(20_001).fill(65));
        expect(big.statusCode).toBe(413);
        expect(big.json<ApiErrorDto>().message).toMatch(/^El archivo supera el límite de 0[.,]0\d+ MB$/);

        expect(await fileSnapshot(app, 'aereopuertos')).toEqual(before);
        expect((await app.inject('/api/aereopuertos')).json()).toEqual(listBefore);
      } finally {
        await app.close();
      }
    },
  );

  it('answers 413 with the limit in MB for a file over the configured size', async () => {
    const app = await buildTestApp({ db, config: { uploadLimitBytes: 2 * 1024 * 1024 } });
    try {
      const res = await upload(
        app,
        'aereopuertos',
        'grande.txt',
        new Uint8Array(2 * 1024 * 1024 + 1).fill(65),
      );
      expect(res.statusCode).toBe(413);
      expect(res.json<ApiErrorDto>()).toEqual({
        message: 'El archivo supera el límite de 2 MB',
        code: 'ARCHIVO_DEMASIADO_GRANDE',
      });
    } finally {
      await app.close();
    }
  });

  it('rejects a request without the file field or not multipart, in Spanish', async () => {
    const app = await buildTestApp({ db });
    try {
      const json = await app.inject({
        method: 'POST',
        url: '/api/aereopuertos/upload',
        payload: { file: 'x' },
      });
      expect(json.statusCode).toBe(415);
      expect(json.json<ApiErrorDto>().message).toContain('multipart/form-data');
      const { multipartBody } = await import('./helpers');
      const wrong = await app.inject({
        method: 'POST',
        url: '/api/aereopuertos/upload',
        ...multipartBody('a.txt', utf8('x'), 'archivo'),
      });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json<ApiErrorDto>().message).toContain('campo file');
    } finally {
      await app.close();
    }
  });

  it('refuses to drop an airport that flights use, and changes nothing', async () => {
    const app = await buildTestApp({ db });
    try {
      expect((await upload(app, 'aereopuertos', 'a.txt', airportsFile(smallAirports()))).statusCode).toBe(
        200,
      );
      expect((await upload(app, 'vuelos', 'v.txt', flightsFile(smallFlights()))).statusCode).toBe(200);
      const before = await fileSnapshot(app, 'aereopuertos');
      const withoutLemd = smallAirports().filter((a) => a.code !== 'LEMD');
      const res = await upload(app, 'aereopuertos', 'sin-lemd.txt', airportsFile(withoutLemd));
      expect(res.statusCode).toBe(400);
      const err = res.json<ApiErrorDto>();
      expect(err.code).toBe('AEROPUERTO_EN_USO');
      expect(err.message).toContain('LEMD');
      expect(err.details?.[0].message).toContain('1 vuelos');
      expect(await fileSnapshot(app, 'aereopuertos')).toEqual(before);
      expect((await app.inject('/api/aereopuertos')).json<AirportDto[]>().map((a) => a.codigo)).toContain(
        'LEMD',
      );
      expect(await listFlights(app.db)).toHaveLength(smallFlights().length);
    } finally {
      await app.close();
    }
  });

  it('replaces the airports: unused ones go, new ones come, and the network change is announced', async () => {
    const app = await buildTestApp({ db });
    try {
      await upload(app, 'aereopuertos', 'a.txt', airportsFile(smallAirports()));
      const events: string[] = [];
      app.bus.on('network:changed', (e) => events.push(e.kind));
      const next = [
        ...smallAirports().filter((a) => a.code !== 'SKBO'),
        airport('SCEL', { number: 9, gmt: -3 }),
      ];
      const res = await upload(app, 'aereopuertos', 'b.txt', airportsFile(next));
      expect(res.statusCode).toBe(200);
      const codes = (await app.inject('/api/aereopuertos')).json<AirportDto[]>().map((a) => a.codigo);
      expect(codes.sort()).toEqual(['EBCI', 'LEMD', 'SCEL', 'SPIM']);
      expect((await app.inject('/api/aereopuertos/status')).json<FileStatusDto>().filename).toBe('b.txt');
      expect(events).toEqual(['aereopuertos']);
    } finally {
      await app.close();
    }
  });

  it('stores a sanitised file name: no folders, no control characters', async () => {
    const app = await buildTestApp({ db });
    try {
      const res = await upload(
        app,
        'aereopuertos',
        '..\\..\\etc\\pass<wd>\u0007.txt',
        airportsFile(smallAirports()),
      );
      expect(res.statusCode).toBe(200);
      const status = (await app.inject('/api/aereopuertos/status')).json<FileStatusDto>();
      expect(status.filename).toMatch(/^pass_wd_+\.txt$/);
      const download = await app.inject('/api/aereopuertos/download');
      expect(download.headers['content-disposition']).toContain(`filename="${status.filename}"`);
    } finally {
      await app.close();
    }
  });
});
