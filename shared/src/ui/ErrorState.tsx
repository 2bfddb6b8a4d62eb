// §5: an error is shown as title plus description, with an optional tooltip; a page or panel
// that failed to load can also offer a retry.
import type { ReactNode } from 'react';
import { Button } from './Button';
import { AlertIcon } from './icons';
import { InfoTip } from './InfoTip';
import { StateActions, StateDescription, StateIcon, StateRoot, StateTitle } from './state-layout';
import type { HeadingLevel } from './state-layout';
import { useUiText } from './use-ui-text';

export type { HeadingLevel };

export interface ErrorStateProps {
  /** Defaults to "Something went wrong". */
  title?: ReactNode;
  description?: ReactNode;
  /** Longer explanation behind an info button beside the title. */
  tooltip?: ReactNode;
  onRetry?: () => void;
  retryLabel?: string;
  /** Announce on appearance (role="alert"); turn off for errors present at first render. */
  announce?: boolean;
  headingLevel?: HeadingLevel;
  /** Smaller spacing for a panel (an order book) rather than a page. */
  compact?: boolean;
  className?: string;
}

export const ErrorState = ({
  title,
  description,
  tooltip,
  onRetry,
  retryLabel,
  announce = true,
  headingLevel = 2,
  compact = false,
  className,
}: ErrorStateProps) => {
  const { t } = useUiText();
  return (
    <StateRoot className={className} $compact={compact} role={announce ? 'alert' : undefined}>
      <StateIcon $tone="danger">
        <AlertIcon size={compact ? 24 : 32} />
      </StateIcon>
      <StateTitle as={`h${headingLevel}`}>
        {title ?? t('errorTitle')}
        {tooltip && <InfoTip content={tooltip} />}
      </StateTitle>
      {description && <StateDescription>{description}</StateDescription>}
      {onRetry && (
        <StateActions>
          <Button variant="secondary" onClick={onRetry}>
            {retryLabel ?? t('retry')}
          </Button>
        </StateActions>
      )}
    </StateRoot>
  );
};
