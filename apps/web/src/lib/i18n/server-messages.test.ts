/**
 * A success is told in the web's own words (docs/i18n.md, "Refusals"): no screen shows an answer's English
 * `responseDto.message`. The web's sources read it only to carry a refusal (an `ApiError`, shown through
 * `translateRefusal`) or to compare it with a sentence of the contract; any other read fails here.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = path.resolve(import.meta.dirname, '../..');

const sourceFiles = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return name === 'test' ? [] : sourceFiles(file);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [file] : [];
  });

/** The reads that show no message as it came, by file, with why. */
const ALLOWED: Record<string, string> = {
  // A refused call's message becomes the ApiError's, shown through translateRefusal.
  'lib/api.ts': 'refusal carrier',
  'lib/download.ts': 'refusal carrier',
  'features/security/api/security.ts': 'refusal carrier',
  'components/UploadField.tsx': 'refusal carrier',
  'features/assignments/api/assignments.ts': 'refusal carrier',
  // The payment check is compared with the contract's TRANSACTION_SUCCESS_MESSAGE, never shown.
  'features/checkout/CheckoutPage.tsx': 'compared, not shown',
};

describe('the server’s success messages', () => {
  it('are not shown as they came: each screen says what happened in its catalog’s words', () => {
    const reads = sourceFiles(SRC)
      .filter((file) => /responseDto\??\.message/.test(readFileSync(file, 'utf8')))
      .map((file) => path.relative(SRC, file).split(path.sep).join('/'));
    expect(reads.length).toBeGreaterThan(0);
    expect(reads.filter((file) => !(file in ALLOWED))).toEqual([]);
  });

  it('compares the payment check’s answer only with the contract’s sentence', () => {
    const text = readFileSync(path.join(SRC, 'features/checkout/CheckoutPage.tsx'), 'utf8');
    const uses = text.match(/.*responseDto\??\.message.*/g) ?? [];
    expect(uses.length).toBeGreaterThan(0);
    expect(uses.filter((line) => !/[!=]== TRANSACTION_SUCCESS_MESSAGE/.test(line))).toEqual([]);
  });
});
