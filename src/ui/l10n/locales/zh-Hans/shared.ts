// biome-ignore-all lint/suspicious/noTemplateCurlyInString: `${0}` marks where a value goes, in plain strings.
/** Simplified Chinese for the texts of the files directly in `src/ui/`, in the order of the English. */
import type { Translations } from '../../languages';

const shared: Translations = {
  '${0} bytes': '${0} 字节',
  '${0} cache read': '缓存读取 ${0}',
  '${0} cache write': '缓存写入 ${0}',
  '${0} in': '输入 ${0}',
  '${0} out': '输出 ${0}',
  '${0} pages read': '读取了 ${0} 个网页',
  '${0} web searches': '${0} 次网页搜索',
  '1 byte': '1 字节',
  '1 page read': '读取了 1 个网页',
  '1 web search': '1 次网页搜索',
  'cost unknown': '费用未知',
  'just now': '刚刚',
};

export default shared;
