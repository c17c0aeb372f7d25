import { fixture, httpError } from './fake-anthropic/responses.mjs';
import { expect, messageRequests, send, test } from './support/test';

test('a typed message streams an answer from the API into the conversation', async ({ app, anthropic }) => {
  await anthropic.reply(fixture('text_basic_ts_sdk', { chunk: 'event', delayMs: 20 }));

  await send(app, 'Say hello');

  await expect(
    app.getByRole('log', { name: 'Conversation' }).getByRole('article', { name: 'You' }),
  ).toContainText('Say hello');
  await expect(app.getByRole('article', { name: 'Claude' })).toContainText('Hello there!');

  const [request] = await messageRequests(anthropic);
  expect(request?.headers.authorization).toBe('Bearer sk-ant-test-key');
  const body = request?.body ?? {};
  expect(body.stream).toBe(true);
  expect(body).not.toHaveProperty('temperature');
  expect(body).not.toHaveProperty('top_p');
  expect(body).not.toHaveProperty('top_k');
  expect(body.messages).toEqual([
    { role: 'user', content: [expect.objectContaining({ type: 'text', text: 'Say hello' })] },
  ]);
});

test('sending without a key asks for one, then sends the message', async ({ page, anthropic }) => {
  await anthropic.reply(fixture('text_basic_ts_sdk'));
  await page.goto('./');

  await send(page, 'Hi without a key');
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('alert')).toContainText('Enter your Anthropic API key');
  await dialog.getByRole('textbox', { name: 'API base URL' }).fill(anthropic.baseUrl);
  await dialog.getByRole('textbox', { name: 'Anthropic API key' }).fill('sk-ant-late-key');
  await dialog.getByRole('button', { name: 'Save' }).click();

  await expect(page.getByRole('article', { name: 'Claude' })).toContainText('Hello there!');
  expect((await messageRequests(anthropic))[0]?.headers.authorization).toBe('Bearer sk-ant-late-key');
});

test('settings are kept in IndexedDB across a reload', async ({ app, anthropic }) => {
  await app.reload();
  await app.getByRole('button', { name: 'Settings' }).click();
  const dialog = app.getByRole('dialog', { name: 'Settings' });
  await expect(dialog.getByRole('textbox', { name: 'API base URL' })).toHaveValue(anthropic.baseUrl);
  await expect(dialog.getByRole('textbox', { name: 'Anthropic API key' })).toHaveValue('sk-ant-test-key');
});

test('an API error is shown with its message, and Retry sends again', async ({ app, anthropic }) => {
  // A 400 is not retried automatically, so the person sees it.
  await anthropic.reply(httpError(400, '400_invalid_request_error.recorded'));
  await anthropic.reply(fixture('text_basic_ts_sdk'));

  await send(app, 'Try this');

  const alert = app.getByRole('article', { name: 'Claude' }).getByRole('alert');
  await expect(alert).toBeVisible();
  await alert.getByRole('button', { name: 'Retry' }).click();
  await expect(app.getByRole('article', { name: 'Claude' })).toContainText('Hello there!');
  await expect(app.getByRole('article', { name: 'You' })).toHaveCount(1);
});

test('a base URL that is not http(s) is refused with a reason', async ({ page }) => {
  await page.goto('./');
  await page.getByRole('button', { name: 'Settings' }).click();
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  await dialog.getByRole('textbox', { name: 'API base URL' }).fill('javascript:alert(1)');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByRole('alert')).toContainText('must start with https://');
  await expect(dialog).toBeVisible();
});
