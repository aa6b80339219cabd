import { SITE_NAME } from 'shared-ui';
import { Link } from 'shared-ui/router';
import styled from 'styled-components';

const Home = styled(Link)`
  display: inline-flex;
  align-items: center;
  gap: 10px;
  min-height: 44px;
  color: ${({ theme }) => theme.colors.text};
  text-decoration: none;
  font-weight: 700;
  font-size: 1.25rem;
  letter-spacing: -0.02em;
  span { white-space: nowrap; }
`;

/** The logo links home. Drawn inline so the header needs no image request. */
export function Logo() {
  return (
    <Home to="/" aria-label={`${SITE_NAME} home`}>
      <svg width="36" height="36" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
        <rect width="32" height="32" rx="7" fill="#0b5cad" />
        <path
          d="M7 20h13l3-6h3v6h-2"
          fill="none"
          stroke="#fff"
          strokeWidth="2.4"
          strokeLinejoin="round"
        />
        <circle cx="11" cy="22" r="2.4" fill="#ffb020" />
        <circle cx="22" cy="22" r="2.4" fill="#ffb020" />
      </svg>
      <span>{SITE_NAME}</span>
    </Home>
  );
}
