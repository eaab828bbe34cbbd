import type { AirportDto } from '../../../contract';

export const AIRPORTS: AirportDto[] = [
  { codigo: 'SPIM', ciudad: 'Lima', lon: -77.11, lat: -12.02, sede: true },
  { codigo: 'LEMD', ciudad: 'Madrid', lon: -3.57, lat: 40.47 },
  { codigo: 'SKBO', ciudad: 'Bogotá', lon: -74.14, lat: 4.7 },
];
