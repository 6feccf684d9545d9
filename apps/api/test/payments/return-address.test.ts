import { request } from 'node:http';
import { describe, expect, it } from 'vitest';

import { API_BASE } from '@app/contract/endpoints';
import { opPath } from '@app/contract/operation-routes';
import { checkoutReturnBase } from '../../src/commands/charge.ts';
import { buildStudent, buildTutor, type TestAccount } from '../factories.ts';
import { buildApprovedCourse } from '../factories-course.ts';
import { type TestApp, useTestApp } from '../harness.ts';

/** A raw HTTP call with the headers a browser (or a forger) sends, Host included, which fetch would not let us set. */
function rawCall(
  t: TestApp,
  method: 'GET' | 'POST',
  path: string,
  headers: Record<string, string>,
  body?: unknown,
): Promise<{ status: number; location?: string; json: unknown }> {
  const { port } = new URL(t.url);
  const data = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        method,
        path,
        headers: { ...(data ? { 'content-type': 'application/json' } : {}), ...headers },
      },
      (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString()));
        res.on('end', () => {
          let json: unknown = text;
          try {
            json = JSON.parse(text);
          } catch {
            /* not JSON */
          }
          resolve({ status: res.statusCode ?? 0, location: res.headers.location, json });
        });
      },
    );
    req.on('error', reject);
    req.end(data);
  });
}

describe('the payment returns to the address the browser used (PUBLIC_URL unset)', () => {
  const t = useTestApp();
  const port = () => new URL(t.url).port;

  /** Starts a sandbox checkout of a fresh course with these request headers; answers the payment page URL. */
  const chargeWith = async (student: TestAccount, headers: Record<string, string>) => {
    const course = await buildApprovedCourse(t, await buildTutor(t), { nairaPrice: 2500 });
    const res = await rawCall(
      t,
      'POST',
      `${API_BASE}${opPath('cardCharge')}`,
      { apiKey: student.token, ...headers },
      { courseIds: [course.id] },
    );
    expect(res.status).toBe(200);
    const data = (res.json as { initializeTransactionResponse: { data: Record<string, string> } })
      .initializeTransactionResponse.data;
    return { url: data.authorization_url!, reference: data.reference! };
  };

  /** Presses Pay on the sandbox page as the browser at `host` would; answers where it sends the browser. */
  const payAt = async (url: string, host: string) => {
    const res = await rawCall(t, 'POST', `${new URL(url).pathname}/pay`, { host });
    expect(res.status).toBe(303);
    return res.location;
  };

  it('sends a student on 127.0.0.1 back to 127.0.0.1, and one on localhost back to localhost', async () => {
    const student = await buildStudent(t);
    for (const name of ['127.0.0.1', 'localhost']) {
      const base = `http://${name}:${port()}`;
      const { url, reference } = await chargeWith(student, { host: `${name}:${port()}`, origin: base });
      expect(url.startsWith(`${base}/sandbox-pay/`)).toBe(true);
      expect(await payAt(url, `${name}:${port()}`)).toBe(
        `${base}/checkout?reference=${reference}&trxref=${reference}`,
      );
    }
  });

  it('never takes the address from a foreign Origin, X-Forwarded-Host or a malformed Host', async () => {
    const student = await buildStudent(t);
    const local = `localhost:${port()}`;
    // The harness's default address (PUBLIC_URL's default) is http://127.0.0.1:PORT; a refused request gets it.
    const foreignOrigin = await chargeWith(student, { host: local, origin: 'http://evil.example' });
    expect(foreignOrigin.url.startsWith(`${t.url}/sandbox-pay/`)).toBe(true);
    const forwarded = await chargeWith(student, { host: local, 'x-forwarded-host': 'evil.example' });
    expect(forwarded.url.startsWith(`http://${local}/sandbox-pay/`)).toBe(true);
    const forwardedProto = await chargeWith(student, { host: local, 'x-forwarded-proto': 'https' });
    expect(forwardedProto.url.startsWith(`http://${local}/`)).toBe(true);
    const malformed = await chargeWith(student, { host: `evil.example@${local}` });
    expect(malformed.url.startsWith(`${t.url}/sandbox-pay/`)).toBe(true);
  });

  it('lets PUBLIC_URL win when it is set, and a CORS client get its own origin', () => {
    const config = { publicUrl: 'https://learn.example.ng', publicUrlSet: true, corsOrigins: [] };
    const req = { host: '127.0.0.1:3000', origin: 'http://127.0.0.1:3000', protocol: 'http' } as const;
    expect(checkoutReturnBase(config, req)).toBe('https://learn.example.ng');
    const unset = { ...config, publicUrlSet: false, corsOrigins: ['https://app.example.ng'] };
    expect(checkoutReturnBase(unset, req)).toBe('http://127.0.0.1:3000');
    expect(checkoutReturnBase(unset, { ...req, origin: 'https://app.example.ng' })).toBe(
      'https://app.example.ng',
    );
    expect(checkoutReturnBase(unset, { ...req, host: 'a b' })).toBe('https://learn.example.ng');
  });

  it('tells anyone holding the reference whether it is paid, and nothing for an unknown one', async () => {
    const student = await buildStudent(t);
    const { url, reference } = await chargeWith(student, { host: `127.0.0.1:${port()}` });
    const before = await t.op('orderPaid', { params: { reference } });
    expect(before.status).toBe(200);
    expect(before.body).toMatchObject({ paid: false });
    await payAt(url, `127.0.0.1:${port()}`);
    const after = await t.op('orderPaid', { params: { reference } });
    expect(after.body).toEqual({ responseDto: { code: 'dk00', message: expect.any(String) }, paid: true });
    const unknown = await t.op('orderPaid', { params: { reference: 'DL-unknown-00000000000000000000' } });
    expect(unknown.status).toBe(404);
  });
});
