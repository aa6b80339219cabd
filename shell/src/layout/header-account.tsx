import { lazy, Suspense } from 'react';
import { useAuth } from 'shared-auth';
import { ButtonLink, Skeleton } from 'shared-ui';
import styled from 'styled-components';

// Signed-in only: a signed-out first visit (the phone in the parking lot) does not download or
// run the menus' code.
const HeaderAvatarMenu = lazy(() =>
  import('./header-avatar-menu').then((module) => ({ default: module.HeaderAvatarMenu })),
);
const HeaderPickupNav = lazy(() =>
  import('./header-pickup-nav').then((module) => ({ default: module.HeaderPickupNav })),
);

function AvatarPlaceholder() {
  return <Skeleton $width="44px" $height="44px" $round data-testid="avatar-placeholder" />;
}

const Nav = styled.nav`
  display: flex;
  align-items: center;
  gap: 8px;
  min-width: 0;
`;

/**
 * The right side of the header. Signed out: a Login button to /auth. While auth loads: a pulsing
 * placeholder where the avatar goes. Signed in: the pickup buttons and the avatar
 * menu.
 */
export function HeaderAccount() {
  const { status, user } = useAuth();
  if (status === 'loading') {
    return (
      <Nav aria-label="Account">
        <AvatarPlaceholder />
      </Nav>
    );
  }
  if (status === 'anonymous' || !user) {
    return (
      <Nav aria-label="Account">
        <ButtonLink to="/auth">Login</ButtonLink>
      </Nav>
    );
  }
  return (
    <Nav aria-label="Account">
      {/* The placeholder of the loading state stays until the menus' code has arrived. */}
      <Suspense fallback={<AvatarPlaceholder />}>
        <HeaderPickupNav />
        <HeaderAvatarMenu user={user} />
      </Suspense>
    </Nav>
  );
}
