import { http } from './client';
import type { AirportDto, HealthDto } from './contract';

/** Endpoint functions: one per call of the spec (section 7). Features add theirs here. */

export const getHealth = () => http.get<HealthDto>('health');

export const getAirports = (signal?: AbortSignal) => http.get<unknown>('aereopuertos', { signal });

export type { AirportDto };
