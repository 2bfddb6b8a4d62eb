import type { ReactNode } from 'react';
import { IconButton, type IconButtonSize } from './IconButton';
import { InfoIcon } from './icons';
import { Tooltip, type TooltipPlacement } from './Tooltip';
import { useUiText } from './use-ui-text';

export interface InfoTipProps {
  content: ReactNode;
  /** Name of the info button; defaults to "More information". */
  label?: string;
  size?: IconButtonSize;
  placement?: TooltipPlacement;
}

/** An info button that shows `content` on hover, focus, long-press or tap. */
export const InfoTip = ({ content, label, size = 'sm', placement }: InfoTipProps) => {
  const { t } = useUiText();
  return (
    <Tooltip content={content} placement={placement} openOnClick>
      <IconButton aria-label={label ?? t('moreInfo')} icon={<InfoIcon size={16} />} size={size} />
    </Tooltip>
  );
};
