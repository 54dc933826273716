import fs from 'node:fs/promises';
import path from 'node:path';
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { Config } from '../../config.ts';

/** Where re-encoded pictures are kept. `put` returns the URL the picture is served from. */
export type Storage = {
  put(key: string, body: Buffer, contentType: string): Promise<string>;
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
      await fs.writeFile(file, body);
      return `/uploads/${key}`;
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
  };
}

export function createStorage(config: Config): Storage {
  return config.s3 ? s3Storage(config.s3) : localStorage(localUploadsDir(config));
}
