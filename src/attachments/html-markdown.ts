/**
 * The small HTML that mammoth writes for a DOCX (paragraphs, headings, lists, tables, links, emphasis, images)
 * → Markdown for the model. Not a general HTML converter: it reads only what mammoth emits, runs without a DOM
 * (in a worker) and never renders anything; unknown tags keep their text.
 */

interface Node {
  readonly tag: string;
  readonly attrs: Readonly<Record<string, string>>;
  readonly children: (Node | string)[];
}

const VOID = new Set(['br', 'img', 'hr']);
const TOKEN = /<(\/?)([a-zA-Z][a-zA-Z0-9]*)((?:\s+[^\s=>]+(?:="[^"]*")?)*)\s*(\/?)>|([^<]+)|</g;
const ATTR = /([^\s=>]+)(?:="([^"]*)")?/g;

/** Decodes the entities mammoth writes (`&amp; &lt; &gt; &quot; &#39;` and numeric ones). */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos);/gi, (_, e: string) => {
    const lower = e.toLowerCase();
    if (lower === 'amp') return '&';
    if (lower === 'lt') return '<';
    if (lower === 'gt') return '>';
    if (lower === 'quot') return '"';
    if (lower === 'apos') return "'";
    const code = lower.startsWith('#x') ? Number.parseInt(lower.slice(2), 16) : Number(lower.slice(1));
    return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
  });
}

function parse(html: string): Node {
  const root: Node = { tag: 'root', attrs: {}, children: [] };
  const stack: Node[] = [root];
  for (const m of html.matchAll(TOKEN)) {
    const top = stack[stack.length - 1] as Node;
    if (m[5] !== undefined || m[2] === undefined) {
      top.children.push(decodeEntities(m[5] ?? '<'));
      continue;
    }
    const tag = m[2].toLowerCase();
    if (m[1]) {
      const at = stack.map((n) => n.tag).lastIndexOf(tag);
      if (at > 0) stack.length = at;
      continue;
    }
    const attrs: Record<string, string> = {};
    for (const a of (m[3] ?? '').matchAll(ATTR))
      attrs[(a[1] ?? '').toLowerCase()] = decodeEntities(a[2] ?? '');
    const node: Node = { tag, attrs, children: [] };
    top.children.push(node);
    if (!VOID.has(tag) && !m[4]) stack.push(node);
  }
  return root;
}

const escapeInline = (text: string) => text.replace(/([\\`*_[\]])/g, '\\$1');

function inline(node: Node | string): string {
  if (typeof node === 'string') return escapeInline(node.replace(/\s+/g, ' '));
  const inner = () => node.children.map(inline).join('');
  switch (node.tag) {
    case 'strong':
    case 'b':
      return wrap(inner(), '**');
    case 'em':
    case 'i':
      return wrap(inner(), '_');
    case 's':
    case 'del':
      return wrap(inner(), '~~');
    case 'br':
      return '  \n';
    case 'a': {
      const text = inner();
      const href = node.attrs.href ?? '';
      if (!href || href.startsWith('#')) return text;
      return `[${text || href}](${href.replace(/[()\s]/g, encodeURIComponent)})`;
    }
    case 'img':
      return `[${node.attrs.src ?? 'image'}${node.attrs.alt ? `: ${escapeInline(node.attrs.alt)}` : ''}]`;
    default:
      return inner();
  }
}

/** `**text**` with the marks outside any leading or trailing spaces (Markdown ignores `** text**`). */
function wrap(text: string, mark: string): string {
  const trimmed = text.trim();
  if (!trimmed) return text;
  const lead = text.slice(0, text.indexOf(trimmed));
  return `${lead}${mark}${trimmed}${mark}${text.slice(lead.length + trimmed.length)}`;
}

function blocks(nodes: readonly (Node | string)[], indent: string): string[] {
  const out: string[] = [];
  let run: (Node | string)[] = [];
  const flush = () => {
    const text = run.map(inline).join('').trim();
    if (text) out.push(indent + text);
    run = [];
  };
  for (const node of nodes) {
    if (typeof node === 'string' || !BLOCK.has(node.tag)) {
      run.push(node);
      continue;
    }
    flush();
    out.push(...block(node, indent));
  }
  flush();
  return out;
}

const BLOCK = new Set([
  'p',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'ul',
  'ol',
  'table',
  'blockquote',
  'hr',
  'div',
]);

function block(node: Node, indent: string): string[] {
  switch (node.tag) {
    case 'h1':
    case 'h2':
    case 'h3':
    case 'h4':
    case 'h5':
    case 'h6': {
      const text = node.children.map(inline).join('').trim();
      return text ? [`${indent}${'#'.repeat(Number(node.tag[1]))} ${text}`] : [];
    }
    case 'ul':
    case 'ol':
      return [list(node, indent)];
    case 'table':
      return [table(node, indent)];
    case 'blockquote':
      return blocks(node.children, indent).map((b) => b.replace(/^/gm, '> '));
    case 'hr':
      return [`${indent}---`];
    default:
      return blocks(node.children, indent);
  }
}

function list(node: Node, indent: string): string {
  const ordered = node.tag === 'ol';
  const items = node.children.filter((c): c is Node => typeof c !== 'string' && c.tag === 'li');
  return items
    .map((item, i) => {
      const marker = ordered ? `${i + 1}. ` : '- ';
      const inner = blocks(item.children, ' '.repeat(marker.length));
      const first = (inner[0] ?? '').trimStart();
      const rest = inner.slice(1).map((b) => b.replace(/^/gm, indent));
      return [`${indent}${marker}${first}`, ...rest].join('\n');
    })
    .join('\n');
}

function table(node: Node, indent: string): string {
  const rows: string[][] = [];
  const collect = (n: Node) => {
    for (const c of n.children) {
      if (typeof c === 'string') continue;
      if (c.tag === 'tr') {
        rows.push(
          c.children
            .filter(
              (cell): cell is Node => typeof cell !== 'string' && (cell.tag === 'td' || cell.tag === 'th'),
            )
            .flatMap((cell) => {
              const text = blocks(cell.children, '').join(' ').replace(/\n/g, ' ').replace(/\|/g, '\\|');
              const span = Math.min(64, Math.max(1, Number(cell.attrs.colspan ?? 1) || 1));
              return [text, ...Array<string>(span - 1).fill('')];
            }),
        );
      } else collect(c);
    }
  };
  collect(node);
  if (rows.length === 0) return '';
  const width = Math.max(...rows.map((r) => r.length));
  const line = (r: readonly string[]) =>
    `${indent}| ${Array.from({ length: width }, (_, i) => r[i] ?? '').join(' | ')} |`;
  const [head = [], ...body] = rows;
  return [line(head), `${indent}|${' --- |'.repeat(width)}`, ...body.map(line)].join('\n');
}

/** Markdown for mammoth's HTML: blocks separated by blank lines. */
export function htmlToMarkdown(html: string): string {
  return blocks(parse(html).children, '').join('\n\n');
}
