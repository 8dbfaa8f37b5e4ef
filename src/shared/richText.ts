/**
 * The one sanitiser of rich text (the web announcement): the server keeps only this on save,
 * and the browser applies it again before showing any, so HTML that reaches a page can never
 * run script, whatever is in the store. An allow-list: the tags the editor makes, links only to
 * http, https and mailto addresses (opened with rel="noopener noreferrer"), no other attribute
 * (no style, no event handlers).
 */
import { FilterXSS } from 'xss';

/** Tags kept, with the attributes each may carry. */
export const RICH_TEXT_TAGS: Record<string, string[]> = {
  p: [], br: [], strong: [], em: [], u: [], s: [], h2: [], h3: [], h4: [], ul: [], ol: [], li: [], blockquote: [],
  a: ['href', 'target'],
};

const SAFE_HREF = /^(https?:\/\/|mailto:)/i;

const escapeAttr = (v: string) => v.replace(/&(?!(#\d+|#x[0-9a-f]+|[a-z]+);)/gi, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

const filter = new FilterXSS({
  whiteList: RICH_TEXT_TAGS,
  // Tags outside the list go, their text stays; these go with everything inside them.
  stripIgnoreTag: true,
  stripIgnoreTagBody: ['script', 'style', 'iframe', 'object', 'noscript', 'template', 'svg', 'math', 'textarea', 'select'],
  allowCommentTag: false,
  css: false,
  // The raw value is judged: an address that starts with an allowed scheme keeps it however
  // the rest is written. An attribute refused is left out altogether.
  onTagAttr: (tag, name, value, allowed) => {
    if (!allowed) return '';
    const v = value.trim();
    if (name === 'href' && SAFE_HREF.test(v)) return `href="${escapeAttr(v)}"`;
    if (name === 'target' && v === '_blank') return 'target="_blank"';
    return '';
  },
});

/** The HTML with only the allowed tags and attributes left. */
export function sanitizeRichText(html: string): string {
  // Every link left opens without handing the page to the site it leads to ("<" in text is escaped, so only tags match).
  return filter.process(String(html ?? '')).replace(/<a(?=[\s>])/g, '<a rel="noopener noreferrer"');
}

/** Whether the rich text says anything (an editor's empty paragraph does not). */
export const hasRichText = (html: string): boolean => sanitizeRichText(html).replace(/<[^>]*>/g, '').replace(/&nbsp;/g, ' ').trim() !== '';
