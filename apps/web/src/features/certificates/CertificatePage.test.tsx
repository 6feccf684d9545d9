import { describe, expect, it, vi } from 'vitest';
import { configure, screen } from '@testing-library/react';
import type { TCertificateDto } from '@app/contract/certificates';
import { embedAnswers } from '@/test/embed-answers.ts';
import { freshEachTest, mockApi, renderWithApp } from '@/test/render-with-app.tsx';
import CertificatePage, { REVOKED } from './CertificatePage.tsx';

configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 30_000 });
freshEachTest();

const ok = { code: 'dk00', message: 'OK' };
const certificate: TCertificateDto = {
  code: 'ABCDEFGHJK',
  studentName: 'Chioma Okafor',
  courseTitle: 'Node.js APIs',
  tutorName: 'Emeka Nwosu',
  issuedAt: '2026-03-03T10:00:00.000Z',
  hours: 1.5,
  status: 'valid',
};
const at = (code: string) =>
  renderWithApp(<CertificatePage />, { path: `/certificate/${code}`, route: '/certificate/:code' });

describe('CertificatePage', () => {
  it('shows the certificate from the answer the server embedded, with the PDF and the share links', async () => {
    const api = mockApi(() => ({ status: 500, body: {} }));
    embedAnswers(['GET', '/certificate/ABCDEFGHJK', undefined, { responseDto: ok, certificate }]);
    at('ABCDEFGHJK');
    expect(await screen.findByRole('heading', { level: 1, name: 'Chioma Okafor' })).toBeVisible();
    expect(screen.getByText('Node.js APIs')).toBeVisible();
    expect(screen.getByText('Emeka Nwosu')).toBeVisible();
    expect(screen.getByText('3 March 2026')).toBeVisible();
    expect(screen.getByText('Valid')).toBeVisible();
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
    expect(api).not.toHaveBeenCalled();
  });

  it('asks the server otherwise, and says when a certificate was revoked', async () => {
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

  it('an unknown code is not found', async () => {
    mockApi(() => ({ status: 404, body: { responseDto: { code: 'dk04', message: 'Not found' } } }));
    at('UNKNOWN1234');
    expect(await screen.findByRole('heading', { name: 'Certificate not found' })).toBeVisible();
  });
});
