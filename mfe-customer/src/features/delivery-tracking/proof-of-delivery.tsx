import { useQuery } from '@tanstack/react-query';
import { errorMessage } from 'shared-client';
import type { DeliveryProof } from 'shared-contracts/deliveries';
import { formatServiceDateTime } from 'shared-contracts/service-time';
import { Notice, Skeleton, Stack } from 'shared-ui';
import styled from 'styled-components';
import { proofImageQueryOptions } from './api';

const Image = styled.img`
  display: block;
  width: 100%;
  max-width: 480px;
  height: auto;
  border-radius: ${({ theme }) => theme.radii.md};
  border: 1px solid ${({ theme }) => theme.colors.border};
`;

function ProofImage({ url, kind }: { url: string; kind: DeliveryProof['kind'] }) {
  const image = useQuery(proofImageQueryOptions(url));
  if (image.isPending) return <Skeleton $height="240px" $width="100%" />;
  if (image.isError) {
    return (
      <Notice tone="danger" role="alert">
        {errorMessage(image.error, 'We could not load the proof of delivery.')}
      </Notice>
    );
  }
  return (
    <Image
      src={image.data}
      alt={
        kind === 'photo'
          ? 'Your order left at your door, as the courier photographed it'
          : 'Signature given on delivery'
      }
      data-testid="proof-image"
    />
  );
}

/** The photo or signature taken at the door, or the PIN hand-over at the curb. */
export function ProofOfDelivery({ proof }: { proof: DeliveryProof }) {
  const title =
    proof.kind === 'photo' ? 'Photo' : proof.kind === 'signature' ? 'Signature' : 'PIN hand-over';
  return (
    <Stack $gap={10}>
      <h2 id="proof-heading">Proof of delivery</h2>
      <p>
        <strong>{title}.</strong> {proof.description}{' '}
        <time dateTime={proof.capturedAt}>{formatServiceDateTime(proof.capturedAt)}</time>.
      </p>
      {proof.imageUrl ? <ProofImage url={proof.imageUrl} kind={proof.kind} /> : null}
    </Stack>
  );
}
