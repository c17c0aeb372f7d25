import { describe, expect, it } from 'vitest';
import type { AssistantContent } from '../../agent';
import { mount } from '../test-support';
import { citedSources } from './source-list';
import './source-list';

const cite = (url: string, title?: string) => ({
  type: 'web_search_result_location',
  url,
  title,
  cited_text: '…',
});

const answer: AssistantContent[] = [
  { type: 'text', text: 'Warm.', citations: [cite('https://www.yr.no/oslo', 'Oslo forecast')] },
  {
    type: 'text',
    text: ' And dry.',
    citations: [
      cite('https://met.no/x', '  '),
      cite('https://www.yr.no/oslo', 'Again'),
      cite('javascript:alert(1)', 'Bad'),
    ],
  },
];

describe('<easel-source-list>', () => {
  it('numbers each cited page once, in the order first cited, and leaves out addresses that are not the web', () => {
    expect(citedSources(answer)).toEqual([
      { url: 'https://www.yr.no/oslo', title: 'Oslo forecast' },
      { url: 'https://met.no/x', title: 'https://met.no/x' },
    ]);
  });

  it('is a Sources region of links that open in a new tab without a referrer', async () => {
    const { screen } = await mount('easel-source-list', { content: answer });
    const region = screen.getByRole('region', { name: 'Sources' });
    const first = region.getByRole('link', { name: 'Oslo forecast' });
    await expect.element(first).toHaveAttribute('href', 'https://www.yr.no/oslo');
    await expect.element(first).toHaveAttribute('target', '_blank');
    await expect
      .element(first)
      .toHaveAttribute('rel', expect.stringMatching(/noopener.*noreferrer|noreferrer.*noopener/));
    await expect.element(region.getByRole('listitem').nth(1)).toHaveTextContent('https://met.no/x — met.no');
    expect(region.getByRole('listitem').elements()).toHaveLength(2);
  });

  it('draws nothing for an answer without citations', async () => {
    const { screen } = await mount('easel-source-list', { content: [{ type: 'text', text: 'Plain.' }] });
    expect(screen.getByRole('region', { name: 'Sources' }).elements()).toHaveLength(0);
  });
});
