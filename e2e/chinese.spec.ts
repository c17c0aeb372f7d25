import type { Page } from '@playwright/test';
import { sse } from './fake-anthropic/responses.mjs';
import { expect, test } from './support/test';

// The main flows once in Simplified Chinese: the browser says zh-CN (Playwright sets `navigator.languages` and
// Accept-Language), so `Automatic` picks 简体中文. Each screen is then read — its visible text and the accessible
// names of its controls — and must hold no English word but names (brands, models, file formats, keys).

test.use({ locale: 'zh-CN' });

/** Names that stay as they are in any language. */
const NAMES = new Set(
  [
    'Easel',
    'Claude',
    'Anthropic',
    'Console',
    'API',
    'URL',
    'ID',
    'Sonnet',
    'Opus',
    'Haiku',
    'Enter',
    'Shift',
    'Alt',
    'Esc',
    'Ctrl',
    'Mac',
    'JavaScript',
    'Python',
    'PDF',
    'JSON',
    'Markdown',
    'zip',
    'MCP',
    'KB',
    'MB',
    'GB',
    'US',
    'token',
    'Files',
    'Ollama',
    'LM',
    'Studio',
    'llama',
    'cpp',
    'vLLM',
    'CouchDB',
    'Messages',
    'Chrome',
    'Cookie',
    'Worker',
    'base64',
    'data',
    'sk',
    'ant',
    'https',
    'http',
    'localhost',
    'wikipedia',
    'org',
    'couch',
    'example',
    'com',
    'www',
    'html',
    'index',
  ].map((w) => w.toLowerCase()),
);

/**
 * The words of what the page shows: text in sight (through shadow roots, not inside model output, the person's
 * own message, code, the preview frames or a file's name) and the accessible names and placeholders of what is
 * in sight, with words that are names left out.
 */
async function englishWords(page: Page): Promise<string[]> {
  const texts = await page.evaluate(() => {
    const found: string[] = [];
    const skip =
      'easel-markdown, easel-code-view, .bubble, .user-text, iframe, code, pre, [role="tab"], .filename, .title';
    const visit = (root: Document | ShadowRoot | Element) => {
      for (const node of root.childNodes) {
        if (node.nodeType === Node.TEXT_NODE) {
          const parent = node.parentElement;
          if (parent?.checkVisibility({ visibilityProperty: true }) && !parent.closest(skip))
            found.push(node.textContent ?? '');
        } else if (node instanceof Element) {
          if (node.matches(skip) || node.matches('style, script, template')) continue;
          const visible = node.checkVisibility({ visibilityProperty: true });
          if (visible) {
            for (const attribute of ['aria-label', 'title', 'placeholder', 'alt']) {
              const value = node.getAttribute(attribute);
              if (value) found.push(value);
            }
          }
          if (node.shadowRoot) visit(node.shadowRoot);
          visit(node);
        }
      }
    };
    visit(document);
    return found;
  });
  const words = texts.flatMap((t) => t.match(/[A-Za-z][A-Za-z'’]+/g) ?? []);
  return [...new Set(words.filter((w) => !NAMES.has(w.toLowerCase())))];
}

test('the whole app in Simplified Chinese: first run, an answer with an artifact, the sidebar and Settings', async ({
  page,
  anthropic,
}) => {
  await page.goto('./');
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-Hans');

  // First run: the welcome card asks for the key in Chinese.
  const chat = page.getByRole('main');
  await expect(chat.getByRole('heading', { name: '欢迎使用 Easel' })).toBeVisible();
  expect.soft(await englishWords(page)).toEqual([]);
  await chat.getByText('高级').click();
  await chat.getByRole('textbox', { name: 'API 基础 URL' }).fill(anthropic.baseUrl);
  await chat.getByLabel('Anthropic API 密钥').fill('sk-ant-zh-key');
  await chat.getByRole('button', { name: '保存密钥' }).click();
  await expect(chat.getByRole('heading', { name: '欢迎使用 Easel' })).toBeHidden();

  // A message, and an answer that writes an artifact: the chat and the panel in Chinese.
  await anthropic.reply(
    sse.toolUse({
      name: 'artifacts',
      input: { command: 'create', filename: 'index.html', content: '<h1>你好</h1>' },
    }),
  );
  await anthropic.reply(sse.text('页面已写好。'));
  await page.getByRole('textbox', { name: '消息' }).fill('写一个问候页面');
  await page.getByRole('button', { name: '发送' }).click();
  const answer = page.getByRole('article', { name: 'Claude' }).last();
  await expect(answer).toContainText('页面已写好。');
  await expect(page.getByRole('button', { name: '停止' })).toBeHidden();
  const panel = page.getByRole('region', { name: '工件' });
  await expect(panel).toBeVisible();
  await expect(
    page.getByTitle('index.html 预览').contentFrame().getByRole('heading', { name: '你好' }),
  ).toBeVisible();
  await expect(
    page.getByRole('navigation', { name: '会话' }).getByRole('link', { name: '写一个问候页面' }),
  ).toBeVisible();
  expect.soft(await englishWords(page)).toEqual([]);

  // Settings: every section in Chinese, the language offered as 自动 / English / 简体中文.
  await page.getByRole('button', { name: '设置' }).click();
  const settings = page.getByRole('dialog', { name: '设置' });
  // Each tab in turn, so every section's text is read; the language is under 主题与限制.
  for (const tab of await settings.getByRole('tab').all()) {
    await tab.click();
    expect.soft((await englishWords(page)).filter((w) => w !== 'English')).toEqual([]);
  }
  await settings.getByRole('tab', { name: '主题与限制' }).click();
  await expect(settings.getByRole('combobox', { name: '语言' })).toHaveValue('auto');
  await expect(settings.getByRole('combobox', { name: '语言' }).getByRole('option')).toHaveText([
    '自动',
    'English',
    '简体中文',
  ]);
  expect.soft((await englishWords(page)).filter((w) => w !== 'English')).toEqual([]);

  // Choosing English applies at once, without a reload, and is kept.
  await settings.getByRole('combobox', { name: '语言' }).selectOption('en');
  await settings.getByRole('button', { name: '保存' }).click();
  await expect(page.getByRole('button', { name: 'Send' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await page.reload();
  await expect(page.getByRole('button', { name: 'Settings' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Message' })).toBeVisible();
});

test('an Enter that confirms a Chinese input method composition never sends the message', async ({
  page,
  anthropic,
}) => {
  await page.goto('./');
  const chat = page.getByRole('main');
  await chat.getByText('高级').click();
  await chat.getByRole('textbox', { name: 'API 基础 URL' }).fill(anthropic.baseUrl);
  await chat.getByLabel('Anthropic API 密钥').fill('sk-ant-zh-key');
  await chat.getByRole('button', { name: '保存密钥' }).click();
  const box = page.getByRole('textbox', { name: '消息' });
  await box.click();
  // Chromium's own input method path: a composition set and confirmed through the DevTools protocol, as an IME
  // does; the Enter pressed while it is open picks the candidate.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Input.imeSetComposition', { text: 'nihao', selectionStart: 5, selectionEnd: 5 });
  await cdp.send('Input.dispatchKeyEvent', {
    type: 'rawKeyDown',
    key: 'Enter',
    code: 'Enter',
    windowsVirtualKeyCode: 229,
    nativeVirtualKeyCode: 229,
  });
  await cdp.send('Input.insertText', { text: '你好' });
  await cdp.send('Input.dispatchKeyEvent', {
    type: 'keyUp',
    key: 'Enter',
    code: 'Enter',
    windowsVirtualKeyCode: 13,
  });
  await expect(box).toHaveValue('你好');
  expect(await page.getByRole('article').count()).toBe(0);
  // The next Enter, with no composition, sends.
  await anthropic.reply(sse.text('你好！'));
  await box.press('Enter');
  await expect(page.getByRole('article', { name: 'Claude' })).toContainText('你好！');
});

test.describe('in an English browser', () => {
  test.use({ locale: 'en-US' });

  test('the interface is in English and loads no translation', async ({ page }) => {
    const loaded: string[] = [];
    page.on('request', (request) => loaded.push(request.url()));
    await page.goto('./');
    await expect(page.getByRole('heading', { name: 'Welcome to Easel' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await page.getByRole('button', { name: 'Settings' }).click();
    const settings = page.getByRole('dialog', { name: 'Settings' });
    await settings.getByRole('tab', { name: 'Theme & limits' }).click();
    await expect(settings.getByRole('combobox', { name: 'Language' })).toHaveValue('auto');
    expect(loaded.filter((url) => /zh-Hans/.test(url))).toEqual([]);
  });
});
