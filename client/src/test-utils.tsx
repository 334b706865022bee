import { ChakraProvider } from '@chakra-ui/react';
import { MockedProvider } from '@apollo/client/testing/react';
import type { MockLink } from '@apollo/client/testing';
import { render } from '@testing-library/react';
import { RouterProvider, createMemoryRouter, type RouteObject } from 'react-router-dom';
import { createCache } from './app/apollo';
import { system } from './app/theme';

/** Renders routes in memory with Chakra and mocked GraphQL answers; returns the router to inspect navigation. */
export function renderRoutes(routes: RouteObject[], path: string, mocks: MockLink.MockedResponse[] = []) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const view = render(
    <ChakraProvider value={system}>
      <MockedProvider mocks={mocks} cache={createCache()}>
        <RouterProvider router={router} />
      </MockedProvider>
    </ChakraProvider>,
  );
  return { router, ...view };
}
