// biome-ignore-all lint/suspicious/noTemplateCurlyInString: `${0}` marks where a value goes, in plain strings.
/** Simplified Chinese for the texts of `src/ui/attachments/`, in the order of the English. */
import type { Translations } from '../../languages';

const attachments: Translations = {
  ' Attach files': ' 添加文件',
  ' Its text can be sent instead.': '可以改为发送它的文字。',
  'Attach as text': '以文本形式附加',
  'Attach files': '添加文件',
  'Attach the text of ${0}': '附加 ${0} 的文本',
  Attachments: '附件',
  'Choose pages': '选择页面',
  'Choose pages of ${0}': '选择 ${0} 的页面',
  'Dismiss notice about ${0}': '关闭关于 ${0} 的提示',
  'Drop files to attach': '拖放文件以添加附件',
  'Files not attached': '未添加的文件',
  'It has ${0} pages; the API reads at most ${1} in one request. Give the pages to send, as pages and ranges.':
    '它有 ${0} 页；API 单次请求最多读取 ${1} 页。请填写要发送的页码或页码范围。',
  'Open ${0} in a new tab': '在新标签页中打开 ${0}',
  'Or send all ${0} pages in ${1} parts (pages ${2}; a part too large for one request is halved): part 1 with your message, each next part as a message of its own once Claude has answered the one before. A request holds at most ${3} PDF pages, so parts Claude has read are not sent again.':
    '或者将全部 ${0} 页分成 ${1} 部分发送（页码 ${2}；单次请求放不下的部分会再对半拆分）：第 1 部分随你的消息发送，之后每一部分在 Claude 回答上一部分后作为单独的消息发送。一次请求最多容纳 ${3} 页 PDF，因此 Claude 已读过的部分不会再次发送。',
  'Or send the text of all ${0} pages in this message: far fewer tokens than pages, but without pictures, charts or layout (a scanned page has no text).':
    '或者在这条消息中发送全部 ${0} 页的文字：比发送页面少得多的 token，但不含图片、图表和版式（扫描页没有文字）。',
  Pages: '页面',
  'Preparing…': '正在准备…',
  'Preview ${0}': '预览 ${0}',
  'Preview of ${0}': '${0} 的预览',
  'Remove ${0}': '移除 ${0}',
  'Send as text': '以文本形式发送',
  'Send in parts': '分部分发送',
  'The PDF could not be shown here. ${0}': '无法在此显示该 PDF。${0}',
  'This browser cannot show PDFs here. ${0}': '此浏览器无法在此显示 PDF。${0}',
  'This file is no longer available.': '此文件已不可用。',
  'Use these pages': '使用这些页面',
  'was not attached. ${0}': '未添加。${0}',
};

export default attachments;
