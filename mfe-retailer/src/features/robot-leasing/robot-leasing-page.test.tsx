import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from 'shared-auth/testing';
import { LEASE_MESSAGES } from 'shared-contracts/leasing';
import { expect, it } from 'vitest';
import { selectionFromSearch } from '../../shared/robot-leasing-api';
import { RobotLeasingPage } from './robot-leasing-page';

it('shows models and plans and prices the selection in the calculator', async () => {
  const user = userEvent.setup();
  renderWithProviders(<RobotLeasingPage />, { path: '/robot-leasing' });
  expect(screen.getByRole('heading', { name: 'CurbRun Scout' })).toBeVisible();
  expect(screen.getByText('30 miles a charge')).toBeVisible();
  const cost = screen.getByLabelText('Lease cost');
  // Default: 2 × Courier on Standard ($1,299 − 10% = $1,169.10).
  expect(cost).toHaveTextContent('$2,338.20');
  await user.click(screen.getByRole('button', { name: 'Choose Fleet' }));
  await user.clear(screen.getByLabelText('Number of robots'));
  await user.type(screen.getByLabelText('Number of robots'), '10');
  // $1,039.20 × 10 − 10% = $9,352.80 a month, 36 months.
  const updated = screen.getByLabelText('Lease cost');
  expect(updated).toHaveTextContent('$9,352.80');
  expect(updated).toHaveTextContent('36 months');
  expect(screen.getByRole('link', { name: 'Continue to payment' })).toHaveAttribute(
    'href',
    '/robot-leasing-payment?model=courier&plan=fleet&quantity=10',
  );
  await user.clear(screen.getByLabelText('Number of robots'));
  await user.type(screen.getByLabelText('Number of robots'), '51');
  expect(screen.getByText(LEASE_MESSAGES.quantity)).toBeVisible();
  expect(screen.queryByRole('link', { name: 'Continue to payment' })).toBeNull();
});

it('reads a lease selection from the query string and refuses bad ones', () => {
  expect(selectionFromSearch(new URLSearchParams('model=scout&plan=flex&quantity=3'))).toEqual({
    modelId: 'scout',
    planId: 'flex',
    quantity: 3,
  });
  expect(selectionFromSearch(new URLSearchParams('model=tank&plan=flex&quantity=3'))).toBeNull();
  expect(selectionFromSearch(new URLSearchParams('model=scout&plan=flex&quantity=0'))).toBeNull();
  expect(selectionFromSearch(new URLSearchParams('model=scout&plan=flex&quantity=2.5'))).toBeNull();
});
