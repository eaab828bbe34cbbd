import { atom } from 'jotai';
import { atomWithQuery } from 'jotai-tanstack-query';
import { fetchSession } from '../../api/session';

export const SESSION_KEY = ['sesion'] as const;

// A session that ends elsewhere (signed out on another tab, expired, role changed) shows within this time.
const SESSION_REFRESH_MS = 60_000;

/** Who is signed in (null: nobody, the sign-in screen shows). */
export const sessionQueryAtom = atomWithQuery(() => ({
  queryKey: SESSION_KEY,
  queryFn: ({ signal }) => fetchSession(signal),
  refetchInterval: SESSION_REFRESH_MS,
}));

/**
 * Whether the signed-in role may make a call ('POST /api/pedidos', as the server's permission table
 * names it). While the session is unknown the answer is yes: the server still checks every call, and a
 * control that flickers away is worse than a 403 toast.
 */
export const canAtom = atom((get) => {
  const session = get(sessionQueryAtom).data;
  return (call: string) => !session || session.permitidas.includes(call);
});
