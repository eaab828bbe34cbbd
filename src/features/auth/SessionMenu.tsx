import { useQueryClient } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { ROLE_LABEL } from '../../../contract/authRules';
import { signOut } from '../../api/session';
import { Button } from '../../components/Button/Button';
import { notify } from '../../lib/notify';
import * as styles from './SessionMenu.css';
import { SESSION_KEY, sessionQueryAtom } from './sessionAtoms';

/** Who is signed in and 'Cerrar sesión'; nothing on a server that needs no sign-in. */
export function SessionMenu() {
  const session = useAtomValue(sessionQueryAtom).data;
  const queryClient = useQueryClient();
  if (session?.acceso !== 'sesion') return null;
  const { nombre, rol } = session.usuario;
  return (
    <div className={styles.menu}>
      <span className={styles.who} title={`${nombre} · ${ROLE_LABEL[rol]}`}>
        {nombre} · {ROLE_LABEL[rol]}
      </span>
      <Button
        size="sm"
        variant="ghost"
        onPress={async () => {
          try {
            await signOut();
          } catch (error) {
            notify.resultError(
              `No se pudo cerrar la sesión: ${error instanceof Error ? error.message : String(error)}`,
            );
            return;
          }
          queryClient.setQueryData(SESSION_KEY, null);
          // Nothing the last person saw stays in memory for the next one.
          queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== SESSION_KEY[0] });
        }}
      >
        Cerrar sesión
      </Button>
    </div>
  );
}
