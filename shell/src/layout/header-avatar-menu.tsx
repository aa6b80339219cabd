import { useCallback, useEffect, useRef } from 'react';
import { useLogoutMutation } from 'shared-auth';
import type { User } from 'shared-contracts/auth';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from 'shared-ui/overlays';
import { Link, useLocation, useNavigate } from 'shared-ui/router';
import styled from 'styled-components';
import { displayName, userInitials } from '../features/auth/initials';

const Avatar = styled.button`
  width: 44px;
  height: 44px;
  flex: none;
  border-radius: 50%;
  border: 2px solid ${({ theme }) => theme.colors.primary};
  background: ${({ theme }) => theme.colors.primary};
  color: #fff;
  font-weight: 700;
  font-size: 0.875rem;
  letter-spacing: 0.02em;
  cursor: pointer;
  display: grid;
  place-items: center;
  &[data-state='open'] {
    box-shadow: 0 0 0 3px ${({ theme }) => theme.colors.primarySoft};
  }
`;

const Name = styled.p`
  margin: 0;
  padding: 8px 10px 2px;
  font-weight: 700;
  overflow-wrap: anywhere;
`;

const Address = styled(DropdownMenuLabel)`
  padding-top: 2px;
  color: ${({ theme }) => theme.colors.text};
`;

const AddAddress = styled(DropdownMenuItem)`
  color: ${({ theme }) => theme.colors.primary};
  font-size: 0.875rem;
  text-decoration: underline;
`;

function AddressLine({ user }: { user: User }) {
  if (user.defaultAddressLine) {
    return <Address>{user.defaultAddressLine}</Address>;
  }
  // No saved address yet: the street-address line becomes a way to add one.
  return (
    <AddAddress asChild>
      <Link to="/settings">Add a delivery address</Link>
    </AddAddress>
  );
}

/** A page change that settles: the header stays mounted, so it sees the new page arrive. */
const LEAVE_TIMEOUT_MS = 10_000;

/** Navigates to `path`; resolves once that page is on screen (or after 10 s regardless). */
function useNavigateAndWait(path: string): () => Promise<void> {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const waiting = useRef<Array<() => void>>([]);
  const current = useRef(pathname);
  useEffect(() => {
    current.current = pathname;
    if (pathname !== path) return;
    for (const resolve of waiting.current.splice(0)) resolve();
  }, [pathname, path]);
  return useCallback(() => {
    if (current.current === path) return Promise.resolve();
    return new Promise<void>((resolve) => {
      waiting.current.push(resolve);
      setTimeout(resolve, LEAVE_TIMEOUT_MS);
      navigate(path);
    });
  }, [navigate, path]);
}

/**
 * The avatar menu (docs/product.md, "Site frame"): initials, the street-address line, Account and
 * Wallet (both to /wallet, where the sensitive-authentication guard takes over), Settings, the
 * email, Log out.
 * Radix gives the keyboard pattern (arrows, Home/End, Esc returns focus to the avatar). Not
 * portalled: the menu stays inside the header's navigation landmark.
 */
export function HeaderAvatarMenu({ user }: { user: User }) {
  // Log out returns home, and only then ends the session so no guard reacts.
  const goHome = useNavigateAndWait('/');
  const { isPending, mutate } = useLogoutMutation({ leave: goHome });
  const name = displayName(user);
  const initials = userInitials(user);

  return (
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger asChild>
        <Avatar
          type="button"
          // The visible initials stay part of the name (WCAG 2.5.3, "label in name").
          aria-label={`Account menu for ${name}, ${initials}`}
          data-testid="avatar"
        >
          {initials}
        </Avatar>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" sideOffset={8} aria-label="Account">
        <Name>{name}</Name>
        <AddressLine user={user} />
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild>
          <Link to="/wallet">Account</Link>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <Link to="/wallet">Wallet</Link>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <Link to="/settings">Settings</Link>
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuLabel>{user.email}</DropdownMenuLabel>
        <DropdownMenuItem
          disabled={isPending}
          // 'Logout failed' is toasted by the mutation; the person then stays signed in.
          onSelect={() => mutate()}
        >
          {isPending ? 'Logging out…' : 'Log out'}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
