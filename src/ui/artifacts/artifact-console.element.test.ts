import { describe, expect, it } from 'vitest';
import { userEvent } from 'vitest/browser';
import type { PreviewLog } from '../../artifacts';
import { ArtifactApps } from '../../artifacts';
import { ArtifactNetwork, GRANTS_KEY } from '../../artifacts/test-support';
import { mount, recordEvents } from '../test-support';
import './artifact-console';

const log: PreviewLog = {
  entries: [
    { level: 'log', origin: 'console', text: 'ready' },
    { level: 'error', origin: 'error', text: 'TypeError: x is undefined' },
    { level: 'warn', origin: 'console', text: 'deprecated API' },
  ],
  dropped: 0,
  errorCount: 1,
  status: 'live',
};

describe('<easel-artifact-console>', () => {
  it('is a region named Console, closed, counting its entries and errors', async () => {
    const { screen } = await mount('easel-artifact-console', { filename: 'index.html', log });
    const region = screen.getByRole('region', { name: 'Console' });
    const toggle = region.getByRole('button', { name: /Console \(3\)$/ });
    await expect.element(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect.element(region.getByText('1 error')).toBeVisible();
    expect(region.getByRole('list').elements()).toHaveLength(0);
  });

  it('opens to list the entries with their levels', async () => {
    const { el, screen } = await mount('easel-artifact-console', { filename: 'index.html', log });
    await userEvent.click(screen.getByRole('button', { name: /Console \(3\)$/ }));
    await expect
      .element(screen.getByRole('button', { name: /Console \(3\)$/ }))
      .toHaveAttribute('aria-expanded', 'true');
    expect(el.open).toBe(true);
    const entries = screen.getByRole('list', { name: 'Console entries' }).getByRole('listitem');
    expect(entries.elements().map((li) => li.textContent)).toEqual([
      'logready',
      'errorTypeError: x is undefined',
      'warndeprecated API',
    ]);
  });

  it('asks for a fix of the errors with Fix', async () => {
    const { screen, parent } = await mount('easel-artifact-console', { filename: 'index.html', log });
    const fixes = recordEvents(parent, 'artifact-fix');
    await userEvent.click(screen.getByRole('button', { name: 'Fix' }));
    expect(fixes).toHaveLength(1);
    expect(fixes[0]?.filename).toBe('index.html');
    expect(fixes[0]?.text).toContain('The preview of index.html reports 1 error');
    expect(fixes[0]?.text).toContain('TypeError: x is undefined');
    expect(fixes[0]?.text).not.toContain('deprecated API');
  });

  it('offers no Fix without errors, and says when nothing was printed', async () => {
    const { screen } = await mount('easel-artifact-console', { open: true });
    await expect.element(screen.getByRole('button', { name: '▾ Console', exact: true })).toBeVisible();
    await expect.element(screen.getByText('Nothing printed.')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Fix' }).elements()).toHaveLength(0);
  });

  it('counts the entries it could not keep', async () => {
    const { screen } = await mount('easel-artifact-console', {
      open: true,
      log: { ...log, dropped: 40, errorCount: 12 },
    });
    await expect.element(screen.getByRole('button', { name: 'Console (43)' })).toBeVisible();
    await expect.element(screen.getByText('12 errors')).toBeVisible();
    await expect.element(screen.getByText('… and 40 more')).toBeVisible();
  });

  it('lists the sites the artifact may reach, each with Revoke, and Revoke takes the grant back', async () => {
    const records = new Map<string, unknown>([[GRANTS_KEY, { 's1\nweather.html': ['api.weather.example'] }]]);
    const network = new ArtifactNetwork({
      store: { get: async (k) => records.get(k), set: async (k, v) => void records.set(k, v) },
      appOrigin: location.origin,
      apiHosts: () => [],
      fetch: () => Promise.reject(new TypeError('no network in this test')),
      changed: () => apps.changed(),
    });
    const apps: ArtifactApps = new ArtifactApps({
      data: {
        get: async () => undefined,
        set: async () => {},
        delete: async () => false,
        list: async () => [],
        usage: async () => ({ keys: 0, bytes: 0 }),
        clear: async () => {},
      },
      session: () => 's1',
      files: () => [],
      network,
    });
    const { screen } = await mount('easel-artifact-console', { filename: 'weather.html', log, apps });
    const list = screen.getByRole('list', { name: 'Allowed connections' });
    await expect.element(list).toHaveTextContent(/Reaches api\.weather\.example\s*Revoke/);
    await userEvent.click(screen.getByRole('button', { name: 'Revoke connections to api.weather.example' }));
    await expect
      .poll(() => screen.getByRole('list', { name: 'Allowed connections' }).elements())
      .toHaveLength(0);
    expect(records.get(GRANTS_KEY)).toEqual({});
  });
});
