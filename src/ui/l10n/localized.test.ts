// biome-ignore-all lint/suspicious/noTemplateCurlyInString: `${0}` marks where a value goes, in plain strings.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { generateMsgId } from '@lit/localize/internal/id-generation.js';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { LANGUAGES, SOURCE_LANGUAGE, type Translations } from './languages';
import { loadTranslations, resolveLanguage, toLocaleModule } from './localize';

const UI = join(__dirname, '..');

/** Attributes whose text a person reads or hears. */
const LABEL_ATTRIBUTES = new Set([
  'aria-label',
  'aria-description',
  'aria-roledescription',
  'aria-valuetext',
  'title',
  'placeholder',
  'alt',
  'label',
]);

/** Text that is not a word of any language: names, formats, example values. */
const NOT_WORDS = [
  /^https?:\/\/\S*$/, // an address given as an example
  /^sk-ant-…$/, // how a key starts
  /^(Easel|Claude|Anthropic|JSON|Markdown|CSV|PDF|SVG|HTML|JavaScript|Python|Mermaid|MCP)$/,
];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    // `design/` is the design system's own page (`design.html`), for those who build Easel: not the interface.
    if (entry.isDirectory()) return entry.name === 'l10n' || entry.name === 'design' ? [] : sourceFiles(path);
    const code = entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts');
    return code && entry.name !== 'test-support.ts' ? [path] : [];
  });
}

const parsed = new Map<string, ts.SourceFile>();

/** Each file is parsed once for all the tests: parsing the whole of src/ui is most of their time. */
function parse(path: string): ts.SourceFile {
  const known = parsed.get(path);
  if (known) return known;
  const file = ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest, true);
  parsed.set(path, file);
  return file;
}

function walk(node: ts.Node, visit: (node: ts.Node) => void): void {
  visit(node);
  ts.forEachChild(node, (child) => walk(child, visit));
}

const hasWords = (text: string) => /\p{L}{2}/u.test(text) && !NOT_WORDS.some((re) => re.test(text.trim()));

/**
 * What in one `html` template is shown as text without `msg()`: the text between tags, the literal values of
 * label attributes, and strings an expression gives as text or as a label (`${busy ? 'Stop' : 'Send'}`).
 */
function unlocalised(template: ts.TaggedTemplateExpression): string[] {
  const t = template.template;
  const parts = ts.isNoSubstitutionTemplateLiteral(t)
    ? [t.text]
    : [t.head.text, ...t.templateSpans.map((s) => s.literal.text)];
  const found: string[] = [];
  let inTag = false;
  let inRaw = false;
  parts.forEach((part, i) => {
    // Comments and the contents of <style> and <script> are not shown.
    let text = part.replace(/<!--[\s\S]*?-->/g, '');
    let shown = '';
    for (const piece of text.split(/(<\/?[a-zA-Z][^>]*>?|>)/)) {
      if (piece.startsWith('<')) {
        const name = /^<\/?([a-zA-Z][\w-]*)/.exec(piece)?.[1] ?? '';
        inTag = !piece.endsWith('>');
        if (/^(style|script)$/i.test(name)) inRaw = !piece.startsWith('</');
        for (const m of piece.matchAll(/([\w-]+)=(["'])([^"']*)\2/g)) {
          if (LABEL_ATTRIBUTES.has(m[1] ?? '') && hasWords(m[3] ?? '')) found.push(`${m[1]}="${m[3]}"`);
        }
      } else if (piece === '>') {
        inTag = false;
      } else if (inTag) {
        for (const m of piece.matchAll(/([\w-]+)=(["'])([^"']*)\2/g)) {
          if (LABEL_ATTRIBUTES.has(m[1] ?? '') && hasWords(m[3] ?? '')) found.push(`${m[1]}="${m[3]}"`);
        }
      } else if (!inRaw) {
        shown += piece;
      }
    }
    text = shown;
    if (hasWords(text)) found.push(text.trim());
    // The expression after this part: a string it gives as text, or as a label attribute's value.
    const span = ts.isTemplateExpression(t) ? t.templateSpans[i] : undefined;
    if (!span) return;
    const binding = /([\w.-]+)=["']?$/.exec(part)?.[1];
    const asText = !inTag;
    const asLabel = inTag && binding !== undefined && LABEL_ATTRIBUTES.has(binding.replace(/^\./, ''));
    if (asText || asLabel) found.push(...shownStrings(span.expression));
    if (asText) found.push(...labelArguments(span.expression));
  });
  return found;
}

/**
 * Labels handed to a helper that renders them (`${item('Rename', …)}`): arguments of calls in a text position that
 * read like words (capitalised or with a space; icon names and ids are single lowercase words).
 */
function labelArguments(expr: ts.Expression): string[] {
  if (!ts.isCallExpression(expr) || /^(msg|str|icon|repeat|map)$/.test(expr.expression.getText())) return [];
  return expr.arguments.flatMap((arg) =>
    shownStrings(arg).filter((text) => /^[A-Z`]|\s/.test(text) && !/^\$\{/.test(text)),
  );
}

/** The strings an expression may evaluate to directly: itself, either branch of `?:`, the right of `??`/`||`. */
function shownStrings(expr: ts.Expression): string[] {
  if (ts.isParenthesizedExpression(expr)) return shownStrings(expr.expression);
  if (ts.isConditionalExpression(expr))
    return [...shownStrings(expr.whenTrue), ...shownStrings(expr.whenFalse)];
  if (ts.isBinaryExpression(expr) && ['??', '||'].includes(expr.operatorToken.getText()))
    return shownStrings(expr.right);
  if (ts.isStringLiteral(expr) || ts.isNoSubstitutionTemplateLiteral(expr))
    return hasWords(expr.text) ? [expr.text] : [];
  if (ts.isTemplateExpression(expr)) {
    const text = [expr.head.text, ...expr.templateSpans.map((s) => s.literal.text)].join(' ');
    return hasWords(text) ? [expr.getText()] : [];
  }
  return [];
}

/** Each `msg()` text of src/ui as the tables write it: a `str` template's values as `${0}`, `${1}`, …. */
function messages(): Map<string, string> {
  return new Map([...messageUses()].map(([text, uses]) => [text, uses[0] ?? '']));
}

/** Each `msg()` text of src/ui and every place that shows it (`chat/message-view.ts:12`). */
function messageUses(): Map<string, string[]> {
  const found = new Map<string, string[]>();
  const add = (text: string, where: string) => found.set(text, [...(found.get(text) ?? []), where]);
  for (const path of sourceFiles(UI)) {
    walk(parse(path), (node) => {
      if (!ts.isCallExpression(node) || node.expression.getText() !== 'msg') return;
      const [arg] = node.arguments;
      const where = `${relative(UI, path)}:${node.getSourceFile().getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
      if (arg && (ts.isStringLiteral(arg) || ts.isNoSubstitutionTemplateLiteral(arg))) add(arg.text, where);
      else if (arg && ts.isTaggedTemplateExpression(arg) && arg.tag.getText() === 'str') {
        const t = arg.template;
        const text = ts.isNoSubstitutionTemplateLiteral(t)
          ? t.text
          : t.head.text + t.templateSpans.map((s, i) => `\${${i}}${s.literal.text}`).join('');
        add(text, where);
      } else add(`(not a literal) ${node.getText()}`, where);
    });
  }
  return found;
}

const tableParts = import.meta.glob<{ default: Translations }>('./locales/*/*.ts', { eager: true });

async function table(tag: string): Promise<Translations> {
  return loadTranslations(tag);
}

/** The folder of `src/ui` a file's texts belong to: its first folder, or `shared` for the files directly in it. */
function areaOf(path: string): string {
  const parts = relative(UI, path).split('/');
  return parts.length > 1 ? (parts[0] ?? 'shared') : 'shared';
}

/** Each `msg()` text of src/ui and the folders whose files show it. */
function messageAreas(): Map<string, Set<string>> {
  const areas = new Map<string, Set<string>>();
  for (const [text, uses] of messageUses()) {
    for (const where of uses) areas.set(text, (areas.get(text) ?? new Set()).add(areaOf(join(UI, where))));
  }
  return areas;
}

// Reading the TypeScript of all of src/ui takes seconds on a busy machine: more than a unit test's default limit.
describe('the interface is localised', { timeout: 60_000 }, () => {
  it('shows no text of src/ui without msg(): template text, label attributes and strings given as text', () => {
    const problems: string[] = [];
    for (const path of sourceFiles(UI)) {
      walk(parse(path), (node) => {
        if (!ts.isTaggedTemplateExpression(node) || node.tag.getText() !== 'html') return;
        const line = node.getSourceFile().getLineAndCharacterOfPosition(node.getStart()).line + 1;
        for (const text of unlocalised(node)) problems.push(`${relative(UI, path)}:${line}: ${text}`);
      });
    }
    expect(problems).toEqual([]);
  });

  it('passes msg() only literal text, which the tables can look up', () => {
    const computed = [...messages()].filter(([text]) => text.startsWith('(not a literal)'));
    expect(computed).toEqual([]);
  });

  for (const { tag } of LANGUAGES.filter((l) => l.tag !== SOURCE_LANGUAGE)) {
    it(`has a ${tag} translation of every msg() text, with no values it does not have, and nothing left over`, async () => {
      const translations = await table(tag);
      const used = messages();
      const missing = [...used.keys()].filter((text) => !(text in translations));
      expect(missing.map((text) => `${used.get(text)}: ${JSON.stringify(text)}`)).toEqual([]);
      const extra = Object.keys(translations).filter((text) => !used.has(text));
      expect(extra).toEqual([]);
      const values = (text: string) => new Set([...text.matchAll(/\$\{(\d+)\}/g)].map((m) => m[1]));
      const wrong = Object.entries(translations).filter(
        ([english, translated]) =>
          translated.trim() === '' || [...values(translated)].some((v) => !values(english).has(v)),
      );
      expect(wrong).toEqual([]);
    });

    it(`keeps each ${tag} text in the table of a folder that shows it, once`, () => {
      const areas = messageAreas();
      const seen = new Map<string, string>();
      const problems: string[] = [];
      for (const [path, part] of Object.entries(tableParts)) {
        const match = new RegExp(`^\\./locales/${tag}/(.+)\\.ts$`).exec(path);
        if (!match?.[1]) continue;
        const area = match[1];
        for (const text of Object.keys(part.default)) {
          const shownIn = areas.get(text);
          if (shownIn && !shownIn.has(area))
            problems.push(
              `${JSON.stringify(text)} is in ${area}.ts; put it in ${[...shownIn].join(' or ')}.ts`,
            );
          if (seen.has(text))
            problems.push(`${JSON.stringify(text)} is in ${seen.get(text)}.ts and ${area}.ts`);
          seen.set(text, area);
        }
      }
      expect(problems).toEqual([]);
    });
  }
});

describe('resolveLanguage', () => {
  it('follows the first of the browser languages Easel has, by language and script', () => {
    expect(resolveLanguage('auto', ['zh-CN', 'en-US'])).toBe('zh-Hans');
    expect(resolveLanguage('auto', ['zh-SG'])).toBe('zh-Hans');
    expect(resolveLanguage('auto', ['zh'])).toBe('zh-Hans');
    expect(resolveLanguage('auto', ['fr-FR', 'zh-Hans-CN', 'en'])).toBe('zh-Hans');
    expect(resolveLanguage('auto', ['en-GB', 'zh-CN'])).toBe('en');
  });

  it('does not give Simplified Chinese to a Traditional Chinese browser, and falls back to English', () => {
    expect(resolveLanguage('auto', ['zh-TW'])).toBe('en');
    expect(resolveLanguage('auto', ['zh-HK', 'de'])).toBe('en');
    expect(resolveLanguage('auto', [])).toBe('en');
    expect(resolveLanguage('auto', ['not a tag'])).toBe('en');
  });

  it('takes a language chosen in Settings over the browser, and treats an unknown choice as Automatic', () => {
    expect(resolveLanguage('en', ['zh-CN'])).toBe('en');
    expect(resolveLanguage('zh-Hans', ['en-US'])).toBe('zh-Hans');
    expect(resolveLanguage('xx', ['zh-CN'])).toBe('zh-Hans');
  });
});

describe('toLocaleModule', () => {
  it('files each entry under the id msg() computes, and keeps the order a translation puts the values in', () => {
    const { templates } = toLocaleModule({
      Send: '发送',
      'Version ${0} of ${1}': '共 ${1} 个版本中的第 ${0} 个',
    });
    expect(templates[generateMsgId('Send', false)]).toBe('发送');
    expect(templates[generateMsgId(['Version ', ' of ', ''], false)]).toEqual({
      strTag: true,
      strings: ['共 ', ' 个版本中的第 ', ' 个'],
      values: [1, 0],
    });
  });
});
