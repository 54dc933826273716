import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { IMAGE_FORMATS, IMAGE_WIDTHS, imageVariantName } from '#contract/images.ts';
import { madeBeforeAll, setupTestApp, type TestContext } from '../../test/app.ts';
import { startS3StandIn } from '../../test/s3-stand-in.ts';
import { createUser, type TestUser } from '../../test/users.ts';
import { backfillImageVariants } from './pipeline.ts';
import type { Storage } from './storage.ts';

const MAX_BYTES = 100_000;

const t = setupTestApp({ UPLOAD_MAX_BYTES: String(MAX_BYTES) });

function form(field: string, bytes: Buffer, filename: string, type: string): FormData {
  const body = new FormData();
  body.append(field, new Blob([new Uint8Array(bytes)], { type }), filename);
  return body;
}

/** One signed-in uploader per app. */
const uploaders = new WeakMap<TestContext, TestUser>();

async function upload(ctx: TestContext, body: FormData, as?: TestUser) {
  let user = as ?? uploaders.get(ctx);
  if (!user) {
    user = await createUser(ctx);
    uploaders.set(ctx, user);
  }
  return ctx.app.inject({ method: 'POST', url: '/api/uploads', payload: body, headers: user.auth });
}

const redSquarePng = () =>
  sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 200, g: 30, b: 40 } } })
    .png()
    .toBuffer();

/** A picture as the pipeline stored it before AVIF and the 200/800 widths: `<id>.webp` and `<id>-400.webp` only. */
async function storeLegacyPicture(storage: Storage): Promise<string> {
  const id = randomUUID();
  const picture = await redSquarePng();
  await storage.put(`${id}.webp`, await sharp(picture).webp().toBuffer(), 'image/webp');
  await storage.put(`${id}-400.webp`, await sharp(picture).resize({ width: 400 }).webp().toBuffer(), 'image/webp');
  return id;
}

/** Every variant's format and width as the storage serves it, fetched with `get`. */
async function servedVariants(get: (url: string) => Promise<{ status: number; body: Buffer }>, id: string) {
  return Promise.all(
    IMAGE_WIDTHS.flatMap((width) =>
      IMAGE_FORMATS.map(async (format) => {
        const { status, body } = await get(imageVariantName(id, width, format));
        return status === 200
          ? `${width} ${(await sharp(body).metadata()).compression ?? 'webp'}`
          : `${width} ${status}`;
      }),
    ),
  );
}
const ALL_VARIANTS = IMAGE_WIDTHS.flatMap((width) => [`${width} av1`, `${width} webp`]);

describe('POST /api/uploads', () => {
  it('stores a real picture and answers like the image host, serving it with long cache headers', async () => {
    const response = await upload(t, form('image', await redSquarePng(), 'tomato.png', 'image/png'));
    expect(response.statusCode).toBe(201);
    const json = response.json();
    expect(json).toMatchObject({
      success: true,
      status: 201,
      data: { width: 640, height: 480, display_url: expect.stringMatching(/^\/uploads\/[0-9a-f-]{36}\.webp$/) },
    });
    expect(json.data.url).toBe(json.data.display_url);

    const served = await t.app.inject(json.data.display_url);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toContain('max-age=31536000');
    expect(served.headers['cache-control']).toContain('immutable');
    const stored = await sharp(served.rawPayload).metadata();
    expect(stored).toMatchObject({ format: 'webp', width: 640, height: 480 });

    const thumb = await t.app.inject(json.data.thumb.url);
    expect(thumb.statusCode).toBe(200);
    expect((await sharp(thumb.rawPayload).metadata()).width).toBe(400);
  });

  it('stores the picture in AVIF and WebP at every width it is shown at, none wider than the original', async () => {
    const response = await upload(t, form('image', await redSquarePng(), 'tomato.png', 'image/png'));
    const { id } = response.json().data;
    const variants = await Promise.all(
      IMAGE_WIDTHS.flatMap((width) =>
        IMAGE_FORMATS.map(async (format) => {
          const served = await t.app.inject(`/uploads/${imageVariantName(id, width, format)}`);
          const { format: stored, compression, width: w, height } = await sharp(served.rawPayload).metadata();
          return { width, type: served.headers['content-type'], stored, compression, size: [w, height] };
        }),
      ),
    );
    const expected = (width: number) => [Math.min(width, 640), Math.round((Math.min(width, 640) * 480) / 640)];
    expect(variants).toEqual(
      IMAGE_WIDTHS.flatMap((width) => [
        { width, type: 'image/avif', stored: 'heif', compression: 'av1', size: expected(width) },
        { width, type: 'image/webp', stored: 'webp', compression: undefined, size: expected(width) },
      ]),
    );
  });

  it('refuses a text file named .png with 415', async () => {
    const text = Buffer.from('This is not a picture, whatever its name says.\n'.repeat(20));
    const response = await upload(t, form('image', text, 'holiday.png', 'image/png'));
    expect(response.statusCode).toBe(415);
    expect(response.json().error).toMatchObject({
      code: 'UNSUPPORTED_MEDIA_TYPE',
      message: expect.stringContaining('not a picture'),
    });
  });

  it('refuses a file over UPLOAD_MAX_BYTES with 413 and says the limit', async () => {
    const noisy = await sharp({
      create: {
        width: 600,
        height: 600,
        channels: 3,
        background: '#808080',
        noise: { type: 'gaussian', mean: 128, sigma: 60 },
      },
    })
      .png()
      .toBuffer();
    expect(noisy.length).toBeGreaterThan(MAX_BYTES);
    const response = await upload(t, form('image', noisy, 'noise.png', 'image/png'));
    expect(response.statusCode).toBe(413);
    expect(response.json().error).toEqual({
      code: 'PAYLOAD_TOO_LARGE',
      message: 'The picture is too large. The limit is 98 KB.',
    });
  });

  it('answers 400 when the field "image" is missing or the body is not multipart', async () => {
    const wrongField = await upload(t, form('file', await redSquarePng(), 'tomato.png', 'image/png'));
    expect(wrongField.statusCode).toBe(400);
    expect(wrongField.json().error).toMatchObject({ code: 'VALIDATION', fields: { image: 'This field is required' } });

    const onlyText = new FormData();
    onlyText.append('caption', 'no file here');
    const noFile = await upload(t, onlyText);
    expect(noFile.statusCode).toBe(400);

    const json = await t.app.inject({
      method: 'POST',
      url: '/api/uploads',
      payload: { image: 'x' },
      headers: (await createUser(t)).auth,
    });
    expect(json.statusCode).toBe(400);
    expect(json.json().error.code).toBe('VALIDATION');
  });

  it('strips EXIF (camera, GPS, copyright) from what it stores', async () => {
    const withExif = await sharp({
      create: { width: 320, height: 240, channels: 3, background: { r: 30, g: 160, b: 60 } },
    })
      .jpeg()
      .withMetadata({
        exif: {
          IFD0: { Copyright: 'Secret Owner', Make: 'PhoneCam', Model: 'X100' },
          IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '45/1 31/1 0/1' },
        },
      })
      .toBuffer();
    const original = await sharp(withExif).metadata();
    expect(original.exif?.toString('latin1')).toContain('Secret Owner');

    const response = await upload(t, form('image', withExif, 'field.jpg', 'image/jpeg'));
    expect(response.statusCode).toBe(201);
    const served = await t.app.inject(response.json().data.display_url);
    const stored = await sharp(served.rawPayload).metadata();
    expect(stored.format).toBe('webp');
    expect(stored.exif).toBeUndefined();
    expect(served.rawPayload.toString('latin1')).not.toContain('Secret Owner');
    expect(served.rawPayload.toString('latin1')).not.toContain('PhoneCam');
  });
});

describe('pictures stored before AVIF and the other widths', () => {
  it('get every variant from the backfill, once (a second run stores nothing), past a damaged one', async () => {
    const id = await storeLegacyPicture(t.app.storage);
    const get = async (name: string) => {
      const served = await t.app.inject(`/uploads/${name}`);
      return { status: served.statusCode, body: served.rawPayload };
    };
    expect(await servedVariants(get, id)).toContain('800 404');
    const damaged = `${randomUUID()}.webp`;
    await t.app.storage.put(damaged, Buffer.from('not a picture any more'), 'image/webp');

    expect(await backfillImageVariants(t.app.storage)).toEqual({ pictures: 1, files: 6, unreadable: [damaged] });
    expect(await servedVariants(get, id)).toEqual(ALL_VARIANTS);
    expect(await backfillImageVariants(t.app.storage)).toEqual({ pictures: 0, files: 0, unreadable: [damaged] });
  });
});

describe('who may upload', () => {
  const limited = setupTestApp({ RATE_LIMIT_UPLOADS_PER_HOUR: '2' });

  it('refuses an upload without a signed-in user with 401, before reading the file', async () => {
    const anonymous = await limited.app.inject({
      method: 'POST',
      url: '/api/uploads',
      payload: form('image', await redSquarePng(), 'tomato.png', 'image/png'),
    });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ error: { code: 'UNAUTHENTICATED', message: 'Please sign in first' } });
  });

  it('limits each user to RATE_LIMIT_UPLOADS_PER_HOUR pictures, shared by every server, with Retry-After', async () => {
    const [pat, sam] = [await createUser(limited), await createUser(limited)];
    const picture = () => redSquarePng().then((png) => form('image', png, 'tomato.png', 'image/png'));
    expect((await upload(limited, await picture(), pat)).statusCode).toBe(201);
    expect((await upload(limited, await picture(), pat)).statusCode).toBe(201);
    const third = await upload(limited, await picture(), pat);
    expect(third.statusCode).toBe(429);
    expect(Number(third.headers['retry-after'])).toBeGreaterThan(59 * 60);
    expect(third.json()).toEqual({
      error: {
        code: 'RATE_LIMITED',
        message: 'You have uploaded many pictures in a short time. Please wait 60 minutes and try again.',
      },
    });
    expect((await upload(limited, await picture(), sam)).statusCode).toBe(201);
  });
});

describe('uploads to an S3-compatible bucket', () => {
  const s3 = madeBeforeAll(() => startS3StandIn({ bucket: 'farmstall-pictures', accessKeyId: 'AKIAFARMSTALLTEST' }));
  afterAll(() => s3.close());
  const s3App = setupTestApp(() => ({
    S3_BUCKET: 'farmstall-pictures',
    S3_ENDPOINT: s3.endpoint,
    S3_ACCESS_KEY_ID: 'AKIAFARMSTALLTEST',
    S3_SECRET_ACCESS_KEY: 'test-secret-key-for-the-stand-in',
  }));

  it('puts the re-encoded picture in the bucket and answers its public URL', async () => {
    const response = await upload(s3App, form('image', await redSquarePng(), 'tomato.png', 'image/png'));
    expect(response.statusCode).toBe(201);
    const url: string = response.json().data.display_url;
    expect(url).toMatch(new RegExp(`^${s3.endpoint}/farmstall-pictures/[0-9a-f-]{36}\\.webp$`));

    const served = await fetch(url);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/webp');
    expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const metadata = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
    expect(metadata).toMatchObject({ format: 'webp', width: 640, height: 480 });
    expect((await fetch(response.json().data.thumb.url)).status).toBe(200);
  });

  it('fills in the variants of pictures the bucket kept from before', async () => {
    const id = await storeLegacyPicture(s3App.app.storage);
    const get = async (name: string) => {
      const served = await fetch(`${s3.endpoint}/farmstall-pictures/${name}`);
      return { status: served.status, body: Buffer.from(await served.arrayBuffer()) };
    };
    expect(await servedVariants(get, id)).toContain('200 404');
    expect(await backfillImageVariants(s3App.app.storage)).toMatchObject({ pictures: 1, files: 6 });
    expect(await servedVariants(get, id)).toEqual(ALL_VARIANTS);
    expect(s3.objects.get(`farmstall-pictures/${imageVariantName(id, 800, 'avif')}`)?.contentType).toBe('image/avif');
    expect(await backfillImageVariants(s3App.app.storage)).toEqual({ pictures: 0, files: 0, unreadable: [] });
  });

  it('is a stand-in that refuses unsigned writes, so the signed upload above proves the client signs', async () => {
    const unsigned = await fetch(`${s3.endpoint}/farmstall-pictures/unsigned.webp`, { method: 'PUT', body: 'x' });
    expect(unsigned.status).toBe(403);
  });
});
