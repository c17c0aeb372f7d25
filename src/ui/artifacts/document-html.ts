/**
 * HTML of a document from outside (a Word file's conversion) made safe to insert: through the page's one
 * sanitiser, with the policy answers have (no scripts, styles or forms; remote images wait for consent).
 */
import { loadRenderer } from '../markdown/renderer-loader';

export async function sanitizedDocument(html: string): Promise<DocumentFragment> {
  return (await loadRenderer()).sanitizeHtmlNodes(html);
}
