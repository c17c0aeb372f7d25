/**
 * The languages of the interface: English, in which the code is written, and one folder of tables in `locales/`
 * for each other. Adding a language is its folder in `locales/` (named after its tag) and its line here.
 */

export const SOURCE_LANGUAGE = 'en';

export const LANGUAGES = [
  { tag: 'en', name: 'English' },
  { tag: 'zh-Hans', name: '简体中文' },
] as const;

export type LanguageTag = (typeof LANGUAGES)[number]['tag'];

/**
 * A language's table: each English text the interface shows, as written in `msg()` (a `str` template's values
 * as `${0}`, `${1}`, … in order), and its translation, which may put those values in any order.
 */
export type Translations = Readonly<Record<string, string>>;
