import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import type { Config } from '../../config.ts';

/** Where re-encoded pictures are kept. `put` returns the URL the picture is served from. */
export type Storage = {
  put(key: string, body: Buffer, contentType: string): Promise<string>;
  get(key: string): Promise<Buffer>;
  /** The names of every stored file. */
  keys(): AsyncIterable<string>;
  /** Removes a stored file (a picture whose other variants could not be stored); none there is no error. */
  remove?(key: string): Promise<void>;
};

/** The file system's writes, a seam a test replaces to find the disk full (ENOSPC) without filling one. */
export const files = {
  writeFile: (file: string, body: Buffer) => fs.writeFile(file, body),
};

export function localUploadsDir(config: Pick<Config, 'dataDir'>): string {
  return path.join(config.dataDir, 'uploads');
}

/** Default: files under DATA_DIR/uploads, served by this server at /uploads/… with long cache headers. */
export function localStorage(dir: string): Storage {
  return {
    async put(key, body) {
      const file = path.join(dir, key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      // Written beside, then renamed: a request (or another server filling in the same picture) never reads half.
      // A write that fails (the disk full: ENOSPC) leaves no partial file behind.
      const partial = `${file}.${randomUUID()}.partial`;
      try {
        await files.writeFile(partial, body);
        await fs.rename(partial, file);
      } catch (error) {
        await fs.rm(partial, { force: true });
        throw error;
      }
      return `/uploads/${key}`;
    },
    remove: (key) => fs.rm(path.join(dir, key), { force: true }),
    get: (key) => fs.readFile(path.join(dir, key)),
    async *keys() {
      const entries = await fs.readdir(dir, { withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') return [];
        throw error;
      });
      for (const entry of entries) if (entry.isFile()) yield entry.name;
    },
  };
}

/** Any S3-compatible bucket (AWS S3, R2, MinIO, …). */
export function s3Storage(s3: NonNullable<Config['s3']>): Storage {
  const client = new S3Client({
    region: s3.region,
    endpoint: s3.endpoint,
    forcePathStyle: s3.forcePathStyle,
    credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
  });
  const base =
    s3.publicUrl ??
    (s3.endpoint
      ? `${s3.endpoint.replace(/\/$/, '')}/${s3.bucket}`
      : `https://${s3.bucket}.s3.${s3.region}.amazonaws.com`);
  return {
    async put(key, body, contentType) {
      await client.send(
        new PutObjectCommand({
          Bucket: s3.bucket,
          Key: key,
          Body: body,
          ContentType: contentType,
          CacheControl: 'public, max-age=31536000, immutable',
        }),
      );
      return `${base.replace(/\/$/, '')}/${key}`;
    },
    async remove(key) {
      await client.send(new DeleteObjectCommand({ Bucket: s3.bucket, Key: key }));
    },
    async get(key) {
      const object = await client.send(new GetObjectCommand({ Bucket: s3.bucket, Key: key }));
      return Buffer.from((await object.Body?.transformToByteArray()) ?? []);
    },
    async *keys() {
      let token: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket: s3.bucket, ContinuationToken: token }));
        for (const object of page.Contents ?? []) if (object.Key) yield object.Key;
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
    },
  };
}

export function createStorage(config: Config): Storage {
  return config.s3 ? s3Storage(config.s3) : localStorage(localUploadsDir(config));
}
