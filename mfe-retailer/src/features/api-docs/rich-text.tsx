import { Fragment } from 'react';

/** Descriptions use `code` spans and blank-line paragraphs; nothing else is interpreted. */
export function RichText({ text }: { text: string }) {
  return (
    <>
      {text.split(/\n{2,}/).map((paragraph, index) => (
        <p key={index}>
          {paragraph
            .split(/(`[^`]+`)/)
            .map((part, partIndex) =>
              part.startsWith('`') && part.endsWith('`') ? (
                <code key={partIndex}>{part.slice(1, -1)}</code>
              ) : (
                <Fragment key={partIndex}>{part}</Fragment>
              ),
            )}
        </p>
      ))}
    </>
  );
}
