import { readdirSync } from 'node:fs';
import { request } from 'node:http';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { media } from '../../src/db/schema.ts';
import { buildAdmin, buildStudent, useAccounts } from '../factories.ts';
import { MP4_BYTES, PNG_BYTES, postUploadForm, upload } from '../factories-course.ts';
import { type TestApp, useTestApp } from '../harness.ts';
import { API_BASE } from '@app/contract/endpoints';
import { PLAIN_ROUTES } from '@app/contract/operation-routes';
import { refusal } from '../refusal.ts';

const PDF_BYTES = Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n');
const IMAGE_LIMIT = 6000;

/** Files visible in a storage folder (the temp folder excluded). */
const visible = (t: TestApp, folder: string) => {
  try {
    return readdirSync(path.join(t.dataDir, 'media', folder));
  } catch {
    return [];
  }
};

describe('uploads (POST /images/add)', () => {
  const t = useTestApp({ env: { MAX_IMAGE_BYTES: String(IMAGE_LIMIT), MAX_VIDEO_BYTES: '200000' } });
  const [tutor] = useAccounts(t, 'tutor');

  it('stores an image, a video and a resource, each recognised from its bytes, and records the uploader', async () => {
    const img = await upload(t, tutor.token, 'image', PNG_BYTES, 'cover.png');
    expect(img.status).toBe(200);
    expect(img.body.responseDto).toEqual({ code: 'dk00', message: 'File uploaded' });
    expect(img.body.url).toMatch(/^\/media\/images\/[0-9a-f-]{36}\.png$/);
    const res = await fetch(`${t.url}${img.body.url}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await res.arrayBuffer()).equals(PNG_BYTES)).toBe(true);

    const vid = await upload(t, tutor.token, 'video', MP4_BYTES, 'intro.mp4');
    expect(vid.body.url).toMatch(/^\/media\/videos\/[0-9a-f-]{36}\.mp4$/);
    const doc = await upload(t, tutor.token, 'resource', PDF_BYTES, 'notes.pdf');
    expect(doc.body.url).toMatch(/^\/media\/resources\/[0-9a-f-]{36}\.pdf$/);

    const [row] = await t.ctx.db
      .select()
      .from(media)
      .where(eq(media.key, vid.body.url!.slice('/media/'.length)));
    expect(row).toMatchObject({
      kind: 'video',
      ownerId: tutor.id,
      contentType: 'video/mp4',
      size: MP4_BYTES.length,
      originalName: 'intro.mp4',
    });
  });

  it('lets admins upload too', async () => {
    const admin = await buildAdmin(t);
    expect((await upload(t, admin.token, 'image', PNG_BYTES)).status).toBe(200);
  });

  it('refuses a file whose bytes do not match its type', async () => {
    const cases: [string, Buffer, string][] = [
      ['image', MP4_BYTES, 'The file is not a supported image. Upload a PNG, JPEG, WebP or GIF file.'],
      ['video', PNG_BYTES, 'The file is not a supported video. Upload an MP4, WebM or MOV file.'],
      [
        'video',
        Buffer.from('just some text pretending to be a video'),
        'The file is not a supported video. Upload an MP4, WebM or MOV file.',
      ],
      ['resource', PNG_BYTES, 'The file is not a supported resource. Upload a PDF or ZIP file.'],
    ];
    for (const [type, bytes, message] of cases) {
      const res = await upload(t, tutor.token, type, bytes, 'movie.mp4');
      expect(res.status, message).toBe(400);
      expect(res.body.responseDto).toEqual(refusal(message));
    }
  });

  it('reads the type even when it comes after the file, and still refuses a mismatch', async () => {
    const send = async (type: string, bytes: Buffer) => {
      const form = new FormData();
      form.append('files', new Blob([new Uint8Array(bytes)]), 'x');
      form.append('type', type);
      return postUploadForm(t, tutor.token, form);
    };
    const good = await send('video', MP4_BYTES);
    expect(good.status).toBe(200);
    expect(good.body.url).toMatch(/^\/media\/videos\//);
    const before = visible(t, 'videos').length;
    const bad = await send('image', MP4_BYTES);
    expect(bad.status).toBe(400);
    expect(bad.body.responseDto.message).toBe(
      'The file is not a supported image. Upload a PNG, JPEG, WebP or GIF file.',
    );
    expect(visible(t, 'videos').length).toBe(before);
  });

  it('refuses a missing file, a missing or unknown type, and a non-multipart body', async () => {
    const form = new FormData();
    form.append('type', 'image');
    const noFile = await postUploadForm(t, tutor.token, form);
    expect(noFile.status).toBe(400);
    expect(noFile.body.responseDto.message).toBe('Choose a file to upload (form field "files").');
    const unknown = await upload(t, tutor.token, 'audio', PNG_BYTES);
    expect(unknown.status).toBe(400);
    expect(unknown.body.responseDto.message).toBe('type must be image, video or resource.');
    const noType = new FormData();
    noType.append('files', new Blob([new Uint8Array(PNG_BYTES)]), 'a.png');
    const r2 = await postUploadForm(t, tutor.token, noType);
    expect(r2.status).toBe(400);
    expect(r2.body.responseDto.message).toBe('type is required: image, video or resource.');
    const json = await t.api(PLAIN_ROUTES.upload.path, { body: { url: 'x' }, token: tutor.token });
    expect(json.status).toBe(400);
    expect(json.body.responseDto.message).toBe(
      'Send the upload as multipart/form-data with the fields files, name and type.',
    );
  });

  it('answers 413 over the configured size limit and keeps nothing', async () => {
    const before = visible(t, 'images').length;
    const big = Buffer.concat([PNG_BYTES, Buffer.alloc(IMAGE_LIMIT, 1)]);
    const res = await upload(t, tutor.token, 'image', big);
    expect(res.status).toBe(413);
    expect(res.body.responseDto.message).toBe('The image is too large. The limit is 5.9 KB.');
    expect(visible(t, 'images').length).toBe(before);
    expect(visible(t, '.tmp')).toEqual([]);
    const atLimit = Buffer.concat([PNG_BYTES, Buffer.alloc(IMAGE_LIMIT - PNG_BYTES.length, 1)]);
    expect((await upload(t, tutor.token, 'image', atLimit)).status).toBe(200);
  });

  it('refuses students (403) and guests (401)', async () => {
    const student = await buildStudent(t);
    const s = await upload(t, student.token, 'image', PNG_BYTES);
    expect(s.status).toBe(403);
    expect(s.body.responseDto.message).toBe('Only tutors and admins can upload files.');
    const form = new FormData();
    form.append('type', 'image');
    form.append('files', new Blob([new Uint8Array(PNG_BYTES)]), 'a.png');
    const g = await fetch(`${t.url}${API_BASE}${PLAIN_ROUTES.upload.path}`, { method: 'POST', body: form });
    expect(g.status).toBe(401);
  });

  it('leaves no visible file when an upload is cut off halfway', async () => {
    const before = visible(t, 'videos').length;
    const boundary = 'cutoffboundary';
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="type"\r\n\r\nvideo\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="big.mp4"\r\n` +
        'Content-Type: video/mp4\r\n\r\n',
    );
    await new Promise<void>((resolve) => {
      const req = request(`${t.url}${API_BASE}${PLAIN_ROUTES.upload.path}`, {
        method: 'POST',
        headers: {
          apiKey: tutor.token,
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': String(head.length + 150_000),
        },
      });
      req.on('error', () => resolve());
      req.on('response', () => resolve());
      req.write(head);
      req.write(MP4_BYTES);
      req.write(Buffer.alloc(50_000, 3), () => setTimeout(() => req.destroy(), 100));
    });
    // The server notices the closed connection asynchronously.
    for (let i = 0; i < 50 && visible(t, '.tmp').length > 0; i++) await new Promise((r) => setTimeout(r, 50));
    await new Promise((r) => setTimeout(r, 200));
    expect(visible(t, '.tmp')).toEqual([]);
    expect(visible(t, 'videos').length).toBe(before);
    expect(await t.ctx.db.select().from(media).where(eq(media.ownerId, tutor.id))).not.toContainEqual(
      expect.objectContaining({ originalName: 'big.mp4' }),
    );
  });
});
