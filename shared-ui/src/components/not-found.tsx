import styled from 'styled-components';
import { usePageMeta } from '../hooks/use-page-meta';
import { ButtonLink } from './button';
import { Lead, Page } from './layout';

const Code = styled.p`
  font-size: 4rem;
  font-weight: 700;
  color: ${({ theme }) => theme.colors.primary};
  margin: 0;
  line-height: 1;
`;

/** Shown for any path no one owns, and by remotes for unknown sub-paths. */
export function NotFound() {
  usePageMeta('404 Page Not Found', 'The page you are looking for does not exist.');
  return (
    <Page>
      <Code aria-hidden="true">404</Code>
      <h1>404 Page Not Found</h1>
      <Lead>The page you are looking for does not exist or has moved.</Lead>
      <ButtonLink to="/">Back to home</ButtonLink>
    </Page>
  );
}
