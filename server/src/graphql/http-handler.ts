import { HeaderMap, type ApolloServer, type BaseContext, type HTTPGraphQLRequest } from '@apollo/server';
import type { Request, Response } from 'express';

/**
 * Apollo Server on Express 5: `@as-integrations/express5`'s `expressMiddleware`, less two costs paid on every
 * request (issue 13 item 8): the query string is cut at its `?` instead of by the legacy `url.parse` of the whole
 * URL, and a POST's answer is written as it is, without the SHA-1 ETag `res.send` computes over every body (a
 * POST's answer is never revalidated, so the tag served nothing). A GET keeps `res.send` (ETag, 304 on a match).
 */
export function graphqlHttpHandler<TContext extends BaseContext>(
  server: ApolloServer<TContext>,
  context: (args: { req: Request; res: Response }) => Promise<TContext>,
) {
  server.assertStarted('graphqlHttpHandler()');
  return async (req: Request, res: Response): Promise<void> => {
    if (!('body' in req)) {
      res.status(500);
      res.send('`req.body` is not set: the json middleware must run before the GraphQL handler.');
      return;
    }
    const headers = new HeaderMap();
    for (const [key, value] of Object.entries(req.headers)) {
      if (value !== undefined) headers.set(key, Array.isArray(value) ? value.join(', ') : value);
    }
    const queryStart = req.url.indexOf('?');
    const httpGraphQLRequest: HTTPGraphQLRequest = {
      method: req.method.toUpperCase(),
      headers,
      search: queryStart < 0 ? '' : req.url.slice(queryStart),
      body: req.body as unknown,
    };
    const answer = await server.executeHTTPGraphQLRequest({
      httpGraphQLRequest,
      context: () => context({ req, res }),
    });
    for (const [key, value] of answer.headers) res.setHeader(key, value);
    res.statusCode = answer.status ?? 200;
    if (answer.body.kind === 'complete') {
      if (req.method === 'POST') {
        res.setHeader('Content-Length', Buffer.byteLength(answer.body.string));
        res.end(answer.body.string);
      } else {
        res.send(answer.body.string);
      }
      return;
    }
    for await (const chunk of answer.body.asyncIterator) res.write(chunk);
    res.end();
  };
}
