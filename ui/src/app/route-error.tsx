import { useEffect } from 'react';
import { useRouteError } from 'react-router-dom';
import { ErrorScreen } from './error-screen';

/** The router's errorElement: logs the failure and shows the reload screen. */
export function RouteError() {
  const error = useRouteError();
  useEffect(() => {
    console.error('Route render failure', error);
  }, [error]);
  return <ErrorScreen />;
}
