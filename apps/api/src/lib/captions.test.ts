import { describe, expect, it } from 'vitest';
import { CaptionFileError, decodeCaptionBytes, readCaptions } from './captions.ts';

const utf8 = (s: string) => new TextEncoder().encode(s);
const read = (s: string, opts?: Parameters<typeof readCaptions>[1]) =>
  readCaptions(decodeCaptionBytes(utf8(s)), opts);

/** The refusal's message, or 'no error'. */
function refusal(run: () => unknown): string {
  try {
    run();
  } catch (err) {
    expect(err).toBeInstanceOf(CaptionFileError);
    return (err as Error).message;
  }
  return 'no error';
}

const PLAIN_SRT = `1
00:00:01,000 --> 00:00:04,000
Welcome to the course.

2
00:00:04,500 --> 00:00:07,250
Today we set up Node.
`;

const EXPECTED_VTT = `WEBVTT

1
00:00:01.000 --> 00:00:04.000
Welcome to the course.

2
00:00:04.500 --> 00:00:07.250
Today we set up Node.
`;

describe('SRT to WebVTT over real-world files', () => {
  it('converts a well-formed SRT', () => {
    const out = read(PLAIN_SRT);
    expect(out.format).toBe('srt');
    expect(out.vtt).toBe(EXPECTED_VTT);
    expect(out.cues).toEqual([
      { start: 1, end: 4, text: 'Welcome to the course.' },
      { start: 4.5, end: 7.25, text: 'Today we set up Node.' },
    ]);
  });

  it('drops a UTF-8 BOM', () => {
    const bytes = new Uint8Array([0xef, 0xbb, 0xbf, ...utf8(PLAIN_SRT)]);
    expect(readCaptions(decodeCaptionBytes(bytes)).vtt).toBe(EXPECTED_VTT);
  });

  it('reads CRLF and lone CR line ends', () => {
    expect(read(PLAIN_SRT.replace(/\n/g, '\r\n')).vtt).toBe(EXPECTED_VTT);
    expect(read(PLAIN_SRT.replace(/\n/g, '\r')).vtt).toBe(EXPECTED_VTT);
  });

  it('takes a period or a comma before the milliseconds, short fractions and missing hours', () => {
    const srt = '1\n00:00:01.000 --> 00:00:04,000\nA\n\n2\n00:04,5 --> 0:00:07.25\nB\n';
    expect(read(srt).cues).toEqual([
      { start: 1, end: 4, text: 'A' },
      { start: 4.5, end: 7.25, text: 'B' },
    ]);
  });

  it('reads cues with no blank line between them, numbered or not', () => {
    const numbered =
      '1\n00:00:01,000 --> 00:00:04,000\nWelcome to the course.\n2\n00:00:04,500 --> 00:00:07,250\nToday we set up Node.\n';
    expect(read(numbered).vtt).toBe(EXPECTED_VTT);
    const unnumbered =
      '00:00:01,000 --> 00:00:04,000\nWelcome to the course.\n00:00:04,500 --> 00:00:07,250\nToday we set up Node.';
    expect(read(unnumbered).vtt).toBe(EXPECTED_VTT);
  });

  it('reads several blank lines, trailing spaces and tabs, and a file without a final newline', () => {
    const srt =
      '\n\n1  \n00:00:01,000 --> 00:00:04,000   \nWelcome to the course.\t \n\n\n\n2\n00:00:04,500 --> 00:00:07,250\nToday we set up Node.';
    expect(read(srt).vtt).toBe(EXPECTED_VTT);
  });

  it('keeps two-line cues and <i>, <b>, <u>; drops <font> and {\\an8}; escapes stray < and &', () => {
    const srt = `1
00:00:01,000 --> 00:00:04,000
{\\an8}<font color="#ffff00">Tolu:</font> <I>Good morning</I>
Fish & chips <3 <b>bold</b>
`;
    const out = read(srt);
    expect(out.vtt).toContain(
      '00:00:01.000 --> 00:00:04.000\nTolu: <i>Good morning</i>\nFish &amp; chips &lt;3 <b>bold</b>\n',
    );
    expect(out.cues[0]!.text).toBe('Tolu: Good morning Fish & chips <3 bold');
  });

  it('keeps Yoruba, Hausa and Igbo letters and Pidgin text as they are', () => {
    const srt = '1\n00:00:01,000 --> 00:00:03,000\nẸ kú àárọ̀. Ƙasar Ụ̀mụ̀. How una dey?\n';
    expect(read(srt).cues[0]!.text).toBe('Ẹ kú àárọ̀. Ƙasar Ụ̀mụ̀. How una dey?');
  });

  it('sorts cues that come out of order, drops empty ones and SRT position boxes', () => {
    const srt =
      '2\n00:00:05,000 --> 00:00:06,000 X1:10 X2:20 Y1:30 Y2:40\nSecond\n\n1\n00:00:01,000 --> 00:00:02,000\nFirst\n\n3\n00:00:07,000 --> 00:00:08,000\n\n';
    const out = read(srt);
    expect(out.cues.map((c) => c.text)).toEqual(['First', 'Second']);
    expect(out.vtt).toContain('00:00:05.000 --> 00:00:06.000\nSecond');
  });

  it('reads hours past 99 and long lessons', () => {
    expect(read('1\n100:00:01,000 --> 100:00:02,000\nLate\n').cues[0]!.start).toBe(360001);
  });
});

describe('WebVTT uploads', () => {
  it('keeps cue settings and voice tags, skips NOTE and STYLE blocks and the header', () => {
    const vtt = `WEBVTT - lesson one
Kind: captions

NOTE written by the tutor

STYLE
::cue { color: yellow }

intro
00:01.000 --> 00:04.000 align:start line:90%
<v Ada>Welcome</v> to the course.
`;
    const out = read(vtt, { fileName: 'lesson.vtt' });
    expect(out.format).toBe('vtt');
    expect(out.vtt).toBe(
      'WEBVTT\n\n1\n00:00:01.000 --> 00:00:04.000 align:start line:90%\n<v Ada>Welcome</v> to the course.\n',
    );
    expect(out.cues).toEqual([{ start: 1, end: 4, text: 'Welcome to the course.' }]);
  });

  it('refuses a .vtt without its header, on line 1', () => {
    expect(refusal(() => read(PLAIN_SRT, { fileName: 'en.vtt' }))).toBe(
      'Line 1: a WebVTT file must start with the line WEBVTT.',
    );
  });
});

describe('refusals name the line', () => {
  it('a broken timing', () => {
    const srt = '1\n00:00:01,000 --> 00:00:04,000\nA\n\n2\n00:00:0x,000 --> 00:00:07,000\nB\n';
    expect(refusal(() => read(srt))).toBe(
      'Line 6: "00:00:0x,000 --> 00:00:07,000" is not a cue timing. Write it like 00:00:01,000 --> 00:00:04,000.',
    );
  });

  it('a line that is neither a cue number nor a timing', () => {
    expect(refusal(() => read('1\n00:00:01,000 --> 00:00:04,000\nA\n\nhello there\nB\n'))).toBe(
      'Line 5: expected a cue number or a timing like 00:00:01,000 --> 00:00:04,000, found "hello there".',
    );
  });

  it('a cue that ends before it starts, and minutes past 59', () => {
    expect(refusal(() => read('\n\n1\n00:00:05,000 --> 00:00:04,000\nA\n'))).toBe(
      'Line 4: the cue ends (00:04.000) before it starts (00:05.000).',
    );
    expect(refusal(() => read('1\n00:61:05,000 --> 01:04:00,000\nA\n'))).toBe(
      'Line 2: "00:61:05,000" is not a valid time: minutes and seconds go up to 59.',
    );
  });

  it('a cue past the end of the video', () => {
    const srt =
      '1\n00:00:01,000 --> 00:00:04,000\nA\n\n2\n00:00:09,000 --> 00:00:10,000\nB\n\n3\n00:00:12,500 --> 00:00:14,000\nC\n';
    expect(refusal(() => read(srt, { durationSeconds: 12 }))).toBe(
      'Line 10: this cue starts at 00:12.500, after the video ends (00:12.000).',
    );
    expect(refusal(() => read(srt.replace('00:00:10,000', '00:00:14,000'), { durationSeconds: 12.5 }))).toBe(
      'Line 6: this cue ends at 00:14.000, after the video ends (00:12.500).',
    );
    // Within a second of the end is a rounding difference: the cue is cut at the end.
    const out = read('1\n00:00:01,000 --> 00:00:12,900\nA\n', { durationSeconds: 12.4 });
    expect(out.cues[0]!.end).toBe(12.4);
  });

  it('a file with no cues', () => {
    expect(refusal(() => read(''))).toMatch(/^Line 1: the file holds no captions/);
    expect(refusal(() => read('WEBVTT\n\nNOTE nothing yet\n'))).toMatch(
      /^Line 4: the file holds no captions/,
    );
  });

  it('a file that is not UTF-8, on the line of its first bad byte', () => {
    const latin1 = new Uint8Array([...utf8('1\n00:00:01,000 --> 00:00:04,000\nCaf'), 0xe9, ...utf8('\n')]);
    expect(refusal(() => decodeCaptionBytes(latin1))).toBe(
      'Line 3: the file is not UTF-8 text. Save it with the encoding "UTF-8" and upload it again.',
    );
    const utf16 = new Uint8Array([0xff, 0xfe, 0x31, 0x00, 0x0a, 0x00]);
    expect(refusal(() => decodeCaptionBytes(utf16))).toBe(
      'Line 1: the file is UTF-16 text. Save it with the encoding "UTF-8" and upload it again.',
    );
  });
});
