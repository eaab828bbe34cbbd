import { REGISTRAR_PLACEHOLDER } from '../shell/navigation';

/** Placeholder until the register feature lands. */
export function RegisterScreen() {
  return <p>{REGISTRAR_PLACEHOLDER}</p>;
}
