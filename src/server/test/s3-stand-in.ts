import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

export type S3StandIn = {
  /** http://127.0.0.1:<port>, to use as S3_ENDPOINT. */
  endpoint: string;
  /** Objects stored so far, by "<bucket>/<key>". */
  objects: Map<string, { body: Buffer; contentType: string; cacheControl: string | undefined }>;
  close: () => Promise<void>;
};

/**
 * A small local stand-in for an S3-compatible bucket (path-style): `PUT /<bucket>/<key>` stores the body
 * when the request carries an AWS SigV4 `authorization` header for the expected access key, and
 * `GET /<bucket>/<key>` serves it back, `GET /<bucket>?list-type=2` lists the keys (one page). Enough to exercise the real S3 client without a network.
 */
export async function startS3StandIn(options: { bucket: string; accessKeyId: string }): Promise<S3StandIn> {
  const objects: S3StandIn['objects'] = new Map();
  const server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://stand-in');
    const [bucket, ...keyParts] = decodeURIComponent(url.pathname).slice(1).split('/');
    const key = keyParts.join('/');
    if (bucket === options.bucket && !key && request.method === 'GET' && url.searchParams.get('list-type') === '2') {
      const keys = [...objects.keys()].filter((k) => k.startsWith(`${bucket}/`)).map((k) => k.slice(bucket.length + 1));
      const contents = keys.map((k) => `<Contents><Key>${k}</Key></Contents>`).join('');
      response
        .writeHead(200, { 'content-type': 'application/xml' })
        .end(
          `<ListBucketResult><Name>${bucket}</Name><KeyCount>${keys.length}</KeyCount><IsTruncated>false</IsTruncated>${contents}</ListBucketResult>`,
        );
      return;
    }
    if (bucket !== options.bucket || !key) {
      response.writeHead(404, { 'content-type': 'application/xml' }).end('<Error><Code>NoSuchBucket</Code></Error>');
      return;
    }
    if (request.method === 'PUT') {
      const authorization = request.headers.authorization ?? '';
      if (!authorization.startsWith(`AWS4-HMAC-SHA256 Credential=${options.accessKeyId}/`)) {
        response.writeHead(403, { 'content-type': 'application/xml' }).end('<Error><Code>AccessDenied</Code></Error>');
        return;
      }
      const body = await readBody(request);
      objects.set(`${bucket}/${key}`, {
        body,
        contentType: request.headers['content-type'] ?? 'application/octet-stream',
        cacheControl: request.headers['cache-control'],
      });
      response.writeHead(200, { etag: `"${body.length.toString(16)}"` }).end();
      return;
    }
    if (request.method === 'GET') {
      const object = objects.get(`${bucket}/${key}`);
      if (!object) {
        response.writeHead(404, { 'content-type': 'application/xml' }).end('<Error><Code>NoSuchKey</Code></Error>');
        return;
      }
      response
        .writeHead(200, {
          'content-type': object.contentType,
          'content-length': object.body.length,
          ...(object.cacheControl ? { 'cache-control': object.cacheControl } : {}),
        })
        .end(object.body);
      return;
    }
    response.writeHead(405).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    objects,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

/** The request body; an `aws-chunked` upload (streaming signature) is decoded to the plain bytes. */
async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const raw = Buffer.concat(chunks);
  if (!String(request.headers['content-encoding'] ?? '').includes('aws-chunked')) return raw;
  const parts: Buffer[] = [];
  let offset = 0;
  while (offset < raw.length) {
    const lineEnd = raw.indexOf('\r\n', offset);
    const size = Number.parseInt(raw.subarray(offset, lineEnd).toString().split(';')[0], 16);
    if (!size) break;
    parts.push(raw.subarray(lineEnd + 2, lineEnd + 2 + size));
    offset = lineEnd + 2 + size + 2;
  }
  return Buffer.concat(parts);
}
