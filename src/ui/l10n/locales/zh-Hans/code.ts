// biome-ignore-all lint/suspicious/noTemplateCurlyInString: `${0}` marks where a value goes, in plain strings.
/** Simplified Chinese for the texts of `src/ui/code/`, in the order of the English. */
import type { Translations } from '../../languages';

const code: Translations = {
  'a file it made was too large to keep': '它生成的某个文件太大，无法保留',
  "A file on Anthropic's servers (${0})": 'Anthropic 服务器上的文件（${0}）',
  'A run went past the time limit and was ended: the state of the runs before it (variables, imports) is gone.':
    '一次运行超过时间限制，已被结束：之前运行的状态（变量、导入）已丢失。',
  "Code run on Anthropic's servers": '在 Anthropic 服务器上运行代码',
  'Code runner': '代码运行器',
  'Could not run (${0})': '无法运行（${0}）',
  'Downloading a file (${0})…': '正在下载文件（${0}）…',
  "Edited a file on Anthropic's servers": '已在 Anthropic 服务器上编辑文件',
  'Ended at the time limit after ${0}': '达到时间限制，${0} 后结束',
  Errors: '错误',
  'Exit code ${0}': '退出代码 ${0}',
  'Failed after ${0}': '${0} 后失败',
  File: '文件',
  "File edit on Anthropic's servers": '在 Anthropic 服务器上编辑文件',
  'Files made': '生成的文件',
  'Files written': '写入的文件',
  'Image ${0} the code showed': '代码显示的第 ${0} 张图片',
  'Open ${0}': '打开 ${0}',
  Output: '输出',
  'Python could not be loaded (${0}: ${1}).': '无法加载 Python（${0}：${1}）。',
  "Ran code on Anthropic's servers": '已在 Anthropic 服务器上运行代码',
  'Ran in ${0}': '运行用时 ${0}',
  'Running ${0}${1}': '正在运行 ${0}${1}',
  'Running…': '正在运行…',
  'Stopped after ${0}': '${0} 后停止',
  Text: '文本',
  'the code execution service was unavailable': '代码执行服务不可用',
  'the command was not valid': '命令无效',
  'The earlier runs were stopped, so their state (variables, imports) is gone.':
    '之前的运行已被停止，其状态（变量、导入）已丢失。',
  'the file does not exist': '文件不存在',
  'The run failed: ${0} (${1}).': '运行失败：${0}（${1}）。',
  'The run failed: ${0}.': '运行失败：${0}。',
  'the run took longer than the time it is allowed': '运行时间超出了允许的时长',
  'The runtime did not start and was ended.': '运行环境未能启动，已被结束。',
  'the sandbox had expired': '沙盒已过期',
  'the text to replace was not in the file': '文件中没有要替换的文本',
  'too many runs at once; try again in a moment': '同时运行的次数过多，请稍后再试',
  Value: '值',
  '· running…': '· 运行中…',
};

export default code;
