import styled from 'styled-components';

const List = styled.ol`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: 16px;
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 200px), 1fr));
  counter-reset: step;
`;

const Item = styled.li`
  position: relative;
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  padding: 20px;
  counter-increment: step;
  &::before {
    content: counter(step);
    display: inline-flex;
    align-items: center;
    justify-content: center;
    width: 36px;
    height: 36px;
    border-radius: 50%;
    background: ${({ theme }) => theme.colors.primary};
    color: #ffffff;
    font-weight: 700;
    margin-bottom: 12px;
  }
  h3 { font-size: 1rem; margin: 0 0 6px; }
  p { margin: 0; color: ${({ theme }) => theme.colors.muted}; }
`;

export interface Step {
  title: string;
  text: string;
}

/** Numbered steps; the numbers come from the ordered list, so screen readers hear them too. */
export function StepList({ steps }: { steps: readonly Step[] }) {
  return (
    <List>
      {steps.map((step) => (
        <Item key={step.title}>
          <h3>{step.title}</h3>
          <p>{step.text}</p>
        </Item>
      ))}
    </List>
  );
}
