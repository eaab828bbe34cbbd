import { useAtomValue } from 'jotai';
import { canAtom } from './sessionAtoms';

/**
 * The calls the browser hides controls for, named as the server's permission table names them
 * (server/plugins/authPermissions.ts; a server test checks each one is there).
 */
export const CALLS = {
  loadFiles: 'POST /api/vuelos/upload',
  registerOrder: 'POST /api/pedidos',
  startRun: 'POST /api/simulaciones',
  stopRun: 'DELETE /api/simulaciones/:id',
  cancelFlight: 'POST /api/vuelos/:id/cancelar',
  loadCancellations: 'POST /api/cancelaciones/upload',
} as const;

export type Call = (typeof CALLS)[keyof typeof CALLS];

/** Whether the signed-in role may make a call: controls it may not use are not shown. */
export function useCan(): (call: Call) => boolean {
  return useAtomValue(canAtom);
}
