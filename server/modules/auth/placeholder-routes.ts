import type { FastifyInstance } from 'fastify';

/**
 * Until sign-in lands (issue 3), the Sign Up / Sign In buttons reach /api/login and get a clear
 * answer rather than the app shell.
 */
export async function authPlaceholderRoutes(app: FastifyInstance) {
  app.get('/login', async (_request, reply) =>
    reply
      .status(501)
      .type('text/plain; charset=utf-8')
      .send('Sign-in is not available yet. It arrives with the accounts feature.'),
  );
  app.get('/auth/user', async (_request, reply) =>
    reply.status(401).send({ message: 'Unauthorized', code: 'unauthenticated' }),
  );
}
