import type { ReactNode } from 'react';
import { Container } from 'shared-ui';
import styled from 'styled-components';
import { Band, SectionLead, SectionTitle } from './section';

const Inner = styled(Container)`
  text-align: center;
  max-width: 760px;
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: center;
  gap: 12px;
  margin-top: 24px;
`;

/** The closing call to action of a page: a heading, a sentence and its buttons. */
export function CtaBand({
  id,
  title,
  lead,
  children,
}: {
  id: string;
  title: ReactNode;
  lead?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Band $tone="tint" aria-labelledby={`${id}-title`}>
      <Inner>
        <SectionTitle id={`${id}-title`}>{title}</SectionTitle>
        {lead ? <SectionLead>{lead}</SectionLead> : null}
        <Actions>{children}</Actions>
      </Inner>
    </Band>
  );
}
