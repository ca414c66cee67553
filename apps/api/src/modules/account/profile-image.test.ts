import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, userRow } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { sniffImage } from './profile-image';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

function multipart(field: string, filename: string, contentType: string, bytes: Buffer) {
  const boundary = `----parcelle${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    body: Buffer.concat([head, bytes, tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

async function upload(
  token: string,
  bytes: Buffer,
  options: { field?: string; filename?: string; type?: string } = {},
) {
  const { body, headers } = multipart(
    options.field ?? 'image',
    options.filename ?? 'photo.png',
    options.type ?? 'image/png',
    bytes,
  );
  return t.app.inject({
    method: 'POST',
    url: '/api/user/profile-image',
    headers: { ...headers, authorization: `Bearer ${token}` },
    payload: body,
  });
}

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 80, b: 40 } } })
    .png()
    .toBuffer();

/** A JPEG carrying EXIF (camera, GPS-like comment) and an orientation tag. */
const jpegWithExif = () =>
  sharp({ create: { width: 64, height: 32, channels: 3, background: { r: 10, g: 120, b: 200 } } })
    .jpeg()
    .withExif({ IFD0: { Make: 'SecretCam', Model: 'Spy 3000', ImageDescription: 'home at 48.85N 2.35E' } })
    .toBuffer();

describe('POST /api/user/profile-image', () => {
  it('re-encodes a PNG to WebP under avatars/, shown in the profile and served from /media/', async () => {
    const member = await createMember(t);
    const response = await upload(member.accessToken, await png(2000, 1000));
    expect(response.statusCode).toBe(200);
    const { data, message } = response.json();
    expect(message.en).toBe('Your profile picture has been updated');
    expect(data.img).toMatch(/^avatars\/[0-9a-f-]{36}\.webp$/);
    expect(data.base_url).toBe('/media/');

    const profile = await t.call('GET', '/api/user/profile', { token: member.accessToken });
    expect(profile.json().data.user.img).toBe(data.img);
    expect(profile.json().data.user.base_url).toBe(data.base_url);

    const served = await t.app.inject({ method: 'GET', url: `/media/${data.img}` });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toContain('max-age=31536000');
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta.format).toBe('webp');
    expect(Math.max(meta.width ?? 0, meta.height ?? 0)).toBe(1024);
  });

  it('strips EXIF from a JPEG', async () => {
    const member = await createMember(t);
    const original = await jpegWithExif();
    expect((await sharp(original).metadata()).exif).toBeDefined();
    const response = await upload(member.accessToken, original, { filename: 'me.jpg', type: 'image/jpeg' });
    expect(response.statusCode).toBe(200);
    const stored = await t.ctx.storage.get(response.json().data.img);
    expect(stored).toBeDefined();
    const meta = await sharp(stored?.bytes).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(stored?.bytes.includes(Buffer.from('SecretCam'))).toBe(false);
  });

  it('accepts WebP and replaces the previous picture (its file is deleted)', async () => {
    const member = await createMember(t);
    const first = (await upload(member.accessToken, await png(40, 40))).json().data.img;
    const webp = await sharp(await png(30, 30))
      .webp()
      .toBuffer();
    const second = await upload(member.accessToken, webp, { filename: 'x.webp', type: 'image/webp' });
    expect(second.statusCode).toBe(200);
    const key = second.json().data.img;
    expect(key).not.toBe(first);
    expect(await t.ctx.storage.get(first)).toBeUndefined();
    expect((await t.app.inject({ method: 'GET', url: `/media/${first}` })).statusCode).toBe(404);
    expect((await userRow(t, member.email))?.img).toBe(key);
    const files = await readdir(join(t.ctx.config.dataDir, 'media', 'avatars'));
    expect(files).toContain(key.slice('avatars/'.length));
    expect(files).not.toContain(first.slice('avatars/'.length));
  });

  it('refuses a text file named .png and declared as image/png (magic bytes decide)', async () => {
    const member = await createMember(t);
    const response = await upload(member.accessToken, Buffer.from('just some text, not an image at all'));
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toEqual({
      en: 'Only JPEG, PNG or WebP images are accepted',
      fr: 'Seules les images JPEG, PNG ou WebP sont acceptées',
    });
    expect((await userRow(t, member.email))?.img).toBeNull();
  });

  it('refuses GIF and SVG, and a truncated PNG', async () => {
    const member = await createMember(t);
    const gif = await sharp(await png(8, 8))
      .gif()
      .toBuffer();
    expect((await upload(member.accessToken, gif, { filename: 'a.png' })).json().error.en).toBe(
      'Only JPEG, PNG or WebP images are accepted',
    );
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    expect((await upload(member.accessToken, svg, { filename: 'a.svg', type: 'image/svg+xml' })).statusCode).toBe(400);
    const truncated = (await png(200, 200)).subarray(0, 60);
    const response = await upload(member.accessToken, truncated);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.en).toBe('The image could not be read');
  });

  it('refuses a file over 5 MiB with 413 in both languages', async () => {
    const member = await createMember(t);
    const big = Buffer.concat([await png(10, 10), Buffer.alloc(5 * 1024 * 1024 + 10)]);
    const response = await upload(member.accessToken, big);
    expect(response.statusCode).toBe(413);
    expect(response.json().error).toEqual({
      en: 'The image must not exceed 5 MB',
      fr: "L'image ne doit pas dépasser 5 Mo",
    });
  });

  it('needs the `image` field, a multipart body and a signed-in member', async () => {
    const member = await createMember(t);
    const wrongField = await upload(member.accessToken, await png(10, 10), { field: 'avatar' });
    expect(wrongField.statusCode).toBe(400);
    expect(wrongField.json().error.en).toBe('Please choose an image');
    const json = await t.call('POST', '/api/user/profile-image', { body: { image: 'x' }, token: member.accessToken });
    expect(json.statusCode).toBe(400);
    const { body, headers } = multipart('image', 'a.png', 'image/png', await png(10, 10));
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/user/profile-image', headers, payload: body });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('GET /media/*', () => {
  it('answers 404 in both languages for unknown keys and never leaves the media folder', async () => {
    for (const url of [
      '/media/avatars/00000000-0000-0000-0000-000000000000.webp',
      '/media/../secrets.json',
      '/media/..%2f..%2fsecrets.json',
      '/media/avatars/%2e%2e/%2e%2e/secrets.json',
      '/media/',
    ]) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.json().error).toEqual({ en: 'Not found', fr: 'Introuvable' });
    }
  });
});

describe('sniffImage', () => {
  it('knows the three accepted types by their first bytes', async () => {
    expect(sniffImage(await png(2, 2))).toBe('png');
    expect(
      sniffImage(
        await sharp(await png(2, 2))
          .jpeg()
          .toBuffer(),
      ),
    ).toBe('jpeg');
    expect(
      sniffImage(
        await sharp(await png(2, 2))
          .webp()
          .toBuffer(),
      ),
    ).toBe('webp');
    expect(sniffImage(Buffer.from('GIF89a'))).toBeUndefined();
    expect(sniffImage(Buffer.alloc(0))).toBeUndefined();
  });
});
