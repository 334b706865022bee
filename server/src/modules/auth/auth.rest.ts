import type { Request } from 'express';
import { requireUser } from '../../common/auth/access.js';
import { route, type RestContext } from '../../rest/route.js';
import { RAW_JSON } from '../../rest/wire.js';
import { SignInError, type TokenResponse } from './auth.service.js';
import { publishSessionEnded } from './session.events.js';
import { IDLE_SECONDS_HEADER } from './session.rules.js';
import { isJoinedSsoToken } from './sso.js';

function formField(req: Request, name: string): string {
  const value = (req.body as Record<string, unknown> | undefined)?.[name];
  return typeof value === 'string' ? value : '';
}

/** Answers a grant: the session data, or `error` and `error_description` (and the spec's error code). */
async function grant(ctx: RestContext, run: () => Promise<TokenResponse>): Promise<unknown> {
  try {
    return await run();
  } catch (error) {
    if (!(error instanceof SignInError)) throw error;
    ctx.res.status(error.status);
    if (error.retryAfterSeconds !== undefined) ctx.res.set('Retry-After', String(error.retryAfterSeconds));
    return {
      error: error.status === 429 ? 'too_many_attempts' : 'invalid_grant',
      error_description: error.description,
      ...(error.errorCode !== undefined ? { error_code: error.errorCode } : {}),
    };
  }
}

export const authRoutes = [
  route('post', '/Token', 'public', RAW_JSON, (ctx) => {
    const { req, em, services } = ctx;
    const grantType = formField(req, 'grant_type');
    const address = req.ip ?? 'unknown';
    ctx.res.set('Cache-Control', 'no-store');
    switch (grantType) {
      case 'password': {
        // Single sign-on as the spec documents it: the joined token in the username of a password grant.
        const username = formField(req, 'username');
        if (isJoinedSsoToken(username)) return grant(ctx, () => services.auth.ssoGrant(em, username, address));
        return grant(ctx, () => services.auth.passwordGrant(em, username, formField(req, 'password'), address));
      }
      case 'refresh_token':
        return grant(ctx, () =>
          services.auth.refreshGrant(em, formField(req, 'refresh_token'), req.headers[IDLE_SECONDS_HEADER]),
        );
      case 'sso':
        return grant(ctx, () => services.auth.ssoGrant(em, formField(req, 'username'), address));
      default:
        ctx.res.status(400);
        return { error: 'unsupported_grant_type', error_description: 'The grant type is not supported.' };
    }
  }),

  route('get', '/api/authentication/windowslogin', 'public', RAW_JSON, (ctx) =>
    grant(ctx, () => ctx.services.auth.windowsLogin(ctx.em, ctx.req.headers, ctx.req.ip ?? 'unknown')),
  ),

  route('post', '/api/authentication/logout', 'signed-in', RAW_JSON, async ({ em, user, services }) => {
    const caller = requireUser(user);
    await services.auth.logout(em, caller);
    publishSessionEnded(services.events, caller.sessionId, 'logout');
    return { success: true };
  }),
];
