import type { OrderPayload } from '../../contract';
import { http } from './client';

/** POST pedidos: registers one order; the answer is the text shown in the toast. Never retried. */
export const registerOrder = (payload: OrderPayload, signal?: AbortSignal) =>
  http.post<string>('pedidos', payload, { responseType: 'text', signal });
