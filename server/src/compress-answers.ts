import { constants } from 'node:zlib';
import compression from 'compression';
import type { Request, RequestHandler, Response } from 'express';

/**
 * Answers of the API (GraphQL over HTTP, the REST façade, /Token) are compressed when the browser asks
 * (Accept-Encoding): the overview's 43 KiB of JSON took ~300 ms on a slow phone (issue 23 item 1). The client's
 * files are precompressed at build time (serve-client.ts) and never pass here; subscriptions run on WebSocket.
 * Brotli at quality 4 and gzip at level 6: a few hundred microseconds for an overview, ~6× smaller.
 */
const COMPRESSED_TYPES = /^application\/(?:json|graphql-response\+json)\b/i;

/** Only JSON and GraphQL answers: never a stream (text/event-stream must reach the browser as it is written). */
export function isCompressedAnswer(contentType: string | number | string[] | undefined): boolean {
  return typeof contentType === 'string' && COMPRESSED_TYPES.test(contentType);
}

export function compressAnswers(): RequestHandler {
  return compression({
    threshold: 1024,
    level: 6,
    brotli: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
    filter: (_req: Request, res: Response) => isCompressedAnswer(res.getHeader('Content-Type')),
  });
}
