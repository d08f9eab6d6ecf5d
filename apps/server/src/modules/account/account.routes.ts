import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  CurrentUserSchema,
  LoginRequestSchema,
  SessionStateSchema,
  OverviewDetailsSchema,
  RegisterRequestSchema,
  SucceededResponseSchema,
  UpdatePasswordRequestSchema,
  UpdateProfileRequestSchema,
  UserProfileDetailsSchema,
} from '@rentdrive/contracts/account';
import type { RateLimiter } from '../../lib/rate-limit';
import { requireUser } from '../../plugins/session';
import { SESSION_COOKIE } from '../../lib/session-user';
import type { AccountService } from './account.service';
import { DEVICE_COOKIE } from './known-device';
import type { ZodTypeProvider } from '../../plugins/zod-schemas';
import { AccountPaths } from '@rentdrive/contracts/paths';

export interface AccountRoutesOptions {
  service: AccountService;
  /** Per client address, counted before the body is even parsed, so guessing passwords stays slow. */
  loginRate: RateLimiter;
  registerRate: RateLimiter;
}

const succeeded = { succeeded: true as const };
const tags = ['account'];

/** Thin HTTP layer of /api/account/*: parse, call the service, set or clear the cookie. */
export function registerAccountRoutes(app: FastifyInstance, { service, loginRate, registerRate }: AccountRoutesOptions): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const token = (request: FastifyRequest) => request.cookies[SESSION_COOKIE];
  const privateData = (reply: FastifyReply) => reply.header('Cache-Control', 'no-store');
  // Signed out is answered 401 before the body is validated (a 400 would hide the real problem).
  // eslint-disable-next-line @typescript-eslint/require-await -- Fastify waits for a hook without `done` only when it returns a promise; async turns the throw into a rejection.
  const signedIn = async (request: FastifyRequest) => {
    requireUser(request);
  };

  api.post(
    AccountPaths.register,
    {
      config: { access: 'public' },
      onRequest: (request) => registerRate.take(request.ip),
      schema: {
        tags,
        body: RegisterRequestSchema,
        response: { 200: SucceededResponseSchema },
      },
    },
    async (request, reply) => {
      const session = await service.register(request.body, token(request));
      reply.setSessionCookie(session.token, session.expiresAt);
      reply.setDeviceCookie(session.device.token, session.device.expiresAt);
      return succeeded;
    },
  );

  api.post(
    AccountPaths.login,
    {
      config: { access: 'public' },
      onRequest: (request) => loginRate.take(request.ip),
      schema: {
        tags,
        body: LoginRequestSchema,
        response: { 200: SucceededResponseSchema },
      },
    },
    async (request, reply) => {
      const session = await service.login(request.body, token(request), request.cookies[DEVICE_COOKIE]);
      reply.setSessionCookie(session.token, session.expiresAt);
      reply.setDeviceCookie(session.device.token, session.device.expiresAt);
      return succeeded;
    },
  );

  // Idempotent: signed out already is fine, and any (or no) body is accepted.
  api.post(
    AccountPaths.logout,
    { config: { access: 'public' }, schema: { tags, response: { 200: SucceededResponseSchema } } },
    async (request, reply) => {
      await service.logout(token(request));
      reply.clearSessionCookie();
      return succeeded;
    },
  );

  api.get(
    AccountPaths.me,
    { config: { access: 'user' }, schema: { tags, response: { 200: CurrentUserSchema } } },
    async (request, reply) => {
      const user = requireUser(request);
      privateData(reply);
      return service.me(user.id);
    },
  );

  api.get(
    AccountPaths.session,
    { config: { access: 'public' }, schema: { tags, response: { 200: SessionStateSchema } } },
    async (request, reply) => {
      privateData(reply);
      return { user: request.user ? await service.me(request.user.id) : null };
    },
  );

  api.get(
    AccountPaths.overviewDetails,
    { config: { access: 'user' }, schema: { tags, response: { 200: OverviewDetailsSchema } } },
    async (request, reply) => {
      const user = requireUser(request);
      privateData(reply);
      return service.overview(user.id);
    },
  );

  api.get(
    AccountPaths.profileDetails,
    { config: { access: 'user' }, schema: { tags, response: { 200: UserProfileDetailsSchema } } },
    async (request, reply) => {
      const user = requireUser(request);
      privateData(reply);
      return service.profileDetails(user.id);
    },
  );

  api.put(
    AccountPaths.updateProfileDetails,
    {
      config: { access: 'user' },
      preValidation: signedIn,
      schema: {
        tags,
        body: UpdateProfileRequestSchema,
        response: { 200: UserProfileDetailsSchema },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      privateData(reply);
      return service.updateProfile(user.id, request.body);
    },
  );

  api.post(
    AccountPaths.updatePassword,
    {
      config: { access: 'user' },
      preValidation: signedIn,
      schema: {
        tags,
        body: UpdatePasswordRequestSchema,
        response: { 200: SucceededResponseSchema },
      },
    },
    async (request) => {
      const user = requireUser(request);
      await service.updatePassword(user.id, request.body, token(request));
      return succeeded;
    },
  );
}
