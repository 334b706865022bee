import { ChakraProvider } from '@chakra-ui/react';
import type { ApolloClient } from '@apollo/client';
import { ApolloProvider } from '@apollo/client/react';
import { RouterProvider } from 'react-router-dom';
import { SessionWatcher } from '../auth/SessionWatcher';
import { AppToaster } from '../shared/notify/AppToaster';
import type { createAppRouter } from './router';
import { FiguresWatcher } from './FiguresWatcher';
import { appSystem } from './theme';

interface AppProps {
  client: ApolloClient;
  router: ReturnType<typeof createAppRouter>;
}

export function App({ client, router }: AppProps) {
  return (
    <ChakraProvider value={appSystem}>
      <ApolloProvider client={client}>
        <RouterProvider router={router} />
        <AppToaster />
        <SessionWatcher />
        <FiguresWatcher />
      </ApolloProvider>
    </ChakraProvider>
  );
}
