import { SUPPORT_EMAIL } from 'shared-contracts/support-info';
import { ButtonLink } from 'shared-ui';
import { Dialog } from 'shared-ui/overlays';
import styled from 'styled-components';
import { ActionAnchor } from './action-anchor';
import { FAQ, type FaqCategory } from './faq';

const DialogList = styled.div`
  margin-top: 16px;
  display: grid;
  gap: 16px;
  h3 { font-size: 1rem; margin: 0 0 4px; }
  p { margin: 0; color: ${({ theme }) => theme.colors.muted}; }
`;

const DialogFooter = styled.div`
  margin-top: 20px;
  display: flex;
  flex-wrap: wrap;
  gap: 10px;
`;

/**
 * A help topic's questions in a dialog. Its own module, loaded when the page is first used
 * (help-center-page.tsx), so the dialog code (Radix, `shared-ui/overlays`) is not part of the
 * page's first load.
 */
export function TopicDialog({
  topic,
  description,
  onOpenChange,
}: {
  topic: FaqCategory | null;
  description: string | undefined;
  onOpenChange: (open: boolean) => void;
}) {
  const items = topic ? FAQ.filter((item) => item.category === topic) : [];
  return (
    <Dialog
      open={topic !== null}
      onOpenChange={onOpenChange}
      title={topic ?? ''}
      description={description}
    >
      <DialogList>
        {items.map((item) => (
          <article key={item.question}>
            <h3>{item.question}</h3>
            <p>{item.answer}</p>
          </article>
        ))}
      </DialogList>
      <DialogFooter>
        <ButtonLink to="/#chat">Start Live Chat</ButtonLink>
        <ActionAnchor href={`mailto:${SUPPORT_EMAIL}`}>Email Support</ActionAnchor>
      </DialogFooter>
    </Dialog>
  );
}
