import { rmSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE } from '@app/contract/endpoints';
import { settleCompletion } from '../../src/commands/completion.ts';
import { accounts } from '../../src/db/schema.ts';
import { certificates, watchCoverage } from '../../src/db/schema-learning.ts';
import { certificateImageSvg } from '../../src/presenters/certificate-image.ts';
import { certificateByCode } from '../../src/queries/certificates.ts';
import { buildStudent, buildTutor } from '../factories.ts';
import { buildApprovedCourse, buildEnrolment } from '../factories-course.ts';
import { startTestApp, type TestApp } from '../harness.ts';
import { miniatureWebDist, SERVER_RENDER_SETUP_MS, queryStateOf, rootOf } from '../web/web-dist.ts';
import { lessonIds, setLessonSeconds } from './helpers.ts';

const meta = (html: string, key: string) =>
  new RegExp(`<meta (?:property|name)="${key.replace(/[.:]/g, '\\$&')}" content="([^"]*)"`)
    .exec(html)?.[1]
    ?.replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

describe('the certificate page, rendered on the server', () => {
  let t: TestApp;
  let webDist: string;
  let code: string;

  beforeAll(async () => {
    webDist = miniatureWebDist();
    t = await startTestApp({ webDist });
    const tutor = await buildTutor(t, { fullName: 'Ngozi Okafor' });
    const course = await buildApprovedCourse(t, tutor, { title: 'Tests & <Bugs>' });
    await setLessonSeconds(t, course, 900);
    const student = await buildStudent(t, { fullName: "Ada O'Neil" });
    await buildEnrolment(t, student, course);
    const ids = await lessonIds(t, course.id);
    await t.ctx.db
      .insert(watchCoverage)
      .values(
        ids.map((seriesId) => ({ studentId: student.id, seriesId, courseId: course.id, watched: true })),
      );
    code = (await settleCompletion(t.ctx, student.id, course.id))!;
  }, SERVER_RENDER_SETUP_MS);
  afterAll(async () => {
    await t?.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  it('previews on WhatsApp and LinkedIn: og title, description, share image, url, large card', async () => {
    const res = await fetch(`${t.url}/certificate/${code}`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(meta(html, 'og:title')).toBe("Ada O'Neil completed Tests & <Bugs>");
    expect(meta(html, 'og:description')).toContain('Ngozi Okafor');
    expect(meta(html, 'og:image')).toBe(`${t.url}${API_BASE}/certificate/${code}.png`);
    expect(meta(html, 'og:url')).toBe(`${t.url}/certificate/${code}`);
    expect(meta(html, 'twitter:card')).toBe('summary_large_image');
    expect(html).not.toContain('<Bugs>');
    // The verification answer, in the state the web app's page hydrates with.
    const answer = queryStateOf(html).queries.find((q) => q.queryKey[0] === 'certificate')!.state.data as {
      certificate: { code: string; status: string };
    };
    expect(answer.certificate).toMatchObject({ code, status: 'valid' });
    // It reads without JavaScript: the web app's page, rendered on the server.
    const root = rootOf(html);
    for (const text of ['Ada O&#x27;Neil', 'Tests &amp; &lt;Bugs&gt;', 'Ngozi Okafor', '1 hour', 'Valid'])
      expect(root).toContain(text);
    expect(root).not.toContain('This certificate was revoked.');
  });

  it('previews a Yorùbá learner’s certificate in Yorùbá, with the English after, whoever reads it', async () => {
    const [row] = await t.ctx.db
      .select({ id: certificates.studentId })
      .from(certificates)
      .where(eq(certificates.code, code));
    await t.ctx.db.update(accounts).set({ language: 'yo' }).where(eq(accounts.id, row!.id));
    try {
      const html = await (
        await fetch(`${t.url}/certificate/${code}`, { headers: { 'accept-language': 'en' } })
      ).text();
      expect(meta(html, 'og:title')).toBe("Ada O'Neil ti parí Tests & <Bugs>");
      expect(meta(html, 'og:description')).toMatch(
        new RegExp(
          '^Ìwé-ẹ̀rí DevLearn: Ada O\'Neil ti parí "Tests & <Bugs>" tí Ngozi Okafor kọ́ni, fídíò wákàtí 1, ní .+\\. ' +
            'DevLearn certificate: Ada O\'Neil completed "Tests & <Bugs>" by Ngozi Okafor, 1 hour of video, on ' +
            '\\d+ \\w+ \\d{4}\\.$',
        ),
      );
      expect(meta(html, 'og:image:alt')).toBe("Ada O'Neil ti parí Tests & <Bugs>: ìwé-ẹ̀rí DevLearn");
      expect(meta(html, 'og:locale')).toBe('yo_NG');
      expect(meta(html, 'og:locale:alternate')).toBe('en_NG');

      // The share image: its words in Yorùbá, each with the English beneath.
      const svg = certificateImageSvg((await certificateByCode(t.ctx.db, code))!);
      const texts = [...svg.matchAll(/<text [^>]*>([^<]*)<\/text>/g)].map((m) => m[1]);
      expect(texts).toEqual(
        expect.arrayContaining([
          'Ìwé-ẹ̀rí ìparí ẹ̀kọ́',
          'Certificate of completion',
          'ti parí ẹ̀kọ́ náà',
          'completed the course',
          'Ada O&apos;Neil',
          'Tests &amp; &lt;Bugs&gt;',
        ]),
      );
      expect(texts.indexOf('Certificate of completion')).toBe(texts.indexOf('Ìwé-ẹ̀rí ìparí ẹ̀kọ́') + 1);
      expect(svg).toContain('xml:lang="yo"');
      expect(texts.find((x) => x!.startsWith('Ngozi Okafor · '))).toContain('fídíò wákàtí 1');
      expect(texts).toContainEqual(expect.stringMatching(/^1 hour of video · \d+ \w+ \d{4}$/));
    } finally {
      await t.ctx.db.update(accounts).set({ language: null }).where(eq(accounts.id, row!.id));
    }
  });

  it('says when a certificate was revoked, and 404s an unknown code', async () => {
    await t.ctx.db.update(certificates).set({ status: 'revoked' }).where(eq(certificates.code, code));
    const html = await (await fetch(`${t.url}/certificate/${code}`)).text();
    expect(html).toContain('This certificate was revoked.');
    const unknown = await fetch(`${t.url}/certificate/ZZZZZZZZZZZZ`);
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toContain('We could not find that certificate.');
  });
});
