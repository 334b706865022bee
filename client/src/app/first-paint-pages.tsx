import { ChakraProvider } from '@chakra-ui/react';
import { ApolloClient, ApolloLink, InMemoryCache } from '@apollo/client';
import { ApolloProvider } from '@apollo/client/react';
import { renderToString } from 'react-dom/server';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import { LoginPage } from '../features/login/LoginPage';
import { RootLayout } from './layout/RootLayout';
import { appSystem } from './theme';

/**
 * The login page as its first render shows it, rendered to HTML at build time (client/build/first-paint.ts writes it
 * into login.html): the real frame (RootLayout: header, main, footer) and LoginPage, on the real theme, with no
 * session and the client settings still loading, as the app's own first render has them. Nothing is asked of the
 * server (the Apollo client has no link); emotion writes each style beside its element, which the build moves into
 * the head. The app replaces it with its own render of the same page.
 */
export function renderLoginFirstPaint(): string {
  const client = new ApolloClient({ link: ApolloLink.empty(), cache: new InMemoryCache() });
  const router = createMemoryRouter(
    [{ element: <RootLayout />, children: [{ index: true, element: <LoginPage /> }] }],
    {
      initialEntries: ['/'],
    },
  );
  return renderToString(
    <ChakraProvider value={appSystem}>
      <ApolloProvider client={client}>
        <RouterProvider router={router} />
      </ApolloProvider>
    </ChakraProvider>,
  );
}
