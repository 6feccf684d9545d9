import { render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup } from '@testing-library/react';
import { LinkifiedText, linkify } from './LinkifiedText.tsx';

afterEach(cleanup);

/** Payloads from the usual XSS cheat sheets: markup, event handlers, script URLs, attribute breakouts. */
const XSS_CORPUS = [
  '<script>window.__xss=1</script>',
  '<img src=x onerror=window.__xss=1>',
  '<svg onload=alert(1)>',
  '<iframe src="javascript:alert(1)"></iframe>',
  '"><script>alert(1)</script>',
  "'><img src=x onerror=alert(1)>",
  '<a href="javascript:alert(1)">click</a>',
  'javascript:alert(1)',
  'JaVaScRiPt:alert(document.cookie)',
  'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
  'vbscript:msgbox(1)',
  '<body onload=alert(1)>',
  '<style>*{display:none}</style>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '<div style="background:url(javascript:alert(1))">x</div>',
  'http://example.com/"onmouseover="alert(1)',
  "https://example.com/'onfocus='alert(1)' autofocus='",
  'https://example.com/<script>alert(1)</script>',
  'http://x.com/?a=<img src=x onerror=alert(1)>',
  'https://evil.com/#"><svg/onload=alert(1)>',
  '&lt;script&gt;alert(1)&lt;/script&gt;',
  '<<SCRIPT>alert("XSS");//<</SCRIPT>',
  '<IMG """><SCRIPT>alert("XSS")</SCRIPT>">',
  '<object data="javascript:alert(1)"></object>',
  '<embed src="javascript:alert(1)">',
  '<form action="javascript:alert(1)"><input type=submit></form>',
  '<details open ontoggle=alert(1)>',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '{{constructor.constructor("alert(1)")()}}',
  'java\nscript:alert(1)',
  'http://\u0000javascript:alert(1)',
  '<a href="http://ok.example" onclick="alert(1)">ok</a>',
];

/** Every element the rendered text holds under its wrapper. */
const elementsIn = (root: Element) => [...root.querySelectorAll('*')];

describe('LinkifiedText', () => {
  it.each(XSS_CORPUS)('shows %j as text, with no element but http(s) links', (payload) => {
    const { container } = render(<LinkifiedText text={payload} />);
    const wrapper = container.firstElementChild!;
    expect(wrapper.tagName).toBe('P');
    // The text reads back exactly as written: nothing was parsed away.
    expect(wrapper.textContent).toBe(payload);
    for (const el of elementsIn(wrapper)) {
      expect(el.tagName).toBe('A');
      const href = el.getAttribute('href') ?? '';
      expect(href).toMatch(/^https?:\/\//);
      expect(el.getAttributeNames().sort()).toEqual(['href', 'rel', 'target']);
      expect(el.getAttribute('rel')).toBe('nofollow noopener');
      expect(el.getAttribute('target')).toBe('_blank');
    }
    expect(container.querySelector('script, img, svg, iframe, style, object, embed, form')).toBeNull();
    expect((window as { __xss?: unknown }).__xss).toBeUndefined();
  });

  it('never links a script, data or vbscript URL', () => {
    for (const text of ['javascript:alert(1)', 'data:text/html,x', 'vbscript:x', 'JAVASCRIPT://%0aalert(1)'])
      expect(linkify(text)).toEqual([text]);
  });

  it('links http and https URLs in prose, leaving closing punctuation as text', () => {
    expect(linkify('See https://example.com/docs. And (http://a.io/x), ok?')).toEqual([
      'See ',
      { href: 'https://example.com/docs', text: 'https://example.com/docs' },
      '. And (',
      { href: 'http://a.io/x', text: 'http://a.io/x' },
      '), ok?',
    ]);
    expect(linkify('https://en.wikipedia.org/wiki/Lagos_(city).')).toEqual([
      {
        href: 'https://en.wikipedia.org/wiki/Lagos_(city)',
        text: 'https://en.wikipedia.org/wiki/Lagos_(city)',
      },
      '.',
    ]);
  });

  it('stops a URL at a quote or an angle bracket, so no attribute can be carried in', () => {
    const parts = linkify('http://example.com/"onmouseover="alert(1)');
    expect(parts[0]).toEqual({ href: 'http://example.com/', text: 'http://example.com/' });
    expect(parts.slice(1).join('')).toBe('"onmouseover="alert(1)');
  });

  it('keeps line breaks and renders links that open in a new tab without passing the page on', () => {
    const { container } = render(<LinkifiedText text={'Line one\nLine two https://example.com'} />);
    const p = container.querySelector('p')!;
    expect(p.textContent).toBe('Line one\nLine two https://example.com');
    expect(p.className).toBe('user-text');
    const a = p.querySelector('a')!;
    expect(a.getAttribute('href')).toBe('https://example.com/');
    expect(a.rel).toBe('nofollow noopener');
    expect(a.target).toBe('_blank');
  });
});
