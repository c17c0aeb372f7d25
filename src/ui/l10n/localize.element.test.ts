import { afterEach, describe, expect, it } from 'vitest';
import { formatAgo, formatBytes, formatCost, formatTokens, formatWindow } from '../format';
import { mount } from '../test-support';
import { activeLanguage, applyLanguage, msg } from '.';
import '../chat/composer';

afterEach(async () => {
  await applyLanguage('en');
});

describe('the interface language', () => {
  it('switches a mounted element to Simplified Chinese and back without a reload', async () => {
    const { screen } = await mount('easel-composer');
    await expect.element(screen.getByRole('button', { name: 'Send' })).toBeVisible();
    await applyLanguage('zh-Hans');
    expect(activeLanguage()).toBe('zh-Hans');
    expect(document.documentElement.lang).toBe('zh-Hans');
    await expect
      .element(screen.getByRole('textbox', { name: '消息' }))
      .toHaveAttribute('placeholder', '给 Claude 发消息');
    await expect.element(screen.getByRole('button', { name: '发送' })).toBeVisible();
    await applyLanguage('en');
    await expect.element(screen.getByRole('button', { name: 'Send' })).toBeVisible();
    expect(document.documentElement.lang).toBe('en');
  });

  it('follows the browser languages when Automatic', async () => {
    await applyLanguage('auto', ['zh-CN', 'en']);
    expect(msg('New chat')).toBe('新对话');
    await applyLanguage('auto', ['en-GB']);
    expect(msg('New chat')).toBe('New chat');
  });

  it('writes numbers, sizes, costs and times with Intl in the active language', async () => {
    expect([
      formatTokens(1234),
      formatWindow(200_000),
      formatCost(0.0012),
      formatCost(1.5),
      formatBytes(30605),
    ]).toEqual(['1,234', '200K', '$0.0012', '$1.50', '29.9 KB']);
    expect(formatAgo(0, 5 * 60_000)).toBe('5 minutes ago');
    await applyLanguage('zh-Hans');
    expect([
      formatWindow(200_000),
      formatCost(1.5),
      formatBytes(18),
      formatAgo(0, 5 * 60_000),
      formatAgo(0, 1000),
    ]).toEqual(['20万', 'US$1.50', '18 字节', '5分钟前', '刚刚']);
  });
});
