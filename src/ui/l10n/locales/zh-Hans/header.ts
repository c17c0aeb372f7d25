// biome-ignore-all lint/suspicious/noTemplateCurlyInString: `${0}` marks where a value goes, in plain strings.
/** Simplified Chinese for the texts of `src/ui/header/`, in the order of the English. */
import type { Translations } from '../../languages';

const header: Translations = {
  '${0} / ${1} per million tokens in / out': '每百万 token：输入 ${0} / 输出 ${1}',
  '${0} context': '${0} 上下文',
  '${0} in · ${1} out': '输入 ${0} · 输出 ${1}',
  'Cache ${0}%': '缓存 ${0}%',
  Compact: '压缩',
  'Compacting…': '正在压缩…',
  Context: '上下文',
  'Context nearly full': '上下文即将用满',
  'Context used': '已用上下文',
  'Cost of this session': '此会话的费用',
  Easel: 'Easel',
  'Everything sent to Claude and everything it wrote, over the whole session.':
    '整个会话中发送给 Claude 的所有内容及其写出的所有内容。',
  'Extra high': '超高',
  High: '高',
  'How much Claude thinks before answering': 'Claude 回答前思考的程度',
  "How much of the model's memory the conversation fills. Near the end, Compact summarises it.":
    '对话占用了模型上下文的多少。接近上限时，“压缩”会对其进行总结。',
  'Incognito chat: not saved, no memory': '无痕对话：不保存，不使用记忆',
  Low: '低',
  Max: '最高',
  Medium: '中',
  Model: '模型',
  'None yet': '暂无',
  'Not used yet': '尚未使用',
  Off: '关闭',
  'price unknown': '价格未知',
  'Prompt cache': '提示缓存',
  Sessions: '会话',
  Settings: '设置',
  'Share of the input read back from the cache, which costs a tenth of fresh input.':
    '从缓存读取的输入所占的比例，其费用仅为新输入的十分之一。',
  'Summarise the conversation so the next message fits; every message stays in this session':
    '总结对话，以便容纳下一条消息；所有消息都会保留在此会话中',
  Sync: '同步',
  'Thinking: ${0}': '思考：${0}',
  Tokens: 'Token 数',
  Unknown: '未知',
  Usage: '用量',
  'Usage: ${0}': '用量：${0}',
  'Usage: ${0}, context ${1}': '用量：${0}，上下文 ${1}',
  'Usage: cost, context and cache': '用量：费用、上下文和缓存',
  "What this chat's answers cost at the model's list prices, tools included.":
    '按模型标价计算的此对话回答费用，包括工具费用。',
};

export default header;
