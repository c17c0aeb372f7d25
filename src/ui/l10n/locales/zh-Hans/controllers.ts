// biome-ignore-all lint/suspicious/noTemplateCurlyInString: `${0}` marks where a value goes, in plain strings.
/** Simplified Chinese for the texts of `src/ui/controllers/`, in the order of the English. */
import type { Translations } from '../../languages';

const controllers: Translations = {
  Copied: '已复制',
  Copy: '复制',
  'Not copied': '未复制',
};

export default controllers;
