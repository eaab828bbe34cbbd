import { describe, expect, it } from 'vitest';
import { flightUtc, toNetwork, toPlanOrder } from '../../../server/domain/convert';
import { parseAirports, writeAirports } from '../../../server/formats/airports';
import { parseFlights, writeFlights } from '../../../server/formats/flights';
import { createOrderLineParser, parseOrders, writeOrders } from '../../../server/formats/orders';
import { decodeText, encodeUtf16be } from '../../../server/formats/text';
import { AIRPORTS_FILE, FLIGHTS_FILE, hasRealData, ORDERS_FILE, readBytes, readUtf8 } from './realData';

/** DMS → decimal, computed here independently of the parser. */
const dms = (d: number, m: number, s: number, hemi: 'N' | 'S' | 'E' | 'W') =>
  (hemi === 'S' || hemi === 'W' ? -1 : 1) * (d + m / 60 + s / 3600);

describe.skipIf(!hasRealData)('archivos reales de MoraPack (../shared/data/morapack)', () => {
  const decoded = hasRealData
    ? decodeText(readBytes(AIRPORTS_FILE))
    : { text: '', encoding: 'utf-8' as const };
  const airports = parseAirports(decoded.text);
  const codes = new Set(airports.records.map((a) => a.code));
  const byCode = new Map(airports.records.map((a) => [a.code, a]));
  const flightsText = hasRealData ? readUtf8(FLIGHTS_FILE) : '';
  const flights = parseFlights(flightsText, codes);

  describe('aeropuertos', () => {
    it('is detected as UTF-16 BE and yields 30 airports without errors', () => {
      expect(decoded.encoding).toBe('utf-16be');
      expect(airports.errors).toEqual([]);
      expect(airports.records).toHaveLength(30);
    });

    it('assigns continents from the blocks: 10 America, 10 Europa, 10 Asia', () => {
      const count = (c: string) => airports.records.filter((a) => a.continent === c).length;
      expect([count('America'), count('Europa'), count('Asia')]).toEqual([10, 10, 10]);
      expect(byCode.get('SPIM')?.continent).toBe('America');
      expect(byCode.get('EBCI')?.continent).toBe('Europa');
      expect(byCode.get('UBBB')?.continent).toBe('Asia');
    });

    it('converts DMS with hemisphere to signed decimal degrees', () => {
      const spim = byCode.get('SPIM')!;
      expect(spim.lat).toBeCloseTo(-12.0219, 4);
      expect(spim.lon).toBeCloseTo(-77.1144, 4);
      expect(spim.lat).toBeCloseTo(dms(12, 1, 19, 'S'), 10);
      expect(byCode.get('SKBO')!.lat).toBeCloseTo(dms(4, 42, 5, 'N'), 10);
      expect(byCode.get('SCEL')!.lon).toBeCloseTo(dms(70, 47, 41, 'W'), 10);
      expect(byCode.get('EBCI')!.lon).toBeCloseTo(dms(4, 27, 13, 'E'), 10);
      expect(byCode.get('VIDP')!.lat).toBeCloseTo(dms(28, 33, 59, 'N'), 10);
      expect(byCode.get('SEQM')!.lat).toBeCloseTo(dms(0, 6, 48, 'N'), 10);
    });

    it('survives the traps: U+FEFF at line ends (EDDI), a quote typo (OPKC), accents (Perú, Asunción)', () => {
      expect(byCode.get('EDDI')!.lon).toBeCloseTo(dms(13, 24, 6, 'E'), 10);
      expect(byCode.get('OPKC')!.lat).toBeCloseTo(dms(24, 54, 0, 'N'), 10);
      expect(byCode.get('SPIM')!.country).toBe('Perú');
      expect(byCode.get('SGAS')!.city).toBe('Asunción');
      expect(byCode.get('SCEL')!.city).toBe('Santiago de Chile');
      expect(byCode.get('OERK')!.country).toBe('Arabia Saudita');
      for (const a of airports.records) {
        expect(a.city + a.country + a.shortName).not.toMatch(/[\uFEFF\t]/);
      }
    });

    it('keeps the GMT offsets and capacities as written (Baku +2, total capacity 12,930)', () => {
      expect(byCode.get('UBBB')!.gmt).toBe(2);
      expect(byCode.get('SPIM')!.gmt).toBe(-5);
      expect(byCode.get('VIDP')!.gmt).toBe(5);
      const total = airports.records.reduce((s, a) => s + a.capacity, 0);
      expect(total).toBe(12930);
      for (const a of airports.records) expect(a.capacity).toBeGreaterThanOrEqual(400);
    });

    it('gives identical records from UTF-8 (with and without BOM), UTF-16 LE and LF variants', () => {
      const text = decoded.text;
      const lf = text.replace(/\r\n/g, '\n');
      const utf8 = new TextEncoder().encode(text);
      const utf8Bom = new Uint8Array([0xef, 0xbb, 0xbf, ...utf8]);
      const le = encodeUtf16be(lf);
      for (let i = 0; i < le.length; i += 2) [le[i], le[i + 1]] = [le[i + 1], le[i]];
      for (const bytes of [utf8, utf8Bom, new TextEncoder().encode(lf), le]) {
        const again = parseAirports(decodeText(bytes).text);
        expect(again.errors).toEqual([]);
        expect(again.records).toEqual(airports.records);
      }
      expect(decodeText(le).encoding).toBe('utf-16le');
    });

    it('round-trips through writeAirports and encodeUtf16be', () => {
      const bytes = encodeUtf16be(writeAirports(airports.records));
      const again = decodeText(bytes);
      expect(again.encoding).toBe('utf-16be');
      expect(parseAirports(again.text).records).toEqual(airports.records);
    });
  });

  describe('plan de vuelos', () => {
    it('yields 2,866 flights without errors, each ordered pair with 1 to 4 flights', () => {
      expect(flights.errors).toEqual([]);
      expect(flights.records).toHaveLength(2866);
      const perPair = new Map<string, number>();
      for (const f of flights.records) {
        const k = `${f.origin}>${f.destination}`;
        perPair.set(k, (perPair.get(k) ?? 0) + 1);
      }
      expect(perPair.size).toBe(30 * 29);
      for (const n of perPair.values()) expect(n >= 1 && n <= 4).toBe(true);
      const caps = new Set(flights.records.map((f) => f.capacity));
      expect([...caps].sort()).toEqual([300, 320, 340, 360]);
    });

    it('round-trips byte for byte through writeFlights', () => {
      expect(writeFlights(flights.records)).toBe(flightsText);
    });

    it('converts to UTC with positive durations under 24 h, including next-day arrivals', () => {
      const net = toNetwork(airports.records, flights.records);
      expect(net.flights).toHaveLength(2866);
      const byId = new Map(net.flights.map((f) => [f.id, f]));
      for (const f of net.flights) {
        expect(f.durationMin).toBeGreaterThan(0);
        expect(f.durationMin).toBeLessThan(1440);
        expect(f.depUtcMin).toBeGreaterThanOrEqual(0);
        expect(f.depUtcMin).toBeLessThan(1440);
      }
      // Hand-computed: SKBO (-5) → SEQM (-5) 03:34 → 05:21: 08:34 UTC, 1 h 47 min.
      expect(byId.get('SKBO-SEQM-03:34')).toMatchObject({ depUtcMin: 8 * 60 + 34, durationMin: 107 });
      // EBCI (+2) → UBBB (+2) 23:27 → 05:07 next day: 21:27 UTC, 5 h 40 min.
      expect(byId.get('EBCI-UBBB-23:27')).toMatchObject({ depUtcMin: 21 * 60 + 27, durationMin: 340 });
      // SKBO (-5) → EDDI (+2) 13:48 → 09:41 next day: 18:48 UTC → 07:41 UTC, 12 h 53 min.
      expect(byId.get('SKBO-EDDI-13:48')).toMatchObject({
        depUtcMin: 18 * 60 + 48,
        durationMin: 12 * 60 + 53,
      });
      // SPIM (-5) → VIDP (+5) 02:23 → 11:29: 07:23 UTC → 06:29 UTC next day, 23 h 06 min.
      expect(byId.get('SPIM-VIDP-02:23')).toMatchObject({ depUtcMin: 7 * 60 + 23, durationMin: 23 * 60 + 6 });
      // VIDP (+5) → SPIM (-5) 07:55 → 20:01: 02:55 UTC → 01:01 UTC next day, 22 h 06 min.
      expect(byId.get('VIDP-SPIM-07:55')).toMatchObject({ depUtcMin: 2 * 60 + 55, durationMin: 22 * 60 + 6 });
    });

    it('lands later on the local calendar when the arrival clock reads earlier (1,000 flights), or even when it reads later', () => {
      /** Local day of arrival at the destination relative to the local departure day at the origin. */
      const arrivalDay = (id: string) => {
        const f = flights.records.find((x) => x.id === id)!;
        const go = byCode.get(f.origin)!.gmt;
        const gd = byCode.get(f.destination)!.gmt;
        const { durationMin } = flightUtc(f, go, gd);
        return Math.floor((f.depLocal - go * 60 + durationMin + gd * 60) / 1440);
      };
      const clockWraps = flights.records.filter((f) => f.arrLocal < f.depLocal);
      expect(clockWraps).toHaveLength(1000);
      for (const f of clockWraps) expect(arrivalDay(f.id)).toBeGreaterThanOrEqual(1);
      const days = flights.records.map((f) => arrivalDay(f.id));
      expect(days.every((d) => d >= 0 && d <= 2)).toBe(true);
      // Lima 19:22 → Delhi 04:28: 23 h 06 min in the air plus 10 h of time zones, two local days later.
      expect(arrivalDay('SPIM-VIDP-19:22')).toBe(2);
      // Across many time zones the clock can read later and still be the next day (Lima 02:23 → Delhi 11:29).
      expect(arrivalDay('SPIM-VIDP-02:23')).toBe(1);
      expect(arrivalDay('VIDP-SPIM-07:55')).toBe(0);
      expect(arrivalDay('SKBO-SEQM-03:34')).toBe(0);
    });
  });

  describe('pedidos (semana real)', () => {
    const ordersText = hasRealData ? readUtf8(ORDERS_FILE) : '';
    const orders = parseOrders(ordersText, codes);

    it('yields 42,993 orders and 84,399 products without errors', () => {
      expect(orders.errors).toEqual([]);
      expect(orders.errorCount).toBe(0);
      expect(orders.records).toHaveLength(42993);
      expect(orders.records.reduce((s, o) => s + o.quantity, 0)).toBe(84399);
    });

    it('reads the first line field by field', () => {
      // 000970313-20251223-00-05-OPKC-002-0018234
      expect(orders.records[0]).toEqual({
        seq: 970313,
        destination: 'OPKC',
        year: 2025,
        month: 12,
        day: 23,
        hour: 0,
        minute: 5,
        quantity: 2,
        clientId: '0018234',
      });
    });

    it('gives the same records when streamed in odd-sized chunks', () => {
      const p = createOrderLineParser(codes);
      for (let i = 0; i < ordersText.length; i += 4099) p.push(ordersText.slice(i, i + 4099));
      const streamed = p.end();
      expect(streamed.errorCount).toBe(0);
      expect(streamed.records).toEqual(orders.records);
    });

    it('round-trips through writeOrders (the file has no final newline)', () => {
      expect(writeOrders(orders.records)).toBe(`${ordersText}\n`);
    });

    it('spans UTC 2025-12-22 19:05 .. 2025-12-30 19:25 once converted with the destination offsets', () => {
      const mins = orders.records.map((o) => toPlanOrder(o, byCode.get(o.destination)!.gmt).releaseMin);
      const min = mins.reduce((a, b) => Math.min(a, b));
      const max = mins.reduce((a, b) => Math.max(a, b));
      expect(new Date(min * 60000).toISOString()).toBe('2025-12-22T19:05:00.000Z');
      expect(new Date(max * 60000).toISOString()).toBe('2025-12-30T19:25:00.000Z');
    });
  });
});
