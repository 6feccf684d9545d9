import { expect } from 'vitest';
import { RESPONSE_CODE } from '@app/contract/common';

/** An error answer's `responseDto` as the server sends it: the code, the message and the request's id. */
export function refusal(message: string, code: string = RESPONSE_CODE.refused) {
  return { code, message, requestId: expect.stringMatching(/^[A-Za-z0-9._-]{8,128}$/) };
}
