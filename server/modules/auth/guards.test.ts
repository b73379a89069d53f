import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { User } from '../../db/schema.js';
import { HttpError } from '../../plugins/errors.js';
import { requireAdmin, requireUser, signedInUser } from './guards.js';

function requestAs(role: User['role'] | null): FastifyRequest {
  const user = role
    ? ({ id: '6f1c1d0e-0000-4000-8000-000000000001', email: 'a@example.com', role } as User)
    : null;
  return { user } as FastifyRequest;
}

async function statusOf(promise: Promise<void>): Promise<number | 'ok'> {
  try {
    await promise;
    return 'ok';
  } catch (error) {
    return error instanceof HttpError ? error.statusCode : -1;
  }
}

describe('guards', () => {
  it('requireUser: 401 when signed out, passes a user', async () => {
    expect(await statusOf(requireUser(requestAs(null)))).toBe(401);
    expect(await statusOf(requireUser(requestAs('user')))).toBe('ok');
  });

  it('requireAdmin: 401 signed out, 403 for a seller, passes an admin', async () => {
    expect(await statusOf(requireAdmin(requestAs(null)))).toBe(401);
    expect(await statusOf(requireAdmin(requestAs('user')))).toBe(403);
    expect(await statusOf(requireAdmin(requestAs('admin')))).toBe('ok');
  });

  it('signedInUser returns the user or throws 401', () => {
    expect(signedInUser(requestAs('user')).email).toBe('a@example.com');
    expect(() => signedInUser(requestAs(null))).toThrow(HttpError);
  });
});
