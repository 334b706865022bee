import { useApolloClient } from '@apollo/client/react';
import { useEffect } from 'react';
import { Outlet } from 'react-router-dom';

/**
 * Parent of the login, unauthorized, locked and expired pages (spec 1 §2 "unauthorized" states): entering it
 * forgets the cached account list and member-account link.
 */
export function UnauthorizedLayout() {
  const client = useApolloClient();
  useEffect(() => {
    for (const fieldName of ['accountList', 'memberAccount', 'member'])
      client.cache.evict({ id: 'ROOT_QUERY', fieldName });
    client.cache.gc();
  }, [client]);
  return <Outlet />;
}
