/**
 * A PowerPoint file's slides, in the order the presentation lists them: each slide's text, paragraph by
 * paragraph, its pictures' bytes and its speaker notes. Reads the package's XML with a few patterns (a worker
 * has no DOM parser): only the parts a slide's text and pictures are in, never its layout or animations.
 */
import type { Slide } from './office-protocol';

const IMAGE_TYPES: Readonly<Record<string, string>> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  bmp: 'image/bmp',
  svg: 'image/svg+xml',
};
/** Slides read at most. */
export const MAX_SLIDES = 500;

export async function parseSlides(bytes: Uint8Array): Promise<Slide[]> {
  const JSZip = (await import('jszip')).default;
  const zip = await JSZip.loadAsync(bytes);
  const text = (path: string) => zip.file(path)?.async('string');
  const presentation = await text('ppt/presentation.xml');
  if (presentation === undefined)
    throw new Error('it has no ppt/presentation.xml, so it is not a PowerPoint file');
  const rels = relationships(await text('ppt/_rels/presentation.xml.rels'), 'ppt/');
  const order = [...presentation.matchAll(/<p:sldId\b[^>]*\br:id="([^"]+)"/g)].map((m) => m[1] ?? '');
  const slides: Slide[] = [];
  for (const id of order.slice(0, MAX_SLIDES)) {
    const path = rels.get(id)?.target;
    const xml = path ? await text(path) : undefined;
    if (!path || xml === undefined) continue;
    const own = relationships(await text(relsPathOf(path)), folderOf(path));
    const images: { bytes: Uint8Array; mimeType: string }[] = [];
    for (const match of xml.matchAll(/<a:blip\b[^>]*\br:embed="([^"]+)"/g)) {
      const target = own.get(match[1] ?? '')?.target;
      const file = target ? zip.file(target) : null;
      const type = IMAGE_TYPES[extension(target ?? '')];
      if (!file || !type || type === 'image/svg+xml') continue;
      images.push({ bytes: await file.async('uint8array'), mimeType: type });
    }
    const notesPath = [...own.values()].find((r) => r.type.endsWith('/notesSlide'))?.target;
    const notesXml = notesPath ? await text(notesPath) : undefined;
    slides.push({
      paragraphs: paragraphsOf(xml),
      images,
      // A notes page also holds the slide's number and its picture: only the body's text is kept.
      notes: notesXml ? paragraphsOf(notesXml).filter((p) => !/^\d+$/.test(p)) : [],
    });
  }
  return slides;
}

/** The non-empty paragraphs of a slide's XML, each the text of its runs (`<a:t>`), line breaks kept. */
export function paragraphsOf(xml: string): string[] {
  const paragraphs: string[] = [];
  for (const match of xml.matchAll(/<a:p>([\s\S]*?)<\/a:p>|<a:p\s[^>]*>([\s\S]*?)<\/a:p>/g)) {
    const inner = match[1] ?? match[2] ?? '';
    const text = [...inner.matchAll(/<a:t>([^<]*)<\/a:t>|<a:t\s[^>]*>([^<]*)<\/a:t>|<a:br\b[^>]*\/>/g)]
      .map((m) => (m[0].startsWith('<a:br') ? '\n' : decodeXml(m[1] ?? m[2] ?? '')))
      .join('');
    if (text.trim() !== '') paragraphs.push(text);
  }
  return paragraphs;
}

interface Relationship {
  readonly type: string;
  /** The path inside the package. */
  readonly target: string;
}

/** A part's relationships by id, targets resolved against the part's folder (`base`). */
function relationships(xml: string | undefined, base: string): Map<string, Relationship> {
  const found = new Map<string, Relationship>();
  for (const match of (xml ?? '').matchAll(/<Relationship\b([^>]*)\/?>/g)) {
    const attrs = match[1] ?? '';
    const id = /\bId="([^"]*)"/.exec(attrs)?.[1];
    const type = /\bType="([^"]*)"/.exec(attrs)?.[1] ?? '';
    const target = /\bTarget="([^"]*)"/.exec(attrs)?.[1];
    if (!id || !target || /\bTargetMode="External"/.test(attrs)) continue;
    found.set(id, { type, target: resolve(base, decodeXml(target)) });
  }
  return found;
}

function resolve(base: string, target: string): string {
  const parts = (target.startsWith('/') ? target.slice(1) : base + target).split('/');
  const out: string[] = [];
  for (const part of parts) {
    if (part === '..') out.pop();
    else if (part !== '.' && part !== '') out.push(part);
  }
  return out.join('/');
}

function folderOf(path: string): string {
  return path.slice(0, path.lastIndexOf('/') + 1);
}

/** `ppt/slides/slide1.xml` → `ppt/slides/_rels/slide1.xml.rels`. */
function relsPathOf(path: string): string {
  const at = path.lastIndexOf('/');
  return `${path.slice(0, at + 1)}_rels/${path.slice(at + 1)}.rels`;
}

function extension(path: string): string {
  return path.slice(path.lastIndexOf('.') + 1).toLowerCase();
}

function decodeXml(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|lt|gt|amp|quot|apos);/gi, (whole, code: string) => {
    const lower = code.toLowerCase();
    if (lower === 'lt') return '<';
    if (lower === 'gt') return '>';
    if (lower === 'amp') return '&';
    if (lower === 'quot') return '"';
    if (lower === 'apos') return "'";
    const n = lower.startsWith('#x') ? Number.parseInt(lower.slice(2), 16) : Number(lower.slice(1));
    return Number.isFinite(n) && n > 0 && n <= 0x10ffff ? String.fromCodePoint(n) : whole;
  });
}
