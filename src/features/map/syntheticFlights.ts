import type { AirportDto, LiveFlightDto, LoadLevel } from '../../../contract';
import { mulberry32 } from '../../../contract/random';

/**
 * Deterministic synthetic traffic for stories and the map benchmark (never used by the app itself):
 * N flights between the given airports, with a stand-in stream advancing them in time.
 */

const PATH_COLORS = ['#38bdf8', '#a78bfa', '#f472b6', '#34d399', '#fbbf24'];
const LEVELS: LoadLevel[] = ['disponible', 'disponible', 'limitado', 'saturado'];

export interface SyntheticFlight extends LiveFlightDto {
  /** Progress per second of stream time. */
  speed: number;
}

export function syntheticFlights(
  airports: readonly AirportDto[],
  count: number,
  seed = 7,
): SyntheticFlight[] {
  const random = mulberry32(seed);
  const flights: SyntheticFlight[] = [];
  for (let i = 0; i < count; i++) {
    const from = airports[Math.floor(random() * airports.length)] as AirportDto;
    let to = airports[Math.floor(random() * airports.length)] as AirportDto;
    if (to === from) to = airports[(airports.indexOf(from) + 1) % airports.length] as AirportDto;
    const capacidad = 200 + Math.floor(random() * 200);
    const nivel = LEVELS[Math.floor(random() * LEVELS.length)] as LoadLevel;
    flights.push({
      id: `F${String(i + 1).padStart(5, '0')}`,
      codigo: `${from.codigo}-${to.codigo}-${i + 1}`,
      origen: from.codigo,
      destino: to.codigo,
      originLon: from.lon,
      originLat: from.lat,
      destLon: to.lon,
      destLat: to.lat,
      progress: random(),
      pathColor: PATH_COLORS[i % PATH_COLORS.length],
      carga: Math.floor(capacidad * (nivel === 'saturado' ? 0.95 : nivel === 'limitado' ? 0.75 : 0.4)),
      capacidad,
      nivel,
      salida: '2026-01-05T10:00:00.000Z',
      llegada: '2026-01-05T22:00:00.000Z',
      speed: 0.004 + random() * 0.01,
    });
  }
  return flights;
}

/** The flights `seconds` of stream time later; a flight that lands starts its route again. */
export function advance(flights: readonly SyntheticFlight[], seconds: number): SyntheticFlight[] {
  return flights.map((f) => ({ ...f, progress: (f.progress + f.speed * seconds) % 1 }));
}

/** A small world network for fixtures: real coordinates, three headquarters. */
export const SAMPLE_AIRPORTS: AirportDto[] = [
  {
    codigo: 'SPIM',
    ciudad: 'Lima',
    lon: -77.1143,
    lat: -12.0219,
    sede: true,
    continente: 'America',
    capacidad: 900,
  },
  {
    codigo: 'EBCI',
    ciudad: 'Bruselas',
    lon: 4.4525,
    lat: 50.4592,
    sede: true,
    continente: 'Europa',
    capacidad: 800,
  },
  {
    codigo: 'UBBB',
    ciudad: 'Bakú',
    lon: 50.0467,
    lat: 40.4675,
    sede: true,
    continente: 'Asia',
    capacidad: 800,
  },
  { codigo: 'SKBO', ciudad: 'Bogotá', lon: -74.1469, lat: 4.7014, continente: 'America', capacidad: 440 },
  { codigo: 'SEQM', ciudad: 'Quito', lon: -78.3586, lat: -0.1133, continente: 'America', capacidad: 410 },
  {
    codigo: 'SCEL',
    ciudad: 'Santiago de Chile',
    lon: -70.7858,
    lat: -33.393,
    continente: 'America',
    capacidad: 420,
  },
  { codigo: 'SBBR', ciudad: 'Brasilia', lon: -47.9186, lat: -15.8711, continente: 'America', capacidad: 430 },
  {
    codigo: 'SABE',
    ciudad: 'Buenos Aires',
    lon: -58.4156,
    lat: -34.5592,
    continente: 'America',
    capacidad: 400,
  },
  { codigo: 'LEMD', ciudad: 'Madrid', lon: -3.5676, lat: 40.4719, continente: 'Europa', capacidad: 500 },
  { codigo: 'LOWW', ciudad: 'Viena', lon: 16.5697, lat: 48.1103, continente: 'Europa', capacidad: 480 },
  { codigo: 'EDDI', ciudad: 'Berlín', lon: 13.4039, lat: 52.5597, continente: 'Europa', capacidad: 470 },
  { codigo: 'OMDB', ciudad: 'Dubái', lon: 55.3644, lat: 25.2528, continente: 'Asia', capacidad: 520 },
  { codigo: 'VIDP', ciudad: 'Delhi', lon: 77.1031, lat: 28.5665, continente: 'Asia', capacidad: 510 },
  { codigo: 'RJTT', ciudad: 'Tokio', lon: 139.7798, lat: 35.5494, continente: 'Asia', capacidad: 530 },
  {
    codigo: 'KLAX',
    ciudad: 'Los Ángeles',
    lon: -118.4085,
    lat: 33.9416,
    continente: 'America',
    capacidad: 520,
  },
  { codigo: 'NZAA', ciudad: null, lon: 174.785, lat: -37.0082, continente: 'Asia', capacidad: 380 },
];
