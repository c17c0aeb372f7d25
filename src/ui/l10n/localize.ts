/**
 * The interface's language, through Lit's own localisation (`@lit/localize`, runtime mode). Every string the
 * interface shows is written in English inside `msg()` (with `str` when it holds values); a language other than
 * English is one folder in `locales/` (tables from the English text to its translation, one per folder of `src/ui`
 * that shows those texts), loaded only when that language is active, so English pages load nothing more. `languages.ts` lists the languages Settings offers.
 */
import { configureLocalization, type LocaleModule, msg, str } from '@lit/localize';
import { generateMsgId } from '@lit/localize/internal/id-generation.js';
import { LANGUAGES, type LanguageTag, SOURCE_LANGUAGE, type Translations } from './languages';

export { msg, str };

/** What Settings stores: `auto` follows the browser's languages. */
export type LanguageChoice = 'auto' | LanguageTag;

const loaders = import.meta.glob<{ default: Translations }>('./locales/*/*.ts');

/** A language's whole table: the tables of its folder in `locales/`, one per folder of the interface. */
export async function loadTranslations(locale: string): Promise<Translations> {
  const parts = Object.entries(loaders).filter(([path]) => path.startsWith(`./locales/${locale}/`));
  if (parts.length === 0) throw new Error(`No translations for ${locale}`);
  const tables = await Promise.all(parts.map(([, load]) => load()));
  return Object.assign({}, ...tables.map((t) => t.default));
}

const targets = LANGUAGES.map((l) => l.tag).filter((t) => t !== SOURCE_LANGUAGE);

const { getLocale, setLocale } = configureLocalization({
  sourceLocale: SOURCE_LANGUAGE,
  targetLocales: targets,
  loadLocale: async (locale) => toLocaleModule(await loadTranslations(locale)),
});

/** The active language's tag (`en`, `zh-Hans`), also the locale every `Intl` formatter uses. */
export function activeLanguage(): LanguageTag {
  return getLocale() as LanguageTag;
}

/**
 * The language a choice stands for: a listed language as it is; `auto` (or anything not listed) the first of
 * the browser's languages Easel has, matched by language and script (`zh-CN` and `zh-SG` are `zh-Hans`;
 * `zh-TW` is not), else English.
 */
export function resolveLanguage(choice: string, preferred: readonly string[]): LanguageTag {
  const listed = LANGUAGES.find((l) => l.tag === choice);
  if (listed) return listed.tag;
  for (const wanted of preferred) {
    const found = LANGUAGES.find((l) => sameLanguage(l.tag, wanted));
    if (found) return found.tag;
  }
  return SOURCE_LANGUAGE;
}

/**
 * Makes `choice` the interface's language: loads its table if needed, sets `<html lang>`, and has every Lit
 * element on the page render again, so the change applies without a reload. Nothing happens when the language
 * stays the same; a table that fails to load leaves the language as it was.
 */
export async function applyLanguage(choice: string, preferred = browserLanguages()): Promise<void> {
  const tag = resolveLanguage(choice, preferred);
  if (tag === getLocale()) return;
  await setLocale(tag).catch(() => undefined);
  document.documentElement.lang = getLocale();
  rerender(document);
}

function browserLanguages(): readonly string[] {
  return navigator.languages?.length ? navigator.languages : [navigator.language];
}

/** `maximize()` fills in the script, so `zh-CN` and `zh-Hans` compare equal and `zh-TW` does not. */
function sameLanguage(tag: string, wanted: string): boolean {
  try {
    const a = new Intl.Locale(tag).maximize();
    const b = new Intl.Locale(wanted).maximize();
    return a.language === b.language && a.script === b.script;
  } catch {
    return false; // not a well-formed tag
  }
}

/** Asks every element with an update cycle, through shadow roots, to render again. */
function rerender(root: Document | ShadowRoot): void {
  for (const el of root.querySelectorAll('*')) {
    if (el.shadowRoot) {
      if ('requestUpdate' in el && typeof el.requestUpdate === 'function') el.requestUpdate();
      rerender(el.shadowRoot);
    }
  }
}

/**
 * A table (English text → translation, values as `${0}`, `${1}` in the order the English has them) as the
 * module lit-localize loads: each entry under the id `msg()` computes from the English text.
 */
export function toLocaleModule(table: Translations): LocaleModule {
  const templates: Record<string, string | { strTag: true; strings: string[]; values: number[] }> = {};
  for (const [english, translated] of Object.entries(table)) {
    const source = english.split(/\$\{\d+\}/);
    const id = generateMsgId(source.length === 1 ? english : source, false);
    const strings = translated.split(/\$\{\d+\}/);
    templates[id] =
      strings.length === 1
        ? translated
        : {
            strTag: true,
            strings,
            values: [...translated.matchAll(/\$\{(\d+)\}/g)].map((m) => Number(m[1])),
          };
  }
  return { templates } as unknown as LocaleModule;
}
