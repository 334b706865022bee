/** The auth module's public surface: code outside it imports it only from here (eslint, module-graph.test.ts). */
export { AppSecret } from './app-secret.entity.js';
export { AuthResolver } from './auth.resolver.js';
export { authRoutes } from './auth.rest.js';
export { AuthService } from './auth.service.js';
export type { SessionTimes, SocketCredentials } from './auth.service.js';
export { hashPassword, verifyPassword } from './password.js';
export { RefreshToken } from './refresh-token.entity.js';
export { Session } from './session.entity.js';
export { isSessionEnded, sessionTopic } from './session.events.js';
export { IDLE_SECONDS_HEADER } from './session.rules.js';
export { ThrottleCounter } from './throttle-counter.entity.js';
export { SignInThrottle, throttlePolicy, tooManyAttemptsMessage } from './throttle.js';
export { sharedTokenSecret } from './token-secret.js';
export { UsedSsoToken } from './used-sso-token.entity.js';
