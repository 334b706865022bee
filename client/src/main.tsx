import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { personActivity, watchPersonActivity } from './auth/activity';
import { sessionStore } from './auth/session';
import { followRenewals, tabChannel } from './auth/tab-renewals';
import { sessionRecovery } from './auth/session-recovery';
import { App } from './app/App';
import { createApolloClient } from './app/apollo';
import { createAppRouter, whenInitialized } from './app/router';
import { connectSession } from './app/session-wiring';
import { appEvents } from './shared/event-bus';

watchPersonActivity(window, personActivity);
const renewals = tabChannel();
if (renewals) followRenewals(sessionStore, renewals);
const client = createApolloClient({ store: sessionStore, recover: sessionRecovery.recover });
const router = createAppRouter(client);

connectSession({
  store: sessionStore,
  recovery: sessionRecovery,
  client,
  events: appEvents,
  navigate: (to, state) => void router.navigate(to, { replace: true, state }),
});

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element.');

const render = () =>
  createRoot(container).render(
    <StrictMode>
      <App client={client} router={router} />
    </StrictMode>,
  );
// A page painted from its HTML (login.html, client/build/first-paint.ts) stays until the first page's code is in: the
// app's first render replaces it with that page, never with the blank page the router renders before it is
// initialised (150–500 ms of blank page at 4× slower CPU otherwise), and as a transition, so React renders it in
// slices instead of one long task. An empty page renders at once, as before: waiting scored lower on the overview.
if (container.hasChildNodes()) void whenInitialized(router).then(() => startTransition(render));
else render();
