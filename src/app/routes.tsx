import { Suspense } from 'react';
import { Redirect, Route, Switch } from 'wouter';
import { HOME_PATH } from '../features/shell/navigation';
import { useVisibleScreens } from './visibleScreens';

/** The root and any unknown path redirect (replace) to /operacion. */
export function AppRoutes() {
  const screens = useVisibleScreens();
  return (
    <Switch>
      {Object.entries(screens).map(([path, { Screen }]) => (
        <Route key={path} path={path}>
          <Suspense fallback={null}>
            <Screen />
          </Suspense>
        </Route>
      ))}
      <Route>
        <Redirect to={HOME_PATH} replace />
      </Route>
    </Switch>
  );
}
