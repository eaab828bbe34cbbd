import { Suspense } from 'react';
import { Redirect, Route, Switch } from 'wouter';
import { SCREENS } from './screens';

export const HOME_PATH = '/operacion';

/** Spec 2: / and any unknown path redirect (replace) to /operacion. */
export function AppRoutes() {
  return (
    <Switch>
      {Object.entries(SCREENS).map(([path, { Screen }]) => (
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
