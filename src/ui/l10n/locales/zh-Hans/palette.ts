// biome-ignore-all lint/suspicious/noTemplateCurlyInString: `${0}` marks where a value goes, in plain strings.
/** Simplified Chinese for the texts of `src/ui/palette/`, in the order of the English. */
import type { Translations } from '../../languages';

const palette: Translations = {
  Action: '操作',
  Commands: '命令',
  'Commands and sessions': '命令和会话',
  'In a list or dialog, ↑ and ↓ move, Enter chooses and Esc closes. In the message box, Enter sends, Shift+Enter adds a line, Alt+Enter queues a follow-up while Claude works, and Esc stops the answer.':
    '在列表或对话框中，↑ 和 ↓ 移动，Enter 选择，Esc 关闭。在消息框中，Enter 发送，Shift+Enter 换行，Claude 工作时 Alt+Enter 排队追问，Esc 停止回答。',
  Keys: '按键',
  'Nothing matches “${0}”.': '没有与“${0}”匹配的内容。',
  'Recent sessions': '最近的会话',
  'Search commands and sessions': '搜索命令和会话',
  'Type a command or search sessions': '输入命令或搜索会话',
  'Untitled session': '未命名会话',
};

export default palette;
