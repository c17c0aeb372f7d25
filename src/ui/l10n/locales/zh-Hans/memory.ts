// biome-ignore-all lint/suspicious/noTemplateCurlyInString: `${0}` marks where a value goes, in plain strings.
/** Simplified Chinese for the texts of `src/ui/memory/`, in the order of the English. */
import type { Translations } from '../../languages';

const memory: Translations = {
  'A deleted project': '已删除的项目',
  'Changed since (see Settings → Memory)': '此后已被更改（见“设置 → 记忆”）',
  'Claude has not remembered anything yet.': 'Claude 还没有记住任何内容。',
  "Claude keeps short notes in memory files in this browser and reads them in new chats; a project's chats also keep notes for that project. What Claude reads is sent with the chat, like the rest of it.":
    'Claude 会在此浏览器的记忆文件中保存简短笔记，并在新对话中读取；项目中的对话还会为该项目保存笔记。Claude 读取的内容会像对话的其他部分一样随对话发送。',
  'Contents of ${0}': '${0} 的内容',
  'Could not read the memory: ${0}': '无法读取记忆：${0}',
  'Could not undo: ${0}': '无法撤销：${0}',
  Delete: '删除',
  'Delete ${0}': '删除 ${0}',
  Forgot: '已忘记',
  'Let Claude remember across chats': '让 Claude 跨对话记忆',
  Memory: '记忆',
  'Memory changed.': '记忆已更改。',
  'Memory could not be changed: ${0}': '无法更改记忆：${0}',
  'Memory could not be loaded: ${0}': '无法加载记忆：${0}',
  'Memory could not be read: ${0}': '无法读取记忆：${0}',
  'Memory files': '记忆文件',
  'Memory is off: Claude neither reads nor writes it.': '记忆已关闭：Claude 不会读取或写入记忆。',
  'Memory is on.': '记忆已开启。',
  'Moved memory': '已移动记忆',
  Open: '打开',
  Remembered: '已记住',
  'Save memory': '保存记忆',
  'This memory is ${0} bytes; a memory file may hold at most ${1}. Shorten it, then save again.':
    '这条记忆有 ${0} 字节；一个记忆文件最多 ${1} 字节。请缩短后再保存。',
  Undone: '已撤销',
};

export default memory;
