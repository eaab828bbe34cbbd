import { AuthGate } from '../features/auth/AuthGate';
import { AppShell } from './AppShell';
import { Providers } from './Providers';

export function App() {
  return (
    <Providers>
      <AuthGate>
        <AppShell />
      </AuthGate>
    </Providers>
  );
}
