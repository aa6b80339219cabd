import { useEffect, useId, useMemo, useState } from 'react';
import {
  MAX_REFUND_PHOTO_BYTES,
  MAX_REFUND_PHOTOS,
  REFUND_MESSAGES,
  refundPhotoProblem,
} from 'shared-contracts/refunds';
import { Button, Muted, Stack } from 'shared-ui';
import styled from 'styled-components';

const Thumbs = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-wrap: wrap;
  gap: 12px;
  li {
    display: flex;
    flex-direction: column;
    gap: 4px;
    width: 120px;
  }
  img {
    width: 120px;
    height: 90px;
    object-fit: cover;
    border-radius: ${({ theme }) => theme.radii.sm};
    border: 1px solid ${({ theme }) => theme.colors.border};
  }
`;

// A file input is as wide as its button and "No file chosen" text; at 320 px that pushed the
// whole form (and its reason cards) past the screen's edge. It takes the column's width instead.
const FileInput = styled.input`
  width: 100%;
  min-width: 0;
  max-width: 100%;
`;

const ErrorText = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.danger};
  font-weight: 400;
`;

/**
 * Optional photos: JPEG, PNG or WebP, at most 5 MB each and 3 in all, checked here as they are
 * chosen (the server checks the bytes again).
 */
export function PhotoPicker({
  photos,
  onChange,
}: {
  photos: File[];
  onChange: (photos: File[]) => void;
}) {
  const inputId = useId();
  const hintId = useId();
  const [error, setError] = useState<string | null>(null);
  const previews = useMemo(
    () => photos.map((file) => ({ file, url: URL.createObjectURL(file) })),
    [photos],
  );
  useEffect(
    () => () => {
      for (const preview of previews) URL.revokeObjectURL(preview.url);
    },
    [previews],
  );

  const add = (list: FileList | null) => {
    if (!list) return;
    const accepted = [...photos];
    const problems: string[] = [];
    for (const file of Array.from(list)) {
      const problem = refundPhotoProblem(file);
      if (problem) problems.push(`${file.name}: ${problem}`);
      else if (accepted.length >= MAX_REFUND_PHOTOS)
        problems.push(`${file.name}: ${REFUND_MESSAGES.photoCount}`);
      else accepted.push(file);
    }
    setError(problems.length > 0 ? problems.join(' ') : null);
    onChange(accepted);
  };

  return (
    <Stack $gap={8}>
      <label htmlFor={inputId}>
        <strong>Photos (optional)</strong>
      </label>
      <FileInput
        id={inputId}
        type="file"
        accept="image/jpeg,image/png,image/webp"
        multiple
        aria-describedby={hintId}
        aria-invalid={error ? true : undefined}
        disabled={photos.length >= MAX_REFUND_PHOTOS}
        onChange={(event) => {
          add(event.target.files);
          event.target.value = '';
        }}
      />
      <Muted id={hintId}>
        Up to {MAX_REFUND_PHOTOS} photos, JPEG, PNG or WebP,{' '}
        {MAX_REFUND_PHOTO_BYTES / (1024 * 1024)} MB each.
      </Muted>
      {error ? <ErrorText role="alert">{error}</ErrorText> : null}
      {previews.length > 0 ? (
        <Thumbs aria-label="Chosen photos">
          {previews.map((preview, index) => (
            <li key={preview.url}>
              <img src={preview.url} alt={`Chosen file ${index + 1}: ${preview.file.name}`} />
              <Button
                size="sm"
                variant="ghost"
                onClick={() => onChange(photos.filter((file) => file !== preview.file))}
                aria-label={`Remove photo ${index + 1}`}
              >
                Remove
              </Button>
            </li>
          ))}
        </Thumbs>
      ) : null}
    </Stack>
  );
}
