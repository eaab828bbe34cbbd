import type { AirportDto } from '../../../contract';

/** 'city (code)', or the code alone when the city is missing. */
export const airportDisplayName = (airport: Pick<AirportDto, 'codigo' | 'ciudad'>) =>
  airport.ciudad ? `${airport.ciudad} (${airport.codigo})` : airport.codigo;
