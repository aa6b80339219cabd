import { Button, Card, Grid, Lead, Stack } from 'shared-ui';
import styled from 'styled-components';
import { StatusIcon } from './status-icon';

const STEPS = [
  {
    title: 'Notify Arrival',
    text: 'Park in any free curbside spot and tell the store you are here, with your parking spot number.',
    status: 'customer_arrived',
  },
  {
    title: 'Robot Delivery',
    text: 'A robot collects your order inside the store and drives it to your car.',
    status: 'robot_en_route',
  },
  {
    title: 'Secure Pickup',
    text: 'Enter the 4-digit PIN we text you to open the robot’s compartment.',
    status: 'awaiting_verification',
  },
] as const;

const HOW_IT_WORKS = [
  'Arrive at the store and park in any free curbside spot. Note the spot number.',
  'Notify the store of your arrival through the app.',
  'A robot is notified and collects your order inside the store.',
  'The robot navigates to your parking spot and waits for verification.',
  'Enter your PIN to open the compartment and collect your order.',
];

const StepCard = styled(Card)`
  display: flex;
  flex-direction: column;
  gap: 8px;
  h2 { font-size: 1.125rem; margin: 0; }
  p { margin: 0; color: ${({ theme }) => theme.colors.muted}; }
  svg { color: ${({ theme }) => theme.colors.primary}; }
`;

const Steps = styled.ol`
  margin: 0;
  padding-left: 1.4em;
  display: grid;
  gap: 8px;
  li::marker { font-weight: 700; color: ${({ theme }) => theme.colors.primary}; }
`;

/**
 * The first view: what curbside pickup is, and the way in. `onIntent`: the person is about to
 * start (a pointer over or down on the button, or focus on it), so the form can load ahead.
 */
export function InfoView({ onStart, onIntent }: { onStart: () => void; onIntent?: () => void }) {
  return (
    <Stack $gap={28}>
      <Lead>
        Stay in your car. Tell us where you parked, and a robot brings your order right to your
        window.
      </Lead>
      <Grid $min={220}>
        {STEPS.map((step) => (
          <StepCard key={step.title} as="article">
            <StatusIcon status={step.status} size={36} />
            <h2>{step.title}</h2>
            <p>{step.text}</p>
          </StepCard>
        ))}
      </Grid>
      <Card aria-labelledby="curbside-how-it-works">
        <Stack $gap={12}>
          <h2 id="curbside-how-it-works">How It Works</h2>
          <Steps>
            {HOW_IT_WORKS.map((text) => (
              <li key={text}>{text}</li>
            ))}
          </Steps>
        </Stack>
      </Card>
      <div>
        <Button
          size="lg"
          onClick={onStart}
          onPointerEnter={onIntent}
          onPointerDown={onIntent}
          onFocus={onIntent}
        >
          Start Curbside Pickup
        </Button>
      </div>
    </Stack>
  );
}
