import { describe, expect, it, vi } from 'vitest';
import { configure, screen } from '@testing-library/react';
import type { TCertificateDto } from '@app/contract/certificates';
import { freshEachTest, mockApi, renderWithApp } from '@/test/render-with-app.tsx';
import CertificatePage from './CertificatePage.tsx';

const REVOKED = 'This certificate was revoked.';

configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 30_000 });
freshEachTest();

const ok = { code: 'dk00', message: 'OK' };
const certificate: TCertificateDto = {
  code: 'ABCDEFGHJK',
  studentName: 'Chioma Okafor',
  courseTitle: 'Node.js APIs',
  tutorName: 'Emeka Nwosu',
  cohortName: null,
  issuedAt: '2026-03-03T10:00:00.000Z',
  hours: 1.5,
  status: 'valid',
  locale: 'en',
};
const at = (code: string) =>
  renderWithApp(<CertificatePage />, { path: `/certificate/${code}`, route: '/certificate/:code' });

describe('CertificatePage', () => {
  it('names the cohort the course was taken in', async () => {
    mockApi(() => ({
      body: { responseDto: ok, certificate: { ...certificate, cohortName: 'January cohort' } },
    }));
    at('ABCDEFGHJK');
    expect(await screen.findByRole('heading', { level: 1, name: 'Chioma Okafor' })).toBeVisible();
    expect(screen.getByText('Cohort')).toBeVisible();
    expect(screen.getByText('January cohort')).toBeVisible();
  });

  it('shows the certificate, with the PDF and the share links', async () => {
    mockApi((path) =>
      path === '/certificate/ABCDEFGHJK'
        ? { body: { responseDto: ok, certificate } }
        : { status: 404, body: {} },
    );
    at('ABCDEFGHJK');
    expect(await screen.findByRole('heading', { level: 1, name: 'Chioma Okafor' })).toBeVisible();
    expect(screen.getByText('Node.js APIs')).toBeVisible();
    expect(screen.getByText('Emeka Nwosu')).toBeVisible();
    expect(screen.getByText('3 March 2026')).toBeVisible();
    expect(screen.getByText('Valid')).toBeVisible();
    expect(screen.getByText('1.5 hours')).toBeVisible();
    expect(screen.queryByText('Cohort')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Download PDF' })).toHaveAttribute(
      'href',
      '/dl/api/v1/certificate/ABCDEFGHJK.pdf',
    );
    expect(screen.getByRole('link', { name: 'Share on WhatsApp' }).getAttribute('href')).toMatch(
      /^https:\/\/wa\.me\/\?text=.*certificate%2FABCDEFGHJK/,
    );
    expect(screen.getByRole('link', { name: 'Share on LinkedIn' }).getAttribute('href')).toContain(
      encodeURIComponent(`${window.location.origin}/certificate/ABCDEFGHJK`),
    );
  });

  it("writes the certificate in its learner's language with the English beneath, the page around it in the visitor's", async () => {
    mockApi(() => ({ body: { responseDto: ok, certificate: { ...certificate, locale: 'yo' } } }));
    at('ABCDEFGHJK');
    expect(await screen.findByRole('heading', { level: 1, name: 'Chioma Okafor' })).toBeVisible();
    const article = screen.getByRole('article');
    expect(article).toHaveAttribute('lang', 'yo');
    const line = (yoruba: string, english: string) => {
      const el = screen.getByText(yoruba, { exact: false, ignore: '.certificate-english' });
      expect(el).toHaveTextContent(`${yoruba}${english}`);
      const beneath = el.querySelector('.certificate-english')!;
      expect(beneath).toHaveTextContent(english);
      expect(beneath).toHaveAttribute('lang', 'en');
    };
    line('Ìwé-ẹ̀rí ìparí ẹ̀kọ́', 'Certificate of completion');
    line('ti parí ẹ̀kọ́ náà', 'has completed the course');
    line('Olùkọ́', 'Tutor');
    line('wákàtí 1.5', '1.5 hours');
    line('Ó fẹsẹ̀ múlẹ̀', 'Valid');
    expect(article).toHaveTextContent(/Ọjọ́ tí a fún un\s*Issued/);
    line('3 Oṣù Ẹrẹ̀nà 2026', '3 March 2026');
    // The visitor reads the page in English: its buttons stay theirs.
    expect(screen.getByRole('link', { name: 'Download PDF' })).toBeVisible();
  });

  it('says when a certificate was revoked', async () => {
    mockApi((path) =>
      path === '/certificate/REVOKED123'
        ? {
            body: { responseDto: ok, certificate: { ...certificate, code: 'REVOKED123', status: 'revoked' } },
          }
        : { status: 404, body: {} },
    );
    at('REVOKED123');
    expect(await screen.findByText(REVOKED)).toBeVisible();
    expect(screen.queryByRole('link', { name: 'Download PDF' })).toBeNull();
  });

  it('gives a course under an hour in minutes, never 0 (48 s of video is 1 minute)', async () => {
    mockApi(() => ({ body: { responseDto: ok, certificate: { ...certificate, hours: 0.0133 } } }));
    at('ABCDEFGHJK');
    const video = await screen.findByText('Video');
    expect(video.nextElementSibling).toHaveTextContent(/^1 minute$/);
    expect(screen.queryByText('0')).toBeNull();
  });

  it('an unknown code is not found', async () => {
    mockApi(() => ({ status: 404, body: { responseDto: { code: 'dk04', message: 'Not found' } } }));
    at('UNKNOWN1234');
    expect(await screen.findByRole('heading', { name: 'Certificate not found' })).toBeVisible();
  });
});
