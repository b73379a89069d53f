// One contract, two implementations: the local folder, and the S3 client against a small
// in-process S3-compatible HTTP server (the test edge: no S3 service can run on this machine).
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImageStorage } from './image-storage.js';
import { createLocalImageStorage } from './local-image-storage.js';
import { createS3ImageStorage } from './s3-image-storage.js';

interface FakeObject {
  body: Buffer;
  contentType: string;
}

/** Path-style S3 object API (PUT/GET/DELETE /bucket/key), enough for the storage's three calls. */
function startFakeS3(): Promise<{
  server: Server;
  endpoint: string;
  objects: Map<string, FakeObject>;
  requests: string[];
}> {
  const objects = new Map<string, FakeObject>();
  const requests: string[] = [];
  const readBody = async (request: IncomingMessage) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  };
  const server = createServer(async (request, response) => {
    const key = decodeURIComponent(new URL(request.url ?? '/', 'http://fake').pathname.slice(1));
    requests.push(
      `${request.method} ${key} ${request.headers.authorization?.startsWith('AWS4-HMAC-SHA256') ? 'signed' : 'unsigned'}`,
    );
    if (request.method === 'PUT') {
      objects.set(key, {
        body: await readBody(request),
        contentType: String(request.headers['content-type']),
      });
      response.writeHead(200, { ETag: '"fake"' }).end();
    } else if (request.method === 'GET') {
      const found = objects.get(key);
      if (!found) {
        response
          .writeHead(404, { 'Content-Type': 'application/xml' })
          .end(
            '<?xml version="1.0" encoding="UTF-8"?><Error><Code>NoSuchKey</Code><Message>The specified key does not exist.</Message></Error>',
          );
        return;
      }
      response
        .writeHead(200, { 'Content-Type': found.contentType, 'Content-Length': found.body.length })
        .end(found.body);
    } else if (request.method === 'DELETE') {
      objects.delete(key);
      response.writeHead(204).end();
    } else {
      response.writeHead(405).end();
    }
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({ server, endpoint: `http://127.0.0.1:${port}`, objects, requests });
    }),
  );
}

function contract(name: string, make: () => ImageStorage) {
  describe(`${name} image storage`, () => {
    it('stores, reads back, overwrites and deletes', async () => {
      const storage = make();
      const key = 'ab/ab12-photo.jpg';
      await storage.put(key, Buffer.from('first'), 'image/jpeg');
      expect(await storage.get(key)).toEqual({ bytes: Buffer.from('first'), contentType: 'image/jpeg' });
      await storage.put(key, Buffer.from('second'), 'image/jpeg');
      expect((await storage.get(key))?.bytes.toString()).toBe('second');
      await storage.delete(key);
      expect(await storage.get(key)).toBeNull();
    });

    it('answers null for a missing key and deletes a missing key quietly', async () => {
      const storage = make();
      expect(await storage.get('zz/missing.jpg')).toBeNull();
      await expect(storage.delete('zz/missing.jpg')).resolves.toBeUndefined();
    });

    it('refuses keys that could leave the storage root', async () => {
      const storage = make();
      for (const key of ['../etc/passwd', 'a/../../b.jpg', '/abs.jpg', 'A/Upper.jpg', 'a//b.jpg', '']) {
        await expect(storage.put(key, Buffer.from('x'), 'image/jpeg')).rejects.toThrow(/Unsafe storage key/);
      }
    });
  });
}

let root: string;
let fake: Awaited<ReturnType<typeof startFakeS3>>;
beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'image-storage-'));
  fake = await startFakeS3();
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
  await new Promise((resolve) => fake.server.close(resolve));
});

contract('local', () => createLocalImageStorage(root));
contract('S3', () =>
  createS3ImageStorage({
    bucket: 'photos',
    region: 'us-east-1',
    endpoint: fake.endpoint,
    accessKeyId: 'test-key',
    secretAccessKey: 'test-secret',
    forcePathStyle: true,
    prefix: 'images/',
  }),
);

describe('storage details', () => {
  it('local storage leaves no partial files behind', async () => {
    const storage = createLocalImageStorage(root);
    await storage.put('cd/cd34.jpg', Buffer.alloc(1024, 1), 'image/jpeg');
    expect(await readdir(path.join(root, 'cd'))).toEqual(['cd34.jpg']);
  });

  it('S3 storage sends signed requests for bucket/prefix/key with the content type', async () => {
    const storage = createS3ImageStorage({
      bucket: 'photos',
      region: 'us-east-1',
      endpoint: fake.endpoint,
      accessKeyId: 'test-key',
      secretAccessKey: 'test-secret',
      forcePathStyle: true,
      prefix: 'images/',
    });
    fake.requests.length = 0;
    await storage.put('ef/ef56.jpg', Buffer.from('jpeg bytes'), 'image/jpeg');
    expect(fake.objects.get('photos/images/ef/ef56.jpg')).toEqual({
      body: Buffer.from('jpeg bytes'),
      contentType: 'image/jpeg',
    });
    expect(fake.requests).toEqual(['PUT photos/images/ef/ef56.jpg signed']);
  });
});
