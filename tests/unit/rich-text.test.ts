/**
 * The rich-text sanitiser (src/shared/richText.ts), used on save by the server and on display by
 * the browser: what the editor makes stays, nothing that can run script or restyle the page does.
 */
import { describe, expect, it } from 'vitest';
import { hasRichText, sanitizeRichText as clean } from '../../src/shared/richText.js';

describe('sanitizeRichText', () => {
  it("keeps what the editor makes: paragraphs, emphasis, headings 2 to 4, lists, quotes and links", () => {
    const html = '<h2>Admissions</h2><h3>Dates</h3><h4>Fees</h4><p>A <strong>bold</strong>, <em>slanted</em>, <u>underlined</u> and <s>struck</s> line<br>two</p>'
      + '<ul><li>one</li></ul><ol><li>two</li></ol><blockquote><p>quoted</p></blockquote>';
    expect(clean(html)).toBe(html);
  });

  it('drops script, however it is written', () => {
    for (const [dirty, expected] of [
      ['<p>Hi</p><script>alert(1)</script>', '<p>Hi</p>'],
      ['<SCRIPT SRC=https://evil.example/x.js></SCRIPT><p>ok</p>', '<p>ok</p>'],
      ['<img src=x onerror=alert(1)>', ''],
      ['<p onclick="steal()" onmouseover=alert(1)>text</p>', '<p>text</p>'],
      ['<iframe src="https://evil.example"></iframe>after', 'after'],
      ['<iframe srcdoc="<script>alert(1)</script>"></iframe>', ''],
      ['<svg onload=alert(1)><circle></circle></svg>x', 'x'],
      ['<object data="x.swf"></object><embed src="x.swf">', ''],
      ['<style>body{display:none}</style><p>x</p>', '<p>x</p>'],
      ['<<script>script>alert(1)<</script>/script>', '&lt;/script&gt;'],
      ['<!-- <script>alert(1)</script> --><p>c</p>', '<p>c</p>'],
      ['<form action="https://evil.example"><input name=x></form>', ''],
    ] as const) {
      expect(clean(dirty), dirty).toBe(expected);
    }
  });

  it('keeps only http, https and mailto links, always with rel="noopener noreferrer"', () => {
    const link = (href: string) => clean(`<a href="${href}">x</a>`);
    for (const bad of ['javascript:alert(1)', 'JaVaScRiPt:alert(1)', ' javascript:alert(1)', '&#106;avascript:alert(1)', 'java\tscript:alert(1)',
      'data:text/html;base64,PHNjcmlwdD4=', 'vbscript:msgbox(1)', '/relative', '//evil.example', '#top', 'ftp://files.example']) {
      expect(link(bad), bad).toBe('<a rel="noopener noreferrer">x</a>');
    }
    expect(link('https://school.example/a?x=1&y=2')).toBe('<a rel="noopener noreferrer" href="https://school.example/a?x=1&amp;y=2">x</a>');
    expect(link('http://school.example')).toBe('<a rel="noopener noreferrer" href="http://school.example">x</a>');
    expect(link('mailto:office@school.example')).toBe('<a rel="noopener noreferrer" href="mailto:office@school.example">x</a>');
    // A quote cannot end the address and start an attribute.
    expect(clean('<a href=\'https://x.example/"onmouseover="alert(1)\'>x</a>')).toBe('<a rel="noopener noreferrer" href="https://x.example/&quot;onmouseover=&quot;alert(1)">x</a>');
    // The editor's own rel is replaced, its target kept only as a new tab.
    expect(clean('<a href="https://x.example" target="_blank" rel="opener">x</a>')).toBe('<a rel="noopener noreferrer" href="https://x.example" target="_blank">x</a>');
    expect(clean('<a href="https://x.example" target="_top">x</a>')).toBe('<a rel="noopener noreferrer" href="https://x.example">x</a>');
  });

  it('drops style and every attribute outside the list, and tags outside it but not their text', () => {
    expect(clean('<p style="position:fixed;top:0" class="big" id="x">Styled</p>')).toBe('<p>Styled</p>');
    expect(clean('<h1>Big</h1><div><span>inside</span></div><table><tr><td>cell</td></tr></table>')).toBe('Biginsidecell');
    expect(clean('<p>5 &lt; 6 &amp; "quotes"</p>')).toBe('<p>5 &lt; 6 &amp; "quotes"</p>');
    expect(clean('plain <text>')).toBe('plain ');
  });

  it('takes anything, and tells an empty editor from a message', () => {
    expect(clean(undefined as unknown as string)).toBe('');
    expect(hasRichText('<p></p>')).toBe(false);
    expect(hasRichText('<p>&nbsp; </p><script>x</script>')).toBe(false);
    expect(hasRichText('<p>Hello</p>')).toBe(true);
  });
});
