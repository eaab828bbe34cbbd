import type { FirstAdminPayload, LoginPayload, SessionDto } from '../../contract/auth';
import { http, unwrap } from './client';

/** Sign-in calls (server/routes/auth). */

/** Who is signed in; null when nobody is (the server answers 401). */
export async function fetchSession(signal?: AbortSignal): Promise<SessionDto | null> {
  const [session, error] = await http.get<SessionDto>('sesion', { signal });
  if (error?.status === 401) return null;
  if (error) throw Object.assign(new Error(error.message), error);
  return session;
}

/** Never retried: a second attempt would count twice against the sign-in limit. */
export const signIn = (payload: LoginPayload) => http.post<SessionDto>('sesion', payload);

export const createFirstAdmin = (payload: FirstAdminPayload) => http.post<SessionDto>('sesion/alta', payload);

export const signOut = () => unwrap(http.delete<void>('sesion'));
