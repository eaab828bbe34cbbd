import { AppShell } from './AppShell';
import { Providers } from './Providers';

export function App() {
  return (
    <Providers>
      <AppShell />
    </Providers>
  );
}
