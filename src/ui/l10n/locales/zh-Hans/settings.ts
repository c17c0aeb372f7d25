// biome-ignore-all lint/suspicious/noTemplateCurlyInString: `${0}` marks where a value goes, in plain strings.
/** Simplified Chinese for the texts of `src/ui/settings/`, in the order of the English. */
import type { Translations } from '../../languages';

const settings: Translations = {
  '${0} file${1} (${2}) uploaded from this device with this key.':
    '已用此密钥从本设备上传 ${0} 个文件（${2}）。',
  'A call that could pass this is refused before it is sent; 0 refuses them all.':
    '可能超出此上限的调用会在发送前被拒绝；设为 0 则拒绝所有调用。',
  'A local or compatible server needs its address in API base URL, such as http://localhost:11434 for Ollama.':
    '本地或兼容服务器需要在“API 基础 URL”中填写地址，例如 Ollama 的 http://localhost:11434。',
  'Add connector': '添加连接器',
  'Allowed domains': '允许的域名',
  'Allowed tools': '允许的工具',
  Anthropic: 'Anthropic',
  "Anthropic's code execution tool, for heavy work: the code, and the files it makes, run and stay on Anthropic's servers; files it makes are downloaded into the panel. Not offered to a local server.":
    'Anthropic 的代码执行工具，适合繁重的工作：代码及其生成的文件在 Anthropic 的服务器上运行和保存；生成的文件会下载到面板中。使用本地服务器时不提供此功能。',
  'Asking the server…': '正在询问服务器…',
  'at least 8 characters': '至少 8 个字符',
  Automatic: '自动',
  'Automatic follows the languages set in your browser.': '“自动”会跟随浏览器中设置的语言。',
  'Blocked domains': '屏蔽的域名',
  'Code Claude runs in your browser is ended past this time, and Claude is told.':
    'Claude 在浏览器中运行的代码超过此时间会被结束，并告知 Claude。',
  'comma-separated (empty: all)': '以逗号分隔（留空：全部）',
  'Compact long conversations automatically': '自动压缩长对话',
  'Connecting…': '正在连接…',
  'Connector ${0}': '连接器 ${0}',
  'Connector name "${0}" may use only letters, digits, - and _ (at most 64 characters).':
    '连接器名称“${0}”只能包含字母、数字、- 和 _（最多 64 个字符）。',
  Connectors: '连接器',
  Dark: '深色',
  Database: '数据库',
  'Delete uploaded files': '删除已上传的文件',
  "Deleted ${0} file${1} from Anthropic's file storage.": '已从 Anthropic 的文件存储中删除 ${0} 个文件。',
  'Deleting the uploaded files…': '正在删除已上传的文件…',
  Enabled: '已启用',
  'Enter the server’s address in API base URL first, such as http://localhost:11434 for Ollama.':
    '请先在“API 基础 URL”中填写服务器地址，例如 Ollama 的 http://localhost:11434。',
  'Error: ${0}': '错误：${0}',
  'Files API': 'Files API',
  'Find models': '查找模型',
  'Forget key': '忘记密钥',
  'Give allowed domains or blocked domains, not both: the API takes one list.':
    '请填写允许的域名或屏蔽的域名，不要同时填写：API 只接受一个列表。',
  'Hide key': '隐藏密钥',
  'kept on this device': '保存在此设备上',
  Language: '语言',
  'Leave empty for the official API, or enter a compatible server or proxy.':
    '留空则使用官方 API，也可填写兼容服务器或代理。',
  "Let Claude run code on Anthropic's servers": '允许 Claude 在 Anthropic 的服务器上运行代码',
  Light: '浅色',
  'Local or compatible server': '本地或兼容服务器',
  'Most searches per answer': '每次回答的最多搜索次数',
  'Most searches per answer must be a whole number of at least 1, or empty for no limit.':
    '每次回答的最多搜索次数必须是不小于 1 的整数，留空表示不限。',
  'No API key is set. Enter the key the files were uploaded with above.':
    '尚未设置 API 密钥。请在上方输入上传这些文件时使用的密钥。',
  'no limit': '不限',
  'Not syncing.': '未同步。',
  'Offline: the server cannot be reached (${0}). Easel tries again by itself; Sync now tries at once.':
    '离线：无法连接服务器（${0}）。Easel 会自动重试；点击“立即同步”可马上重试。',
  'Ollama, LM Studio, llama.cpp or vLLM on this computer or your network, speaking the Messages API. No key is needed. Thinking, prompt caching, web search, connectors, memory and the Files API are off for it.':
    '在这台电脑或你的网络中运行、支持 Messages API 的 Ollama、LM Studio、llama.cpp 或 vLLM。无需密钥。此时思考、提示缓存、网页搜索、连接器、记忆和 Files API 均不可用。',
  'one per line (only when no domain is allowed)': '每行一个（仅在未设置允许的域名时生效）',
  'one per line, e.g. wikipedia.org (empty: any)': '每行一个，例如 wikipedia.org（留空：任意）',
  Passphrase: '口令',
  Password: '密码',
  "PDFs and images of at least the size below are uploaded, with their names, to Anthropic's file storage the first time they are sent, under your API key's workspace, and kept there until deleted; later requests name them by id instead of carrying them again. Storing and uploading cost nothing; the file's tokens count as input each time Claude reads it, as before.":
    '不小于下方大小的 PDF 和图片会在首次发送时连同文件名上传到 Anthropic 的文件存储（位于你的 API 密钥所属的工作区），并保留到被删除为止；之后的请求通过 ID 引用它们，而不再重复携带。存储和上传不收费；与之前一样，Claude 每次读取文件时，其 token 都计为输入。',
  'Remember on this device': '在此设备上记住',
  'Remote MCP servers that the API calls for Claude. The address, token and tool calls go from Anthropic to the server; the token is kept like your API key and never exported.':
    '由 API 代 Claude 调用的远程 MCP 服务器。地址、令牌和工具调用由 Anthropic 发往该服务器；令牌像 API 密钥一样保存，且永不导出。',
  'Remove connector ${0}': '移除连接器 ${0}',
  'Renamed on more than one device': '在多台设备上被重命名',
  'Renamed on more than one device: the latest rename won everywhere. The other titles are kept here.':
    '在多台设备上被重命名：各处均以最新的名称为准。其他标题保留在这里。',
  'Send with Enter': '按 Enter 发送',
  'Sent only to the API base URL below, from your browser.': '仅从你的浏览器发送到下方的 API 基础 URL。',
  Server: '服务器',
  'Server & key': '服务器与密钥',
  'Server URL': '服务器 URL',
  'Settings sections': '设置分区',
  'Show key': '显示密钥',
  "Spending cap for each artifact's Claude calls (US dollars)": '每个工件调用 Claude 的费用上限（美元）',
  'Stop syncing': '停止同步',
  'Sync & storage': '同步与存储',
  'Sync now': '立即同步',
  'Sync status': '同步状态',
  'Synced.': '已同步。',
  'Syncing (${0} to go)…': '正在同步（还剩 ${0} 项）…',
  'Syncing in another tab of this browser.': '正在此浏览器的另一个标签页中同步。',
  'Syncing…': '正在同步…',
  System: '跟随系统',
  'The API base URL must start with https:// (or http:// for a server on this computer).':
    'API 基础 URL 必须以 https:// 开头（本机上的服务器可用 http://）。',
  'The server answered but lists no models.': '服务器已响应，但没有列出任何模型。',
  'The server URL of ${0} must be an https:// address.': '${0} 的服务器 URL 必须是 https:// 地址。',
  'The smallest file to upload must be a whole number of KB from 1 to ${0}, such as 256.':
    '上传文件的最小大小必须是 1 到 ${0} 之间的整数（KB），例如 256。',
  'The spending cap must be a number of dollars from 0 to ${0}, such as 0.50.':
    '费用上限必须是 0 到 ${0} 之间的美元金额，例如 0.50。',
  'The time limit for code must be a whole number of seconds from 1 to ${0}, such as 30.':
    '代码的时间限制必须是 1 到 ${0} 之间的整数秒，例如 30。',
  Theme: '主题',
  'Theme & limits': '主题与限制',
  'Time limit for each code run (seconds)': '每次代码运行的时间限制（秒）',
  'Token (optional)': '令牌（可选）',
  'Two connectors are named "${0}": give each its own name.': '有两个连接器都叫“${0}”：请为它们分别命名。',
  'Upload files of at least (KB)': '上传不小于此大小的文件（KB）',
  'Upload large files once (Files API)': '大文件只上传一次（Files API）',
  'Use the same passphrase on every device. It never leaves this browser, and without it nobody, Easel included, can read what is stored; kept like your API key, never exported.':
    '请在每台设备上使用相同的口令。它永远不会离开此浏览器；没有它，任何人（包括 Easel）都无法读取存储的内容。它像 API 密钥一样保存，永不导出。',
  'Use “${0}”': '使用“${0}”',
  'User name': '用户名',
  'Web, connectors & files': '联网、连接器与文件',
  'When off, Enter adds a line and Ctrl+Enter (⌘+Enter on a Mac) sends: handy on a phone or for long prompts.':
    '关闭后，Enter 换行，Ctrl+Enter（Mac 上为 ⌘+Enter）发送：适合在手机上或撰写长提示时使用。',
  "When off, the key stays in this tab's memory only and is gone when you close or reload it.":
    '关闭后，密钥只保存在此标签页的内存中，关闭或重新加载标签页后即消失。',
  'Where the model supports it, the API summarises a conversation that reaches three quarters of its context window before answering. Otherwise the context meter offers Compact when the next message may not fit.':
    '在模型支持的情况下，当对话达到上下文窗口的四分之三时，API 会在回答前先总结对话。否则，当下一条消息可能放不下时，上下文指示器会提供“压缩”。',
  "With Web on in the message box, Claude can search the web ($0.01 a search, plus the tokens of what it reads) and read pages. Your question goes to Anthropic's search; pages are fetched by Anthropic, not your browser.":
    '在消息框中开启“联网”后，Claude 可以搜索网页（每次搜索 $0.01，另加所读内容的 token）并阅读页面。你的问题会发送到 Anthropic 的搜索服务；页面由 Anthropic 而非你的浏览器获取。',
  'Your sessions on every device, through a CouchDB server you run or rent. Everything is encrypted in this browser with your passphrase before it leaves: the server stores only ciphertext, attached files included.':
    '通过你自建或租用的 CouchDB 服务器，在每台设备上使用你的会话。所有内容在离开此浏览器前都会用你的口令加密：服务器只存储密文，附件也不例外。',
  '“${0}”, also named': '“${0}”，另有名称',
};

export default settings;
