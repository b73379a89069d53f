import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from './query-client';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('createQueryClient', () => {
  it("applies the spec's data-fetching defaults", () => {
    const { queries, mutations } = createQueryClient().getDefaultOptions();
    expect(queries?.retry).toBe(false);
    expect(queries?.refetchOnWindowFocus).toBe(false);
    expect(queries?.refetchInterval).toBe(false);
    expect(queries?.staleTime).toBe(Infinity);
    expect(mutations?.retry).toBe(false);
  });

  it('fetches the joined query key by default, caches it as never stale, and does not retry failures', async () => {
    const fetchStub = vi.fn(async (url: string) =>
      url === '/api/admin/stats'
        ? new Response('{"pending":2}', { status: 200 })
        : new Response('{"message":"Boom"}', { status: 500 }),
    );
    vi.stubGlobal('fetch', fetchStub);
    const client = createQueryClient();

    await expect(client.fetchQuery({ queryKey: ['/api/admin/stats'] })).resolves.toEqual({ pending: 2 });
    // Never stale: asking again is served from the cache without another request.
    await client.fetchQuery({ queryKey: ['/api/admin/stats'] });
    expect(fetchStub).toHaveBeenCalledTimes(1);

    await expect(client.fetchQuery({ queryKey: ['/api/submissions', 'abc'] })).rejects.toThrow(
      '500: {"message":"Boom"}',
    );
    expect(fetchStub).toHaveBeenCalledTimes(2);
    expect(fetchStub.mock.calls[1]?.[0]).toBe('/api/submissions/abc');
  });
});
