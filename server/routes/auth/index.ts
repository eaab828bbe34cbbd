import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyPluginAsync } from 'fastify';
import { Type } from 'typebox';
import {
  CreateUserPayload,
  errorResponses,
  FirstAdminPayload,
  LoginPayload,
  SessionDto,
  UpdateUserPayload,
  UserDto,
  UserIdParams,
} from '../../../contract';
import { ApiError } from '../../domain/errors';
import { sessionCookie } from '../../plugins/auth';
import { allowedCalls } from '../../plugins/authPermissions';
import { scryptPool } from '../../services/passwords';
import { throttledSignIn } from '../../services/signInThrottle';
import {
  authenticate,
  createFirstAdmin,
  createSession,
  createUser,
  deleteSession,
  hashSecret,
  listUsers,
  updateUser,
} from '../../services/users';

/** Sign-in (/sesion) and users (/usuarios). Who may call each is in plugins/authPermissions.ts. */

const NO_SIGN_IN = new ApiError(
  409,
  'SIN_INICIO_DE_SESION',
  'Este servidor solo escucha en esta máquina y no pide inicio de sesión',
);

const authRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { security } = app.config;
  const sessionSeconds = security.sessionHours * 3600;

  const sessionOf = (user: UserDto): SessionDto => ({
    usuario: user,
    acceso: security.auth === 'local' ? 'local' : 'sesion',
    permitidas: allowedCalls(user.rol),
  });

  app.get(
    '/sesion',
    {
      schema: {
        tags: ['sesion'],
        summary: 'Quién soy: usuario, rol y llamadas permitidas (401 sin sesión)',
        response: { 200: SessionDto, ...errorResponses(401) },
      },
    },
    async (request) => {
      if (!request.user) throw new ApiError(401, 'NO_AUTENTICADO', 'Inicia sesión para continuar');
      return sessionOf(request.user);
    },
  );

  app.post(
    '/sesion',
    {
      config: { rateLimit: { max: security.loginRateLimit, timeWindow: 60_000 } },
      schema: {
        tags: ['sesion'],
        summary: 'Iniciar sesión (cookie HttpOnly)',
        body: LoginPayload,
        response: { 200: SessionDto, ...errorResponses(400, 401, 409, 429) },
      },
    },
    async (request, reply) => {
      if (security.auth === 'local') throw NO_SIGN_IN;
      const { usuario, contrasena } = request.body;
      const free = scryptPool.admit();
      let user: UserDto | null;
      try {
        user = await throttledSignIn(app.db, usuario, () => authenticate(app.db, usuario, contrasena));
      } finally {
        free();
      }
      if (!user) throw new ApiError(401, 'CREDENCIALES_NO_VALIDAS', 'Usuario o contraseña incorrectos');
      const token = await createSession(app.db, user.id, security.sessionHours);
      reply.header('set-cookie', sessionCookie(request, token, sessionSeconds));
      return sessionOf(user);
    },
  );

  app.delete(
    '/sesion',
    {
      schema: {
        tags: ['sesion'],
        summary: 'Cerrar sesión',
        response: { 204: Type.Null(), ...errorResponses() },
      },
    },
    async (request, reply) => {
      if (request.sessionToken) {
        await deleteSession(app.db, request.sessionToken);
        app.forgetSessions(request.sessionToken);
        // Its live streams on this instance close now; the other instances' within a sweep.
        app.sessionStreams.closeSession(hashSecret(request.sessionToken));
      }
      reply.header('set-cookie', sessionCookie(request, '', 0));
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/sesion/alta',
    {
      config: { rateLimit: { max: security.loginRateLimit, timeWindow: 60_000 } },
      schema: {
        tags: ['sesion'],
        summary: 'Crear el primer administrador con el código del enlace impreso al arrancar',
        body: FirstAdminPayload,
        response: { 201: SessionDto, ...errorResponses(400, 403, 409, 429) },
      },
    },
    async (request, reply) => {
      if (security.auth === 'local') throw NO_SIGN_IN;
      const { codigo, ...payload } = request.body;
      const user = await createFirstAdmin(app.db, codigo, payload);
      const token = await createSession(app.db, user.id, security.sessionHours);
      reply.header('set-cookie', sessionCookie(request, token, sessionSeconds));
      return reply.code(201).send(sessionOf(user));
    },
  );

  app.get(
    '/usuarios',
    {
      schema: {
        tags: ['usuarios'],
        summary: 'Usuarios y sus roles',
        response: { 200: Type.Array(UserDto), ...errorResponses(401, 403) },
      },
    },
    async () => listUsers(app.db),
  );

  app.post(
    '/usuarios',
    {
      schema: {
        tags: ['usuarios'],
        summary: 'Crear un usuario',
        body: CreateUserPayload,
        response: { 201: UserDto, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => reply.code(201).send(await createUser(app.db, request.body)),
  );

  app.patch(
    '/usuarios/:id',
    {
      schema: {
        tags: ['usuarios'],
        summary: 'Cambiar el rol, el nombre o la contraseña de un usuario',
        params: UserIdParams,
        body: UpdateUserPayload,
        response: { 200: UserDto, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const user = await updateUser(app.db, request.params.id, request.body);
      // A role or password change applies to the user's next request on this instance at once.
      app.forgetSessions();
      return user;
    },
  );
};

export default authRoutes;
