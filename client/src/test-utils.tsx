import { ChakraProvider } from '@chakra-ui/react';
import type { ApolloLink } from '@apollo/client';
import { MockedProvider } from '@apollo/client/testing/react';
import { MockLink } from '@apollo/client/testing';
import { configure, render, type MatcherFunction } from '@testing-library/react';
import { RouterProvider, createMemoryRouter, type RouteObject } from 'react-router-dom';
import { NEVER, catchError, tap, throwError } from 'rxjs';
import { afterEach } from 'vitest';
import { createCache } from './app/apollo';
import { system } from './app/theme';
import { ClientSettingsDocument, InstitutionDayDocument } from './gql/graphql';
import { institutionToday } from './shared/institution-day';

// findBy… and waitFor wait up to 15 s (the library's default is 1 s): a screen waits for its mocked answers, each a
// render or two away, and a loaded 2-core machine renders slowly (at load 12-15, the overview's live-refresh cases
// waited more than 5 s for a part that does appear). Only a failing wait lasts that long.
configure({ asyncUtilTimeout: 15_000 });

/** What MockLink answers for an operation no mock matches (or a mock it cannot use): a configuration error. */
const MOCK_ERROR = /^(No more mocked responses for the query|Mocked response should contain)/;

/** The operations the current test sent that no mock answered: reported by the afterEach below. */
const unmocked: string[] = [];

/**
 * The app shell's own queries, answered for every test (after the test's own mocks, which win): the institution's
 * day (today on the browser's clock in Sydney, as the screens assume until the server answers) and the client
 * settings (the defaults the server ships).
 */
const APP_MOCKS: MockLink.MockedResponse[] = [
  {
    request: { query: InstitutionDayDocument },
    result: {
      data: {
        institutionDay: { __typename: 'InstitutionDay', today: institutionToday(), timeZone: 'Australia/Sydney' },
      },
    },
    maxUsageCount: Number.POSITIVE_INFINITY,
  },
  {
    request: { query: ClientSettingsDocument },
    result: {
      data: {
        clientSettings: {
          __typename: 'ClientSettings',
          appVersion: '1.0.0.0.0',
          institutionName: 'Harbourside Mutual Bank',
          productName: 'BillSmoothing',
          productSlogan: 'Your bills, evened out.',
          helpUrl: '/help',
          supportUrl: '/help#support',
          supportEmail: 'billsmoothing.support@example.com',
        },
      },
    },
    maxUsageCount: Number.POSITIVE_INFINITY,
  },
];

function isSubscription(operation: ApolloLink.Operation): boolean {
  return operation.query.definitions.some(
    (definition) => definition.kind === 'OperationDefinition' && definition.operation === 'subscription',
  );
}

/**
 * MockLink, but a query or mutation no mock answers is recorded: the test then fails (afterEach below), instead of
 * passing while the screen quietly shows an error state for a query the test never meant to leave out. A
 * subscription without a mock stays open and silent: nothing happens meanwhile, as on a quiet server.
 */
class StrictMockLink extends MockLink {
  override request(operation: ApolloLink.Operation) {
    return super.request(operation).pipe(
      catchError((error: unknown) =>
        isSubscription(operation) && error instanceof Error && MOCK_ERROR.test(error.message)
          ? NEVER
          : throwError(() => error),
      ),
      tap({
        error: (error: unknown) => {
          if (error instanceof Error && MOCK_ERROR.test(error.message)) unmocked.push(error.message);
        },
      }),
    );
  }
}

afterEach(() => {
  const found = unmocked.splice(0);
  if (found.length > 0) {
    throw new Error(`The test sent ${found.length} operation(s) no mock answers:\n\n${found.join('\n\n')}`);
  }
});

/**
 * Renders routes in memory with Chakra and mocked GraphQL answers; returns the router to inspect navigation. Every
 * query and mutation the screen sends must be mocked (the app shell's are, APP_MOCKS): one that is not fails the test.
 */
export function renderRoutes(routes: RouteObject[], path: string, mocks: MockLink.MockedResponse[] = []) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const view = render(
    <ChakraProvider value={system}>
      <MockedProvider
        link={new StrictMockLink([...mocks, ...APP_MOCKS], { showWarnings: false })}
        cache={createCache()}
      >
        <RouterProvider router={router} />
      </MockedProvider>
    </ChakraProvider>,
  );
  return { router, ...view };
}

/**
 * For getByText & co: the element whose text is the whole `sentence`, though parts of it are elements of their own (a
 * date kept on one line by WholeDates is a span), so that no one text node holds it. The innermost such element.
 */
export function wholeText(sentence: string): MatcherFunction {
  return (_content, element) =>
    element !== null &&
    element.textContent === sentence &&
    [...element.children].every((child) => child.textContent !== sentence);
}

/** The dates `element` keeps on one line (WholeDates: each in a span that does not break), in order. */
export function wholeDatesIn(element: Element): string[] {
  return [...element.querySelectorAll<HTMLElement>('[data-whole-date]')]
    .filter((span) => span.style.whiteSpace === 'nowrap')
    .map((span) => span.textContent);
}
