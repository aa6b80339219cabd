import { RequireAuth, useAuth } from 'shared-auth';
import {
  Button,
  Card,
  Lead,
  Loading,
  NotFound,
  Page,
  PageTitle,
  Row,
  Stack,
  usePageMeta,
} from 'shared-ui';
import { Navigate, Route, Routes, useLocation, useNavigate } from 'shared-ui/router';
import styled from 'styled-components';
import {
  allowedStep,
  firstIncompleteStep,
  hasProgress,
  isStepComplete,
} from '../../shared/schedule-draft';
import {
  isSchedulePickupPath,
  STEPS,
  type StepId,
  stepFromPath,
  stepIndex,
  stepLabel,
  stepPath,
} from '../../shared/schedule-steps';
import { CompleteStep } from './complete-step';
import { DeliveryDetailsStep } from './delivery-details-step';
import { DraftProvider, useDraft } from './draft-context';
import { OrderDetailsStep } from './order-details-step';
import { PaymentStep } from './payment-step';
import { ProgressIndicator } from './progress-indicator';
import { StoreDetailsStep } from './store-details-step';

const StepList = styled.ol`
  margin: 0;
  padding-left: 1.25rem;
  display: flex;
  flex-direction: column;
  gap: 6px;
`;

/**
 * `/schedule-pickup` and its five steps (docs/product.md, "Scheduling a pickup and orders").
 * Signed-out visitors go to /auth
 * and come back here after logging in (RequireAuth).
 */
export function SchedulePickupPage() {
  const { pathname } = useLocation();
  if (!isSchedulePickupPath(pathname)) return <NotFound />;
  return <SchedulePickup />;
}

function SchedulePickup() {
  usePageMeta('Schedule a Pickup', 'Tell us where your order is and how you want it delivered.');
  return (
    <RequireAuth>
      <SignedInFlow />
    </RequireAuth>
  );
}

function SignedInFlow() {
  const { user } = useAuth();
  if (!user) return <Loading />;
  return (
    <DraftProvider userId={user.id}>
      <Flow />
    </DraftProvider>
  );
}

function Flow() {
  const { draft } = useDraft();
  const location = useLocation();
  const current = stepFromPath(location.pathname);
  const first = firstIncompleteStep(draft);
  return (
    <Page>
      <PageTitle>Schedule a Pickup</PageTitle>
      <Lead>Tell us where your order is and how you want it delivered.</Lead>
      <ProgressIndicator
        current={current}
        reachable={(step) => stepIndex(step) <= stepIndex(first)}
        isComplete={(step) => step !== 'complete' && isStepComplete(draft, step)}
      />
      <Routes>
        <Route index element={<Overview />} />
        <Route
          path="store-details"
          element={
            <Guard step="store-details">
              <StoreDetailsStep />
            </Guard>
          }
        />
        <Route
          path="order-details"
          element={
            <Guard step="order-details">
              <OrderDetailsStep />
            </Guard>
          }
        />
        <Route
          path="delivery-details"
          element={
            <Guard step="delivery-details">
              <DeliveryDetailsStep />
            </Guard>
          }
        />
        <Route
          path="payment"
          element={
            <Guard step="payment">
              <PaymentStep />
            </Guard>
          }
        />
        <Route
          path="complete"
          element={
            <Guard step="complete">
              <CompleteStep />
            </Guard>
          }
        />
        <Route path="*" element={<NotFound />} />
      </Routes>
    </Page>
  );
}

/** The draft guard: jumping ahead of an incomplete step lands on the first incomplete one. */
function Guard({ step, children }: { step: StepId; children: React.ReactNode }) {
  const { draft } = useDraft();
  const location = useLocation();
  const allowed = allowedStep(draft, step);
  if (allowed !== step) return <Navigate to={`${stepPath(allowed)}${location.search}`} replace />;
  return <>{children}</>;
}

/** `/schedule-pickup`: the five steps, and starting or continuing the draft. */
function Overview() {
  const { draft, reset } = useDraft();
  const navigate = useNavigate();
  const resume = firstIncompleteStep(draft);
  const started = hasProgress(draft);
  return (
    <Card>
      <Stack $gap={16}>
        <h2>{started ? 'Continue your pickup' : 'Five quick steps'}</h2>
        <StepList>
          {STEPS.map((step) => (
            <li key={step.id}>
              {step.label}
              {step.id !== 'complete' && isStepComplete(draft, step.id) ? ' (done)' : ''}
            </li>
          ))}
        </StepList>
        <Row $gap={12}>
          <Button size="lg" onClick={() => navigate(stepPath(resume))}>
            {started ? `Continue with ${stepLabel(resume)}` : 'Start scheduling'}
          </Button>
          {started ? (
            <Button
              variant="secondary"
              size="lg"
              onClick={() => {
                reset();
                navigate(stepPath('store-details'));
              }}
            >
              Start over
            </Button>
          ) : null}
        </Row>
      </Stack>
    </Card>
  );
}
