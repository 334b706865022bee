import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { personActivity, watchPersonActivity } from './auth/activity';
import { sessionStore } from './auth/session';
import { followRenewals, tabChannel } from './auth/tab-renewals';
import { sessionRecovery } from './auth/session-recovery';
import { App } from './app/App';
import { createApolloClient } from './app/apollo';
import { createAppRouter } from './app/router';
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

createRoot(container).render(
  <StrictMode>
    <App client={client} router={router} />
  </StrictMode>,
);
