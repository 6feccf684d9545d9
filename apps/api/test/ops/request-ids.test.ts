import { describe, expect, it } from 'vitest';
import { API_BASE } from '@app/contract/common';
import { PLAIN_ROUTES } from '@app/contract/operation-routes';
import { signWebhook } from '../../src/services/payments/types.ts';
import { buildStudent } from '../factories.ts';
import { useTestApp } from '../harness.ts';
import { captureLogLines } from '../log-lines.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('request ids', () => {
  const { logStream, lines } = captureLogLines();
  const t = useTestApp({ logStream });

  const get = (path: string, id?: string) =>
    fetch(`${t.url}${API_BASE}${path}`, id ? { headers: { 'x-request-id': id } } : {});

  it("gives every answer an id: a new one, or the caller's when well formed", async () => {
    const fresh = await get('/health');
    expect(fresh.headers.get('x-request-id')).toMatch(UUID);
    const other = await get('/health');
    expect(other.headers.get('x-request-id')).not.toBe(fresh.headers.get('x-request-id'));
    expect((await get('/health', 'edge-7f3a9c21.001')).headers.get('x-request-id')).toBe('edge-7f3a9c21.001');
    for (const bad of [
      'short',
      'has spaces in it',
      'quote"inside-0123',
      'x'.repeat(129),
      'semi;colon-0123',
    ]) {
      expect((await get('/health', bad)).headers.get('x-request-id'), bad).toMatch(UUID);
    }
  });

  it('puts it in error answers as responseDto.requestId, and the answers still match the contract', async () => {
    const student = await buildStudent(t);
    const missing = await t.op('singleCourse', { params: { id: 2_000_000 }, token: student.token });
    expect(missing.status).toBe(404);
    expect(missing.body.responseDto.requestId).toBe(missing.headers.get('x-request-id'));
    const unauthorised = await t.op('auditList', { body: { pageNo: 0, pageSize: 5 } });
    expect(unauthorised.status).toBe(401);
    expect(unauthorised.body.responseDto.requestId).toBe(unauthorised.headers.get('x-request-id'));
    const invalid = await t.api('/login/customer', { body: { userName: 5 } });
    expect(invalid.status).toBe(400);
    expect(invalid.body.responseDto).toMatchObject({
      code: 'dk96',
      requestId: invalid.headers.get('x-request-id'),
    });
    const unknownCall = await t.api('/no/such/call', { body: {} });
    expect(unknownCall.status).toBe(404);
    expect(unknownCall.body.responseDto.requestId).toBe(unknownCall.headers.get('x-request-id'));
    // A successful answer has no requestId in its body (the header has it).
    const ok = await t.op('studentCourses', { body: { pageNo: 0, pageSize: 5 } });
    expect(ok.status).toBe(200);
    expect(ok.body.responseDto).not.toHaveProperty('requestId');
  });

  it("writes it on every log line of the request, those of the app's own logger included", async () => {
    const id = 'support-case-00042';
    const body = JSON.stringify({
      event: 'charge.success',
      data: { reference: 'no-such-reference', status: 'success', amount: 100, currency: 'NGN' },
    });
    const res = await fetch(`${t.url}${API_BASE}${PLAIN_ROUTES.paystackWebhook.path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-request-id': id,
        'x-paystack-signature': signWebhook(body, t.ctx.payments.webhookSecret),
      },
      body,
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-request-id')).toBe(id);
    await new Promise((r) => setTimeout(r, 50));
    const mine = lines.filter((l) => l.reqId === id);
    const messages = mine.map((l) => l.msg);
    expect(messages).toEqual(
      expect.arrayContaining([
        'incoming request',
        'payment webhook for an unknown reference',
        'request completed',
      ]),
    );
    // Nothing about that request was logged without its id.
    const strays = lines.filter((l) => l.reqId !== id && JSON.stringify(l).includes('no-such-reference'));
    expect(strays).toEqual([]);
  });
});
