import { createActorContext } from '@xstate/react';
import { useEffect, useState } from 'react';
import { Form } from 'react-aria-components';
import type { SessionDto } from '../../../contract/auth';
import { PASSWORD_MIN_LENGTH } from '../../../contract/authRules';
import { Button } from '../../components/Button/Button';
import { Card } from '../../components/Card/Card';
import { TextField } from '../../components/TextField/TextField';
import * as styles from './SignInScreen.css';
import { signInMachine } from './signInMachine';

export const SignInContext = createActorContext(signInMachine);

export const PASSWORD_TOO_SHORT = `Al menos ${PASSWORD_MIN_LENGTH} caracteres`;

interface SignInScreenProps {
  /** The one-time code of the link printed at start: the form creates the first administrador. */
  setupCode?: string | null;
  onSignedIn: (session: SessionDto) => void;
}

function SignInForm({ setupCode, onSignedIn }: SignInScreenProps) {
  const actor = SignInContext.useActorRef();
  const sending = SignInContext.useSelector((s) => s.matches('sending'));
  const error = SignInContext.useSelector((s) => s.context.error);
  const session = SignInContext.useSelector((s) => s.context.session);
  const [usuario, setUsuario] = useState('');
  const [nombre, setNombre] = useState('');
  const [contrasena, setContrasena] = useState('');
  const [tried, setTried] = useState(false);
  const setup = !!setupCode;

  useEffect(() => {
    if (session) onSignedIn(session);
  }, [session, onSignedIn]);

  const required = (value: string) => (tried && value.trim() === '' ? 'Requerido' : undefined);
  const passwordError =
    required(contrasena) ??
    (setup && tried && contrasena.length < PASSWORD_MIN_LENGTH ? PASSWORD_TOO_SHORT : undefined);
  const invalid =
    !usuario.trim() || !contrasena || (setup && (!nombre.trim() || contrasena.length < PASSWORD_MIN_LENGTH));

  return (
    <Form
      className={styles.form}
      validationBehavior="aria"
      onSubmit={(event) => {
        event.preventDefault();
        setTried(true);
        if (invalid) return;
        actor.send({
          type: 'form.submitted',
          request: setup
            ? {
                kind: 'alta',
                payload: { codigo: setupCode, usuario: usuario.trim(), nombre: nombre.trim(), contrasena },
              }
            : { kind: 'entrar', payload: { usuario: usuario.trim(), contrasena } },
        });
      }}
    >
      {error ? (
        <p className={styles.error} role="alert">
          {error}
        </p>
      ) : null}
      <TextField
        label="Usuario"
        name="usuario"
        autoComplete="username"
        value={usuario}
        onChange={setUsuario}
        isInvalid={!!required(usuario)}
        errorMessage={required(usuario)}
        isDisabled={sending}
        isRequired
        autoFocus
      />
      {setup ? (
        <TextField
          label="Nombre"
          name="nombre"
          autoComplete="name"
          value={nombre}
          onChange={setNombre}
          isInvalid={!!required(nombre)}
          errorMessage={required(nombre)}
          isDisabled={sending}
          isRequired
        />
      ) : null}
      <TextField
        label="Contraseña"
        name="contrasena"
        type="password"
        autoComplete={setup ? 'new-password' : 'current-password'}
        description={setup ? PASSWORD_TOO_SHORT : undefined}
        value={contrasena}
        onChange={setContrasena}
        isInvalid={!!passwordError}
        errorMessage={passwordError}
        isDisabled={sending}
        isRequired
      />
      <div className={styles.actions}>
        <Button type="submit" variant="primary" isPending={sending}>
          {setup ? 'Crear administrador' : 'Entrar'}
        </Button>
      </div>
    </Form>
  );
}

/** The page shown to whoever is not signed in on a server that requires it. */
export function SignInScreen(props: SignInScreenProps) {
  const setup = !!props.setupCode;
  return (
    <main className={styles.page}>
      <div className={styles.box}>
        <p className={styles.brand}>MoraPack</p>
        <Card
          title={setup ? 'Crear el primer administrador' : 'Iniciar sesión'}
          description={
            setup
              ? 'Este enlace sirve una sola vez: el administrador que crees podrá dar de alta al resto del equipo.'
              : 'Entra con el usuario que te dio el administrador.'
          }
        >
          <SignInContext.Provider>
            <SignInForm {...props} />
          </SignInContext.Provider>
        </Card>
      </div>
    </main>
  );
}
