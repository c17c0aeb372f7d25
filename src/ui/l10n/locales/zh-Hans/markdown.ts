// biome-ignore-all lint/suspicious/noTemplateCurlyInString: `${0}` marks where a value goes, in plain strings.
/** Simplified Chinese for the texts of `src/ui/markdown/`, in the order of the English. */
import type { Translations } from '../../languages';

const markdown: Translations = {
  '${0} million characters': '${0} 百万字符',
  '${0} more.': '还有 ${0} 条。',
  '${0} thousand characters': '${0} 千字符',
  'Copy failed': '复制失败',
  'Load images': '加载图片',
  'Show more': '显示更多',
  'Shown as plain text: too large or too deeply nested to format.':
    '以纯文本显示：内容过大或嵌套过深，无法排版。',
  'This answer shows ${0} images from another site, which would learn that you viewed it.':
    '这条回答包含来自其他网站的 ${0} 张图片，加载后该网站会知道你查看过它们。',
  'This answer shows an image from another site, which would learn that you viewed it.':
    '这条回答包含一张来自其他网站的图片，加载后该网站会知道你查看过它。',
};

export default markdown;
