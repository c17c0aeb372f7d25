export { LANGUAGES, type LanguageTag, SOURCE_LANGUAGE, type Translations } from './languages';
export { activeLanguage, applyLanguage, type LanguageChoice, msg, resolveLanguage, str } from './localize';
