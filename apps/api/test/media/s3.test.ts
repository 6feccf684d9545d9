import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildStudent, useAccounts } from '../factories.ts';
import { buildEnrolment, courseInput, MP4_BYTES, postUploadForm } from '../factories-course.ts';
import { useTestApp } from '../harness.ts';
import type { OpRequest } from '@app/contract/operations';

/** A tiny S3 stand-in (path style): PUT, HEAD, GET with Range, DELETE and multipart upload. No auth checks. */
function fakeS3() {
  const objects = new Map<string, Buffer>();
  const parts = new Map<string, Map<number, Buffer>>();
  const requests: string[] = [];
  // eslint-disable-next-line @typescript-eslint/no-misused-promises -- a fake server; an error in it fails the test
  const server: Server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const body = Buffer.concat(chunks);
    const url = new URL(req.url!, 'http://x');
    const key = decodeURIComponent(url.pathname.slice(1)); // "<bucket>/<key>"
    requests.push(
      `${req.method} ${url.pathname}${url.search ? '?' + [...url.searchParams.keys()].join('&') : ''}`,
    );
    const etag = (b: Buffer) => `"${createHash('md5').update(b).digest('hex')}"`;
    const uploadId = url.searchParams.get('uploadId');
    if (req.method === 'POST' && url.searchParams.has('uploads')) {
      const id = String(parts.size + 1);
      parts.set(id, new Map());
      res.setHeader('content-type', 'application/xml');
      return res.end(
        `<InitiateMultipartUploadResult><UploadId>${id}</UploadId></InitiateMultipartUploadResult>`,
      );
    }
    if (req.method === 'PUT' && uploadId) {
      parts.get(uploadId)!.set(Number(url.searchParams.get('partNumber')), body);
      res.setHeader('ETag', etag(body));
      return res.end();
    }
    if (req.method === 'POST' && uploadId) {
      const all = [...parts.get(uploadId)!.entries()].sort((a, b) => a[0] - b[0]).map((e) => e[1]);
      objects.set(key, Buffer.concat(all));
      res.setHeader('content-type', 'application/xml');
      return res.end(
        `<CompleteMultipartUploadResult><Key>${key}</Key><ETag>"x"</ETag></CompleteMultipartUploadResult>`,
      );
    }
    if (req.method === 'DELETE' && uploadId) {
      parts.delete(uploadId);
      res.statusCode = 204;
      return res.end();
    }
    if (req.method === 'PUT') {
      objects.set(key, body);
      res.setHeader('ETag', etag(body));
      return res.end();
    }
    const obj = objects.get(key);
    if (req.method === 'DELETE') {
      objects.delete(key);
      res.statusCode = 204;
      return res.end();
    }
    if (!obj) {
      res.statusCode = 404;
      res.setHeader('content-type', 'application/xml');
      return res.end(req.method === 'HEAD' ? undefined : '<Error><Code>NoSuchKey</Code></Error>');
    }
    res.setHeader('ETag', etag(obj));
    res.setHeader('Last-Modified', new Date().toUTCString());
    const m = /^bytes=(\d+)-(\d+)$/.exec(req.headers.range ?? '');
    const slice = m ? obj.subarray(Number(m[1]), Number(m[2]) + 1) : obj;
    if (m) {
      res.statusCode = 206;
      res.setHeader('Content-Range', `bytes ${m[1]}-${m[2]}/${obj.length}`);
    }
    res.setHeader('Content-Length', slice.length);
    return res.end(req.method === 'HEAD' ? undefined : slice);
  });
  return { server, objects, requests };
}

describe('S3 storage (against a fake S3 server)', () => {
  const s3 = fakeS3();
  let endpoint: string;
  beforeAll(async () => {
    await new Promise<void>((r) => s3.server.listen(0, '127.0.0.1', r));
    const addr = s3.server.address();
    endpoint = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
  });
  afterAll(() => {
    s3.server.close();
  });
  // Started after the fake S3 server listens, closed before it (hooks run in order, after-hooks in reverse).
  const t = useTestApp(() => ({
    env: {
      S3_BUCKET: 'course-media',
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: 'test',
      S3_SECRET_ACCESS_KEY: 'test-secret',
    },
  }));
  const [tutor] = useAccounts(t, 'tutor');

  it('uploads into the bucket and hands presigned GET URLs to entitled viewers, which are accepted back', async () => {
    const input = await courseInput(t, tutor);
    const videoKey = String(input.courseVideoUrl).slice('/media/'.length);
    expect(s3.objects.get(`course-media/${videoKey}`)?.equals(MP4_BYTES)).toBe(true);

    const created = await t.op('createCourse', {
      body: input,
      token: tutor.token,
    });
    expect(created.status).toBe(200);
    const presigned = new URL(created.body.coursesDto.courseVideoUrl!);
    expect(presigned.origin).toBe(endpoint);
    expect(presigned.pathname).toBe(`/course-media/${videoKey}`);
    expect(presigned.searchParams.get('X-Amz-Expires')).toBe('7200');
    expect(presigned.searchParams.get('X-Amz-Signature')).toBeTruthy();
    const fetched = await fetch(presigned);
    expect(Buffer.from(await fetched.arrayBuffer()).equals(MP4_BYTES)).toBe(true);

    const student = await buildStudent(t);
    const guest = await t.op('singleCourse', {
      params: { id: created.body.coursesDto.id },
      token: student.token,
    });
    expect(guest.status).toBe(404); // still Pending
    await buildEnrolment(t, student, { id: created.body.coursesDto.id, nairaPrice: 100 });
    const owner = await t.op('singleCourse', {
      params: { id: created.body.coursesDto.id },
      token: student.token,
    });
    // The buyer gets the trailer presigned; the lessons' originals are the staff's (the tutor's, here).
    expect(owner.body.coursesDto.courseVideoUrl).toContain('X-Amz-Signature=');
    expect(owner.body.coursesDto.sectionDto[0]!.seriesList[0]!.videoLink).toBeNull();
    const staff = await t.op('singleCourse', {
      params: { id: created.body.coursesDto.id },
      token: tutor.token,
    });
    expect(staff.body.coursesDto.sectionDto[0]!.seriesList[0]!.videoLink).toContain('X-Amz-Signature=');

    const updated = await t.op('updateCourse', {
      token: tutor.token,
      // The answer sent back as it came (a series' link may be null in an answer, never in a request).
      body: { ...created.body.coursesDto, title: 'Renamed' } as OpRequest<'updateCourse'>,
    });
    expect(updated.status).toBe(200);
    expect(new URL(updated.body.coursesDto.courseVideoUrl!).pathname).toBe(`/course-media/${videoKey}`);
  });

  it('serves public images through the API from the bucket, Range included', async () => {
    const input = await courseInput(t, tutor);
    const res = await fetch(`${t.url}${input.courseImageUrl}`, { headers: { range: 'bytes=0-7' } });
    expect(res.status).toBe(206);
    expect(res.headers.get('content-range')).toMatch(/^bytes 0-7\/\d+$/);
    expect(
      Buffer.from(await res.arrayBuffer())
        .subarray(1, 4)
        .toString(),
    ).toBe('PNG');
    expect((await fetch(`${t.url}/media/images/missing.png`)).status).toBe(404);
  });

  it('streams large files through a multipart upload', async () => {
    const big = Buffer.concat([MP4_BYTES, Buffer.alloc(6 * 1024 * 1024, 9)]);
    const form = new FormData();
    form.append('type', 'video');
    form.append('files', new Blob([new Uint8Array(big)]), 'big.mp4');
    const res = await postUploadForm(t, tutor.token, form);
    expect(res.status).toBe(200);
    const { url } = res.body as { url: string };
    expect(s3.objects.get(`course-media/${url.slice('/media/'.length)}`)?.length).toBe(big.length);
    expect(s3.requests.some((r) => r.startsWith('POST') && r.endsWith('?uploads'))).toBe(true);
  });
});
