import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import express, { type NextFunction, type Request, type Response } from 'express';
import helmet from 'helmet';
import type { DestinationStream, Logger } from 'pino';
import { GraphQLError, type GraphQLSchema } from 'graphql';
import { WebSocketServer } from 'ws';
import { DemoClock, systemClock, type Clock } from './shared/clock.js';
import { createLogger } from './common/logger.js';
import { UnauthenticatedError } from './shared/errors.js';
import type { Config } from './config.js';
import { openDatabase, type Database } from './database/database.js';
import type { GraphQLContext } from './graphql/context.js';
import { memoryEventBus, postgresEventBus } from './graphql/event-bus.js';
import { attachSubscriptions, createApolloServer } from './graphql/graphql-server.js';
import { graphqlHttpHandler } from './graphql/http-handler.js';
import { buildAppSchema } from './graphql/schema.js';
import { announceActivitiesOn } from './modules/activity/index.js';
import { publishStatusChangesOn, reworkOpenReviewsOn } from './modules/agreement/index.js';
import { announceFiguresOn } from './common/figures-changed.js';
import { followDemoDay } from './modules/core-banking/index.js';
import { restRouter, sendError } from './rest/rest-router.js';
import { restRoutes } from './rest/routes.js';
import { seedDemoData } from './seed/demo.js';
import { IDLE_SECONDS_HEADER, sharedTokenSecret } from './modules/auth/index.js';
import { compressAnswers } from './compress-answers.js';
import { serveClient } from './serve-client.js';
import { acceptSockets, listen, stopServing } from './serving.js';
import { StopSequence, type StopStep } from './stop-sequence.js';
import { createServices, type Services } from './services.js';

export interface App {
  httpServer: Server;
  database: Database;
  services: Services;
  schema: GraphQLSchema;
  /** The address the server listens on, once started. */
  url: string;
  /** Closes everything in STOP_ORDER (stop-sequence.ts); each later call answers the first's outcome. */
  stop(): Promise<void>;
  /** The stop step under way, if any (to say what held a stop that took too long). */
  stopping(): StopStep | null;
}

export interface StartOptions {
  clock?: Clock;
  /** Listen on this port (0 for any free one); the config's port otherwise. */
  port?: number;
  /** Aborting it during start-up stops the start at its next step (all opened so far is closed). */
  signal?: AbortSignal;
  /** Where the log goes (tests read it); standard output otherwise. */
  logDestination?: DestinationStream;
}

/** Requests under way get this long to finish when the server stops; then their connections are cut. */
const HTTP_GRACE_MS = 3_000;
/** Jobs under way get this long to finish; one cut short runs again later (jobs are idempotent). */
const JOBS_GRACE_MS = 5_000;

/** Boots the whole server: database (real or embedded), migrations, demo data, GraphQL (HTTP + ws), REST, client. */
export async function startApp(given: Config, options: StartOptions = {}): Promise<App> {
  const logger = createLogger(given.logLevel, options.logDestination);
  // Everything opened is registered here as it opens: a failed start closes it all before the error goes up.
  const stops = new StopSequence();
  try {
    return await startParts(given, options, logger, stops);
  } catch (error) {
    for (const failure of await stops.run()) logger.warn({ err: failure.error }, `start-up cleanup: ${failure.step}`);
    throw error;
  }
}

async function startParts(given: Config, options: StartOptions, logger: Logger, stops: StopSequence): Promise<App> {
  // A stop asked for during start-up (Ctrl-C) ends it at the next step.
  const checkpoint = () => options.signal?.throwIfAborted();
  const baseClock = options.clock ?? systemClock(given.timeZone);
  // Demo mode: staff may move the bank's day forward (modules/core-banking/demo-day.ts).
  const clock = given.demoMode ? new DemoClock(baseClock, given.timeZone) : baseClock;
  const database = await openDatabase(given);
  stops.add('pool', () => database.close());
  checkpoint();
  // Without TOKEN_SECRET, the key every instance on this database shares.
  const config: Config = {
    ...given,
    tokenSecret: given.tokenSecret ?? (await sharedTokenSecret(database.orm.em.fork(), given.dataDir)),
  };
  // Several instances on one real PostgreSQL share events through LISTEN/NOTIFY; PGlite cannot LISTEN.
  const events =
    config.databaseUrl && !database.embedded
      ? await postgresEventBus({ connectionString: config.databaseUrl, logger })
      : memoryEventBus();
  stops.add('events', () => events.close());
  checkpoint();
  // Every agreement status change is announced after its commit (modules/agreement/state).
  publishStatusChangesOn(database.orm.em, events);
  // Demo mode: the clock stands on the day stored by the last run (any instance's) and follows the next ones.
  // Off demo mode nothing stored is read: the bank's day is the real one.
  const stopFollowingDemoDay =
    clock instanceof DemoClock ? await followDemoDay(clock, database.orm.em.fork(), events) : () => undefined;
  stops.add('demo day', stopFollowingDemoDay);
  const services = createServices(config, clock, logger, events);
  // Members are told of the status changes that concern them, in the change's transaction (modules/notification).
  services.eventNotifier.listenToStatusChanges(database.orm.em);
  stops.add('sessions', () => services.auth.stop());
  if (config.loadDemoData) await seedDemoData(database.orm.em.fork(), clock, logger);
  checkpoint();
  announceActivitiesOn(database.orm, events); // from here on, every activity written reaches activityAdded
  announceFiguresOn(database.orm.em, events); // and every change of figures reaches figuresChanged

  const schema = await buildAppSchema(events, { introspectionCheck: false });
  const app = express();
  const httpServer = createServer(app);
  // A client (a browser, a load balancer, Playwright's request context) reuses an idle keep-alive connection: with
  // Node's 5 s a reuse racing the server's close is cut (ECONNRESET, seen in the browser journeys). Idle connections
  // are kept longer than a load balancer's usual 60 s; stop closes them at once (serving.ts).
  httpServer.keepAliveTimeout = 65_000;
  httpServer.headersTimeout = 66_000;
  app.disable('x-powered-by');
  app.set('trust proxy', config.trustProxy); // TRUST_PROXY; unset: no peer's X-Forwarded-For is believed

  app.use((req: Request, res: Response, next: NextFunction) => {
    const header = req.headers['x-request-id'];
    const requestId = typeof header === 'string' && /^[\w-]{1,64}$/.test(header) ? header : randomUUID();
    res.locals.requestId = requestId;
    res.set('X-Request-Id', requestId);
    const started = process.hrtime.bigint();
    res.on('finish', () => {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      // The path as requested (a mounted handler sees its own part of it: GraphQL's was logged as "/").
      const url = req.originalUrl.split('?')[0];
      const operation = res.locals.operation as string | undefined;
      logger.info(
        { requestId, method: req.method, url, operation, status: res.statusCode, ms: Math.round(ms) },
        'request',
      );
    });
    next();
  });
  app.use(
    helmet({
      contentSecurityPolicy: {
        directives: {
          'default-src': ["'self'"],
          'script-src': ["'self'"],
          'style-src': ["'self'", "'unsafe-inline'"],
          'img-src': ["'self'", 'data:'],
          'connect-src': ["'self'", 'ws:', 'wss:'],
          'frame-ancestors': ["'self'"],
          'upgrade-insecure-requests': null,
        },
      },
      crossOriginEmbedderPolicy: false,
    }),
  );
  // Save for later's body is its description itself (3 §7 "text"): old clients send it raw, as text/plain or under an
  // application/json label without quotes, so that route reads its body as text (lifecycle.rest.ts decides).
  // JSON answers compressed when asked (compress-answers.ts); the client's files are precompressed, not here.
  app.use(compressAnswers());
  app.post('/api/contracts', express.text({ type: () => true, limit: '10kb' }));
  app.use(express.json({ limit: '100kb' }));
  app.use(express.urlencoded({ extended: false, limit: '10kb' }));

  app.get('/healthz', async (_req, res) => {
    try {
      await database.orm.em.execute('select 1');
      res.json({ status: 'ok', database: database.embedded ? 'embedded' : 'postgresql' });
    } catch {
      res.status(503).json({ status: 'unavailable' });
    }
  });

  // Only paths under a REST route's first segment (/api, /Token) walk the REST route list: a GraphQL request
  // or a client page never matches its ~100 patterns one by one (issue 13 item 8).
  const rest = restRouter(restRoutes, database.orm, services);
  const restPrefixes = new Set(restRoutes.map((route) => route.path.split('/')[1].toLowerCase()));
  app.use((req, res, next) => {
    if (restPrefixes.has(req.path.split('/')[1].toLowerCase())) rest(req, res, next);
    else next();
  });

  const wsServer = new WebSocketServer({ noServer: true, path: '/graphql', maxPayload: 100 * 1024 });
  acceptSockets(httpServer, wsServer);
  const wsCleanup = attachSubscriptions(wsServer, schema, database.orm, services);
  const apollo = createApolloServer(schema, services);
  await apollo.start();
  stops.add('http', async () => {
    await stopServing(httpServer, wsServer, wsCleanup, HTTP_GRACE_MS);
    await apollo.stop();
  });
  app.use(
    '/graphql',
    graphqlHttpHandler(apollo, async ({ req, res }): Promise<GraphQLContext> => {
      const em = database.orm.em.fork();
      const user = await services.auth
        .authenticate(em, req.headers.authorization, req.headers[IDLE_SECONDS_HEADER])
        .catch((error: unknown) => {
          if (!(error instanceof UnauthenticatedError)) throw error;
          throw new GraphQLError(error.message, { extensions: { code: 'UNAUTHENTICATED', http: { status: 401 } } });
        });
      const requestId = String(req.res?.locals.requestId ?? randomUUID());
      return { em, user, services, requestId, clientAddress: req.ip ?? 'unknown', requestLog: res.locals };
    }),
  );

  serveClient(app, config.clientDir);
  app.use((error: unknown, req: Request, res: Response, _next: NextFunction) => {
    const status = (error as { status?: number }).status;
    if (status && status >= 400 && status < 500) {
      res.status(status).json({ message: status === 413 ? 'The request is too large.' : 'The request is not valid.' });
      return;
    }
    sendError(res, error, services, req);
  });

  stops.add('mail', async () => {
    services.mailer.close();
    await services.mailCapture.stop();
  });
  if (!config.mail.smtpUrl) await services.mailCapture.start(database.orm, config.mail.capturePort);
  checkpoint();
  stops.add('jobs', () => services.jobs.stop({ timeoutMs: JOBS_GRACE_MS }));
  await services.jobs.start(database.orm);
  // From here on, a change of an agreement's figures queues the rework of its open deposit review in its transaction.
  reworkOpenReviewsOn(database.orm.em, services.jobs);
  checkpoint();

  const port = options.port ?? config.port;
  await listen(httpServer, port, config.host);
  const address = httpServer.address();
  const actualPort = typeof address === 'object' && address ? address.port : port;

  return {
    httpServer,
    database,
    services,
    schema,
    url: `http://localhost:${actualPort}`,
    stopping: () => stops.current,
    async stop() {
      const failures = await stops.run();
      if (failures.length > 0) {
        throw new AggregateError(
          failures.map((failure) => failure.error),
          `Could not close: ${failures.map((failure) => failure.step).join(', ')}`,
        );
      }
      logger.debug('stopped');
    },
  };
}
