import type { HealthDto } from '../../contract';
import { http } from './client';

/** Endpoint functions: one per API call. Features add theirs here. */

export const getHealth = () => http.get<HealthDto>('health');
