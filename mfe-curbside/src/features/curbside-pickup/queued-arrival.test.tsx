import {
  dehydrate,
  hydrate,
  onlineManager,
  QueryClient,
  useQueryClient,
} from '@tanstack/react-query';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json, mockFetch, renderWithProviders, signIn } from 'shared-auth/testing';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ArrivalForm } from './arrival-form';
import { arrivalWrite } from './arrival-queue';
import { ArrivalQueueNotice, useRestoredArrivalOutcomes } from './queued-arrival';

const PICKUP_ID = '33333333-3333-4333-8333-333333333333';
const created = () => json({ id: PICKUP_ID, _id: PICKUP_ID }, 201);

function Arrival({ onCreated }: { onCreated: (id: string) => void }) {
  useRestoredArrivalOutcomes(onCreated);
  return (
    <>
      <ArrivalQueueNotice />
      <ArrivalForm presetOrderNumber="CR-100234" onBack={() => {}} onCreated={onCreated} />
    </>
  );
}

async function fillAndTap(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Parking spot number'), '14');
  await user.type(screen.getByLabelText('Phone number'), '(214) 555-0142');
  await user.click(screen.getByRole('button', { name: 'Notify Store' }));
}

/** The page's notice about the connection and a kept arrival (a polite live region). */
const queueNotice = () =>
  screen.getAllByRole('status').find((region) => region.getAttribute('aria-atomic') === 'true');

const posts = (calls: Array<{ key: string; init: RequestInit | undefined }>) =>
  calls.filter((call) => call.key === 'POST /api/curbside-pickups');

describe('"Notify Store" without signal', () => {
  beforeEach(() => {
    localStorage.clear();
    signIn();
  });
  afterEach(() => {
    act(() => onlineManager.setOnline(true));
    vi.unstubAllGlobals();
  });

  it('keeps the arrival, says it will be sent, and sends it once when the signal is back', async () => {
    const { calls } = mockFetch({ 'POST /api/curbside-pickups': created });
    const onCreated = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<Arrival onCreated={onCreated} />, { path: '/curbside-pickup' });
    await waitFor(() => expect(screen.getByLabelText('Your name')).toHaveValue('Dana Rivera'));

    act(() => onlineManager.setOnline(false));
    expect(queueNotice()).toHaveTextContent("You're offline.");
    await fillAndTap(user);

    expect(await screen.findByText('Your arrival is saved on this phone')).toBeInTheDocument();
    expect(queueNotice()).toHaveTextContent(
      'It will be sent to the store when the signal is back: order CR-100234, parking spot 14.',
    );
    expect(screen.getByRole('button', { name: 'Notify Store' })).toBeDisabled();
    // A second tap sends nothing either.
    await user.click(screen.getByRole('button', { name: 'Notify Store' }));
    expect(posts(calls)).toEqual([]);

    act(() => onlineManager.setOnline(true));
    await waitFor(() => expect(onCreated).toHaveBeenCalledWith(PICKUP_ID));
    expect(await screen.findByText('Store Notified!')).toBeInTheDocument();
    const sent = posts(calls);
    expect(sent).toHaveLength(1);
    expect(new Headers(sent[0]?.init?.headers).get('idempotency-key')).toMatch(/^[0-9a-f-]{36}$/);
    expect(screen.queryByText('Your arrival is saved on this phone')).not.toBeInTheDocument();
  });

  it('lets the customer cancel it: nothing is sent when the signal is back', async () => {
    const { calls } = mockFetch({ 'POST /api/curbside-pickups': created });
    const onCreated = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<Arrival onCreated={onCreated} />, { path: '/curbside-pickup' });
    await waitFor(() => expect(screen.getByLabelText('Your name')).toHaveValue('Dana Rivera'));
    act(() => onlineManager.setOnline(false));
    await fillAndTap(user);
    await user.click(await screen.findByRole('button', { name: 'Cancel arrival' }));
    expect(queueNotice()).toHaveTextContent(
      'Your arrival was cancelled. Nothing was sent to the store.',
    );
    expect(screen.getByRole('button', { name: 'Notify Store' })).toBeEnabled();

    act(() => onlineManager.setOnline(true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(posts(calls)).toEqual([]);
    expect(onCreated).not.toHaveBeenCalled();
  });

  it("shows the server's refusal of an arrival kept by an earlier page", async () => {
    const refusal = 'Order CR-100234 is cancelled, so it cannot be picked up at the curb.';
    const { calls } = mockFetch({
      'POST /api/curbside-pickups': () => json({ message: refusal }, 409),
    });
    // What an earlier page left on the device: the arrival, paused without a connection.
    const earlier = new QueryClient();
    act(() => onlineManager.setOnline(false));
    const write = arrivalWrite({
      orderNumber: 'CR-100234',
      customerName: 'Dana Rivera',
      parkingSpotNumber: '14',
      phoneNumber: '(214) 555-0142',
      vehicleDescription: undefined,
      specialInstructions: undefined,
    });
    void earlier
      .getMutationCache()
      .build(earlier, { mutationKey: ['queued-write', 'curbside', 'arrival'] })
      .execute(write)
      .catch(() => {});
    const kept = dehydrate(earlier);
    expect(kept.mutations).toHaveLength(1);

    const onCreated = vi.fn();
    let client: QueryClient | undefined;
    function Page() {
      client = useQueryClient();
      return <Arrival onCreated={onCreated} />;
    }
    renderWithProviders(<Page />, { path: '/curbside-pickup' });
    await waitFor(() => expect(screen.getByLabelText('Your name')).toHaveValue('Dana Rivera'));
    act(() => onlineManager.setOnline(false));
    act(() => hydrate(client as QueryClient, kept));
    expect(await screen.findByText('Your arrival is saved on this phone')).toBeInTheDocument();

    act(() => onlineManager.setOnline(true));
    expect(await screen.findByText('Notification Failed')).toBeInTheDocument();
    expect(screen.getByText(refusal)).toBeInTheDocument();
    expect(posts(calls)).toHaveLength(1);
    expect(new Headers(posts(calls)[0]?.init?.headers).get('idempotency-key')).toBe(
      write.idempotencyKey,
    );
    expect(onCreated).not.toHaveBeenCalled();
  });
});
