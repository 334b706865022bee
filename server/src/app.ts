import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import express, { type NextFunction, type Request, type Response } from 'express';
import helmet from 'helmet';
import { GraphQLError, type GraphQLSchema } from 'graphql';
import { WebSocketServer } from 'ws';
import { DemoClock, systemClock, type Clock } from './common/clock.js';
import { createLogger } from './common/logger.js';
import { UnauthenticatedError } from './common/errors.js';
import type { Config } from './config.js';
import { openDatabase, type Database } from './database/database.js';
import type { GraphQLContext } from './graphql/context.js';
import { memoryEventBus, postgresEventBus } from './graphql/event-bus.js';
import { attachSubscriptions, createApolloServer } from './graphql/graphql-server.js';
import { graphqlHttpHandler } from './graphql/http-handler.js';
import { buildAppSchema } from './graphql/schema.js';
import { announceActivitiesOn } from './modules/activity/activity-announcer.js';
import { followDemoDay } from './modules/core-banking/demo-clock.store.js';
import { restInputGuard } from './rest/input-guard.middleware.js';
import { restRouter, sendError } from './rest/rest-router.js';
import { restRoutes } from './rest/routes.js';
import { seedDemoData } from './seed/demo.js';
import { sharedTokenSecret } from './modules/auth/token-secret.js';
import { serveClient } from './serve-client.js';
import { createServices, type Services } from './services.js';

export interface App {
  httpServer: Server;
  database: Database;
  services: Services;
  schema: GraphQLSchema;
  /** The address the server listens on, once started. */
  url: string;
  stop(): Promise<void>;
}

export interface StartOptions {
  clock?: Clock;
  /** Listen on this port (0 for any free one); the config's port otherwise. */
  port?: number;
}

/** Boots the whole server: database (real or embedded), migrations, demo data, GraphQL (HTTP + ws), REST, client. */
export async function startApp(given: Config, options: StartOptions = {}): Promise<App> {
  const logger = createLogger(given.logLevel);
  const baseClock = options.clock ?? systemClock(given.timeZone);
  // Demo mode: staff may move the bank's day forward (modules/core-banking/demo-day.ts).
  const clock = given.demoMode ? new DemoClock(baseClock, given.timeZone) : baseClock;
  const database = await openDatabase(given);
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
  // Demo mode: the clock stands on the day stored by the last run (any instance's) and follows the next ones.
  // Off demo mode nothing stored is read: the bank's day is the real one.
  const stopFollowingDemoDay =
    clock instanceof DemoClock ? await followDemoDay(clock, database.orm.em.fork(), events) : () => undefined;
  const services = createServices(config, clock, logger, events);
  if (config.loadDemoData) await seedDemoData(database.orm.em.fork(), clock, logger);
  announceActivitiesOn(database.orm, events); // from here on, every activity written reaches activityAdded

  const schema = await buildAppSchema(events);
  const app = express();
  const httpServer = createServer(app);
  app.disable('x-powered-by');
  app.set('trust proxy', 'loopback');

  app.use((req: Request, res: Response, next: NextFunction) => {
    const header = req.headers['x-request-id'];
    const requestId = typeof header === 'string' && /^[\w-]{1,64}$/.test(header) ? header : randomUUID();
    res.locals.requestId = requestId;
    res.set('X-Request-Id', requestId);
    const started = process.hrtime.bigint();
    res.on('finish', () => {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      logger.info(
        { requestId, method: req.method, url: req.path, status: res.statusCode, ms: Math.round(ms) },
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
  app.use(express.json({ limit: '100kb' }));
  app.use(express.urlencoded({ extended: false, limit: '10kb' }));

  app.get('/healthz', async (_req, res) => {
    try {
      await database.orm.em.getConnection().execute('select 1');
      res.json({ status: 'ok', database: database.embedded ? 'embedded' : 'postgresql' });
    } catch {
      res.status(503).json({ status: 'unavailable' });
    }
  });

  app.use(['/api', '/Token'], restInputGuard);
  // Only paths under a REST route's first segment (/api, /Token) walk the REST route list: a GraphQL request
  // or a client page never matches its ~100 patterns one by one (issue 13 item 8).
  const rest = restRouter(restRoutes, database.orm, services);
  const restPrefixes = new Set(restRoutes.map((route) => route.path.split('/')[1].toLowerCase()));
  app.use((req, res, next) => {
    if (restPrefixes.has(req.path.split('/')[1].toLowerCase())) rest(req, res, next);
    else next();
  });

  const wsServer = new WebSocketServer({ server: httpServer, path: '/graphql', maxPayload: 100 * 1024 });
  const wsCleanup = attachSubscriptions(wsServer, schema, database.orm, services);
  const apollo = createApolloServer(schema, httpServer, services);
  await apollo.start();
  app.use(
    '/graphql',
    graphqlHttpHandler(apollo, async ({ req }): Promise<GraphQLContext> => {
      const em = database.orm.em.fork();
      const user = await services.auth.authenticate(em, req.headers.authorization).catch((error: unknown) => {
        if (!(error instanceof UnauthenticatedError)) throw error;
        throw new GraphQLError(error.message, { extensions: { code: 'UNAUTHENTICATED', http: { status: 401 } } });
      });
      const requestId = String(req.res?.locals.requestId ?? randomUUID());
      return { em, user, services, requestId, clientAddress: req.ip ?? 'unknown' };
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

  if (!config.mail.smtpUrl) await services.mailCapture.start(database.orm, config.mail.capturePort);
  await services.jobs.start(database.orm);

  const port = options.port ?? config.port;
  await new Promise<void>((resolve) => httpServer.listen(port, config.host, resolve));
  const address = httpServer.address();
  const actualPort = typeof address === 'object' && address ? address.port : port;

  let stopped = false;
  return {
    httpServer,
    database,
    services,
    schema,
    url: `http://localhost:${actualPort}`,
    async stop() {
      if (stopped) return;
      stopped = true;
      const step = async (name: string, work: () => Promise<unknown> | unknown) => {
        logger.debug(`stopping: ${name}`);
        await work();
      };
      await step('jobs', () => services.jobs.stop());
      await step('mail', async () => {
        services.mailer.close();
        await services.mailCapture.stop();
      });
      await step('subscriptions', () => wsCleanup.dispose());
      await step('websocket server', () => new Promise((resolve) => wsServer.close(resolve)));
      await step('graphql', () => apollo.stop());
      await step('auth', () => services.auth.stop());
      await step('events', async () => {
        stopFollowingDemoDay();
        await events.close();
      });
      await step('database', () => database.close());
      logger.debug('stopped');
    },
  };
}
