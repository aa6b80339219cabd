import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from 'shared-auth/testing';
import { describe, expect, it } from 'vitest';
import { HelpCenterPage } from './help-center-page';

const questions = () =>
  within(document.getElementById('faq-results') as HTMLElement)
    .queryAllByRole('group')
    .map((details) => details.querySelector('summary')?.textContent);

describe('the Help Center', () => {
  it('filters the FAQ as you type, and says how many match', async () => {
    const user = userEvent.setup();
    renderWithProviders(<HelpCenterPage />, { path: '/help-center' });
    expect(screen.getByRole('heading', { level: 1, name: 'Help Center' })).toBeVisible();
    expect(questions()).toHaveLength(15);
    expect(screen.getByRole('status')).toHaveTextContent('15 questions in 3 topics.');

    const search = screen.getByRole('searchbox', { name: 'Search the help center' });
    await user.type(search, 'refund');
    expect(questions()).toEqual(['What if my delivery is late?']);
    expect(screen.getByRole('status')).toHaveTextContent('1 of 15 questions match “refund”.');
    expect(screen.getByTestId('location')).toHaveTextContent('/help-center?q=refund');

    await user.clear(search);
    await user.type(search, 'submarine');
    expect(questions()).toEqual([]);
    expect(screen.getByText('No questions match your search')).toBeVisible();

    await user.clear(search);
    expect(questions()).toHaveLength(15);
  });

  it('starts from a search in the address', () => {
    renderWithProviders(<HelpCenterPage />, { path: '/help-center?q=tip' });
    expect(screen.getByRole('searchbox')).toHaveValue('tip');
    expect(questions()).toContain('Can I tip my driver?');
  });

  it('opens a topic in a dialog that closes with Esc and gives focus back', async () => {
    const user = userEvent.setup();
    renderWithProviders(<HelpCenterPage />, { path: '/help-center' });
    const tile = screen.getByRole('button', { name: /Deliveries & Robots/ });
    await user.click(tile);
    const dialog = await screen.findByRole('dialog', { name: 'Deliveries & Robots' });
    expect(within(dialog).getAllByRole('heading', { level: 3 })).toHaveLength(5);
    expect(within(dialog).getByRole('link', { name: 'Start Live Chat' })).toHaveAttribute(
      'href',
      '/#chat',
    );
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(tile).toHaveFocus());
  });

  it('offers live chat and email support', () => {
    renderWithProviders(<HelpCenterPage />, { path: '/help-center' });
    const chat = screen.getAllByRole('link', { name: 'Start Live Chat' });
    expect(chat[0]).toHaveAttribute('href', '/#chat');
    expect(screen.getByRole('link', { name: 'Email Support' })).toHaveAttribute(
      'href',
      'mailto:support@curbrun.com',
    );
  });
});
