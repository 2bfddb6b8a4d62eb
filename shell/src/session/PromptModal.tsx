// The PIN (040) / accept-terms (041) prompt. The PIN flow itself arrives with the identity work:
// for now the modal says what is needed and closes.
import { Button, Modal } from '@pasar/shared';
import { useShellT } from '../i18n/shell-i18n';
import { useShellStore } from '../state/shell-store';

const ACCEPT_TERMS_CODE = '041';

export function PromptModal() {
  const t = useShellT();
  const prompt = useShellStore((s) => s.prompt);
  const close = useShellStore((s) => s.closePrompt);
  const accept = prompt?.code === ACCEPT_TERMS_CODE;
  return (
    <Modal
      open={prompt !== null}
      onClose={close}
      size="sm"
      hideCloseButton
      title={t(accept ? 'prompt.acceptTitle' : 'prompt.pinTitle')}
      description={t(accept ? 'prompt.acceptBody' : 'prompt.pinBody')}
      footer={
        <Button variant="primary" onClick={close}>
          {t('prompt.close')}
        </Button>
      }
    />
  );
}
