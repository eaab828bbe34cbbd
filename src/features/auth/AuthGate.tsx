import { useQueryClient } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { type ReactNode, useCallback } from 'react';
import { useSearch } from 'wouter';
import type { SessionDto } from '../../../contract/auth';
import { Button } from '../../components/Button/Button';
import { SignInScreen } from './SignInScreen';
import * as styles from './SignInScreen.css';
import { SESSION_KEY, sessionQueryAtom } from './sessionAtoms';

/**
 * Shows the app to whoever may see it: on a server that requires sign-in, the sign-in screen comes
 * first; a server that only listens on this machine answers with the local administrador at once.
 */
export function AuthGate({ children }: { children: ReactNode }) {
  const session = useAtomValue(sessionQueryAtom);
  const queryClient = useQueryClient();
  const setupCode = new URLSearchParams(useSearch()).get('alta');
  const onSignedIn = useCallback(
    (next: SessionDto) => {
      queryClient.setQueryData(SESSION_KEY, next);
    },
    [queryClient],
  );

  if (session.isPending) return null;
  if (session.isError)
    return (
      <main className={styles.page}>
        <div className={styles.box} role="alert">
          <p className={styles.error}>No se pudo comprobar la sesión: {session.error.message}</p>
          <div className={styles.actions}>
            <Button onPress={() => void session.refetch()}>Reintentar</Button>
          </div>
        </div>
      </main>
    );
  if (!session.data) return <SignInScreen setupCode={setupCode} onSignedIn={onSignedIn} />;
  return children;
}
