/**
 * The simulation's people reach the running app as people do: signed in through POST /Token, then GraphQL and the
 * REST façade over HTTP on the app's own loopback address (in process: the same routes, resolvers and services).
 */

export interface SimSession {
  username: string;
  token: string;
}

export interface GraphQLAnswer<T> {
  data?: T;
  errors?: { message: string; extensions?: Record<string, unknown> }[];
}

export class SimApi {
  private readonly sessions = new Map<string, SimSession>();

  constructor(private readonly url: string) {}

  /** Signs in once per user (the run's sessions are made to last: see `SIMULATION_ENV`). */
  async session(username: string, password: string): Promise<SimSession> {
    const known = this.sessions.get(username);
    if (known) return known;
    const response = await fetch(`${this.url}/Token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'password', username, password }),
    });
    const body = (await response.json()) as Record<string, unknown>;
    if (typeof body.access_token !== 'string')
      throw new Error(`Sign-in failed for ${username}: ${JSON.stringify(body)}`);
    const session = { username, token: body.access_token };
    this.sessions.set(username, session);
    return session;
  }

  async graphql<T>(who: SimSession, query: string, variables: Record<string, unknown> = {}): Promise<T> {
    const body = await this.answer<T>(who, query, variables);
    if (body.errors?.length || !body.data) {
      throw new Error(`GraphQL as ${who.username} failed: ${JSON.stringify(body.errors)}`);
    }
    return body.data;
  }

  /** The whole answer, errors included (a view that may refuse: the caller judges the refusal). */
  async answer<T>(who: SimSession, query: string, variables: Record<string, unknown> = {}): Promise<GraphQLAnswer<T>> {
    const response = await fetch(`${this.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${who.token}` },
      body: JSON.stringify({ query, variables }),
    });
    return (await response.json()) as GraphQLAnswer<T>;
  }

  async rest<T>(who: SimSession, path: string): Promise<T> {
    const response = await fetch(`${this.url}${path}`, { headers: { authorization: `Bearer ${who.token}` } });
    const text = await response.text();
    if (response.status !== 200) throw new Error(`GET ${path} as ${who.username}: ${response.status} ${text}`);
    return JSON.parse(text) as T;
  }
}

/** Sessions that outlive a simulated year (the clock moves by days) and sign-ins that are never throttled. */
export const SIMULATION_ENV: Record<string, string> = {
  ACCESS_TOKEN_SECONDS: String(20 * 365 * 86_400),
  INACTIVITY_SECONDS: String(20 * 365 * 86_400),
  ABSOLUTE_SESSION_SECONDS: String(20 * 365 * 86_400),
  LOGIN_THROTTLE_PER_ADDRESS: '1000000',
  LOGIN_THROTTLE_PER_ACCOUNT: '1000000',
  LOGIN_THROTTLE_PER_ACCOUNT_ADDRESS: '1000000',
};
