import type { QueryClient } from '@tanstack/react-query';
import { createStore, Provider as JotaiProvider } from 'jotai';
import { QueryClientAtomProvider } from 'jotai-tanstack-query/react';
import { type ReactNode, useState } from 'react';
import { I18nProvider, RouterProvider } from 'react-aria-components';
import { Toaster } from 'sonner';
import { useLocation } from 'wouter';
import { createQueryClient } from '../api/queryClient';
import { ThemeEffect } from '../features/theme/ThemeEffect';
import { useResolvedTheme } from '../features/theme/useResolvedTheme';

/** Spanish with a Monday week start (es-ES already starts on Monday; the extension makes it explicit). */
export const APP_LOCALE = 'es-ES';
export const TOAST_DURATION_MS = 3_000;

function AppToaster() {
  const theme = useResolvedTheme();
  return <Toaster position="top-right" duration={TOAST_DURATION_MS} theme={theme} richColors closeButton />;
}

/** Lets React Aria links navigate through wouter instead of reloading the page. */
function AriaRouter({ children }: { children: ReactNode }) {
  const [, navigate] = useLocation();
  return <RouterProvider navigate={(path) => navigate(path)}>{children}</RouterProvider>;
}

interface ProvidersProps {
  children: ReactNode;
  queryClient?: QueryClient;
  store?: ReturnType<typeof createStore>;
}

export function Providers({ children, queryClient, store }: ProvidersProps) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  const [jotaiStore] = useState(() => store ?? createStore());
  return (
    <JotaiProvider store={jotaiStore}>
      <QueryClientAtomProvider client={client}>
        <I18nProvider locale={APP_LOCALE}>
          <AriaRouter>
            <ThemeEffect />
            {children}
            <AppToaster />
          </AriaRouter>
        </I18nProvider>
      </QueryClientAtomProvider>
    </JotaiProvider>
  );
}
