import { useServerHtml } from 'shared-ui';
import styled from 'styled-components';

const Panel = styled.section`
  background: ${({ theme }) => theme.colors.dark};
  color: #fff;
  border-radius: ${({ theme }) => theme.radii.lg};
  padding: 28px 24px;
  h2 { margin: 0 0 8px; font-size: 1.5rem; }
  p { margin: 0; color: #d0d5dd; }
`;

const List = styled.ul`
  list-style: none;
  margin: 24px 0 0;
  padding: 0;
  display: grid;
  gap: 18px;
  li { display: grid; grid-template-columns: 28px 1fr; gap: 12px; }
  strong { display: block; color: #fff; margin-bottom: 2px; }
`;

const Mark = styled.span`
  width: 28px;
  height: 28px;
  border-radius: 50%;
  background: ${({ theme }) => theme.colors.accent};
  color: ${({ theme }) => theme.colors.dark};
  display: grid;
  place-items: center;
  font-weight: 700;
`;

const FEATURES = [
  {
    title: 'Real-time delivery tracking',
    text: 'Follow your driver or robot live, from the store to your car or your door.',
  },
  {
    title: 'Smart store and service matching',
    text: 'We match each order with the nearest store and the fastest way to get it to you.',
  },
  {
    title: 'Integrated payment system',
    text: 'Pay for deliveries securely in the app, with the fee shown before you confirm.',
  },
  {
    title: 'Wallet functionality',
    text: 'Keep a balance and your cards in one place, protected by a password re-check.',
  },
] as const;

/**
 * The panel beside the Login and Register tabs. Nothing in it changes or answers a tap, so a
 * server-rendered page keeps it as the server sent it, unhydrated (shared-ui's `useServerHtml`).
 */
export function AuthMarketingPanel() {
  return (
    <Panel
      aria-labelledby="auth-marketing-title"
      {...useServerHtml('auth-marketing', <PanelContent />)}
    />
  );
}

function PanelContent() {
  return (
    <>
      <h2 id="auth-marketing-title">Your orders, delivered to the curb</h2>
      <p>One account for curbside pickup, same-day delivery and your delivery history.</p>
      <List>
        {FEATURES.map((feature) => (
          <li key={feature.title}>
            <Mark aria-hidden="true">✓</Mark>
            <span>
              <strong>{feature.title}</strong>
              {feature.text}
            </span>
          </li>
        ))}
      </List>
    </>
  );
}
