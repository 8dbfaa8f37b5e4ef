import { sanitizeRichText } from '../../../shared/richText.js';
import './richText.css';

/**
 * Rich text from the server, shown only after the shared sanitiser (src/shared/richText.ts) has
 * kept its allowed tags: the server already stores it clean; this holds whatever the store has.
 */
export default function RichText({ html, className }: { html: string; className?: string }) {
  return <div className={className ?? 'rich-text'} dangerouslySetInnerHTML={{ __html: sanitizeRichText(html) }} />;
}
