import { useAuth } from 'shared-auth';
import { ButtonLink, Skeleton } from 'shared-ui';
import styled from 'styled-components';
import { HeaderAvatarMenu } from './header-avatar-menu';
import { HeaderPickupNav } from './header-pickup-nav';

const Nav = styled.nav`
  display: flex;
  align-items: center;
  gap: 8px;
  min-width: 0;
`;

/**
 * The right side of the header. Signed out: a Login button to /auth. While auth loads: a pulsing
 * placeholder where the avatar goes (SPEC section 2). Signed in: the pickup buttons and the avatar
 * menu.
 */
export function HeaderAccount() {
  const { status, user } = useAuth();
  if (status === 'loading') {
    return (
      <Nav aria-label="Account">
        <Skeleton $width="44px" $height="44px" $round data-testid="avatar-placeholder" />
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
      <HeaderPickupNav />
      <HeaderAvatarMenu user={user} />
    </Nav>
  );
}
