import { expect, it } from 'vitest';
import type { ApiErrorDto, FileStatusDto } from '../../contract';
import { listFlights } from '../../server/services/network';
import { airportsFile, flight, flightsFile, readReal, smallAirports, smallFlights, utf8 } from './fixtures';
import { buildTestApp, eachDatabase, fileSnapshot, HAS_REAL_DATA, upload } from './helpers';

const AIRPORTS = 'c.1inf54.25.2.Aeropuerto.husos.v1.20250818__estudiantes.txt';
const FLIGHTS = 'c.1inf54.25.2.planes_vuelo.v4.20250818.txt';

eachDatabase('flight plan file', (db) => {
  it('asks for the airports first', async () => {
    const app = await buildTestApp({ db });
    try {
      const res = await upload(app, 'vuelos', 'v.txt', flightsFile(smallFlights()));
      expect(res.statusCode).toBe(400);
      expect(res.json<ApiErrorDto>().message).toMatch(/^Carga primero el archivo de aeropuertos/);
      expect((await app.inject('/api/vuelos/status')).json<FileStatusDto>().exists).toBe(false);
    } finally {
      await app.close();
    }
  });

  it.skipIf(!HAS_REAL_DATA)(
    'loads the real plan: every line a daily flight, preview and download as sent',
    async () => {
      const app = await buildTestApp({ db });
      try {
        expect((await upload(app, 'aereopuertos', AIRPORTS, readReal('airports'))).statusCode).toBe(200);
        const bytes = readReal('flights');
        const events: string[] = [];
        app.bus.on('network:changed', (e) => events.push(e.kind));
        const res = await upload(app, 'vuelos', FLIGHTS, bytes);
        expect(res.statusCode).toBe(200);
        const lines = new TextDecoder()
          .decode(bytes)
          .split(/\r?\n/)
          .filter((l) => l.trim() !== '');
        expect(res.json().message).toContain(`${lines.length.toLocaleString('es-ES')} vuelos diarios`);
        const stored = await listFlights(app.db);
        expect(stored).toHaveLength(lines.length);
        const [orig, dest, dep, arr, cap] = lines[0].trim().split('-');
        expect(stored.find((f) => f.id === `${orig}-${dest}-${dep}`)).toMatchObject({
          origin: orig,
          destination: dest,
          depLocal: Number(dep.slice(0, 2)) * 60 + Number(dep.slice(3)),
          arrLocal: Number(arr.slice(0, 2)) * 60 + Number(arr.slice(3)),
          capacity: Number(cap),
        });
        expect(events).toEqual(['vuelos']);

        const preview = await app.inject('/api/vuelos/preview?lines=50');
        expect(preview.body.split('\n')).toEqual(lines.slice(0, 50).map((l) => l.trimEnd()));
        const download = await app.inject('/api/vuelos/download');
        expect(Buffer.compare(download.rawPayload, Buffer.from(bytes))).toBe(0);
        expect(download.headers['content-disposition']).toContain(`filename="${FLIGHTS}"`);
        expect((await app.inject('/api/vuelos/status')).json<FileStatusDto>()).toMatchObject({
          exists: true,
          filename: FLIGHTS,
          sizeBytes: bytes.byteLength,
        });
      } finally {
        await app.close();
      }
    },
  );

  it.skipIf(!HAS_REAL_DATA)(
    'rejects a plan naming an unknown airport or a broken line; the previous plan stays',
    async () => {
      const app = await buildTestApp({ db });
      try {
        await upload(app, 'aereopuertos', AIRPORTS, readReal('airports'));
        const good = readReal('flights');
        expect((await upload(app, 'vuelos', FLIGHTS, good)).statusCode).toBe(200);
        const before = await fileSnapshot(app, 'vuelos');
        const flightsBefore = await listFlights(app.db);

        const text = new TextDecoder().decode(good);
        const unknown = await upload(
          app,
          'vuelos',
          'nuevo.txt',
          utf8(`${text.trimEnd()}\r\nSKBO-XXXX-03:34-05:21-0300\r\n`),
        );
        expect(unknown.statusCode).toBe(400);
        const err = unknown.json<ApiErrorDto>();
        const lastLine = text.trimEnd().split(/\r?\n/).length + 1;
        expect(err.details).toHaveLength(1);
        expect(err.details?.[0]).toMatchObject({ line: lastLine });
        expect(err.details?.[0].message).toContain('XXXX');

        const broken = await upload(
          app,
          'vuelos',
          'roto.txt',
          utf8('SKBO-SEQM-03:34-05:21-0300\nSKBO-SEQM-25:00-05:21-0300\n'),
        );
        expect(broken.statusCode).toBe(400);
        expect(broken.json<ApiErrorDto>().details?.[0]).toMatchObject({ line: 2 });

        const empty = await upload(app, 'vuelos', 'vacio.txt', utf8('\r\n'));
        expect(empty.statusCode).toBe(400);
        expect(empty.json<ApiErrorDto>().message).toContain('no contiene vuelos');

        expect(await fileSnapshot(app, 'vuelos')).toEqual(before);
        expect(await listFlights(app.db)).toEqual(flightsBefore);
      } finally {
        await app.close();
      }
    },
  );

  it('replaces the whole plan with the new one', async () => {
    const app = await buildTestApp({ db });
    try {
      await upload(app, 'aereopuertos', 'a.txt', airportsFile(smallAirports()));
      await upload(app, 'vuelos', 'uno.txt', flightsFile(smallFlights()));
      const next = [flight('LEMD', 'SPIM', 23 * 60, 5 * 60)];
      expect((await upload(app, 'vuelos', 'dos.txt', flightsFile(next))).statusCode).toBe(200);
      expect((await listFlights(app.db)).map((f) => f.id)).toEqual(['LEMD-SPIM-23:00']);
      expect((await app.inject('/api/vuelos/status')).json<FileStatusDto>().filename).toBe('dos.txt');
    } finally {
      await app.close();
    }
  });
});
