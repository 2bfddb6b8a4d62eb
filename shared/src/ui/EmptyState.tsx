import type { ReactNode } from 'react';
import { StateActions, StateDescription, StateIcon, StateRoot, StateTitle, type HeadingLevel } from './state-layout';
import { useUiText } from './use-ui-text';

export interface EmptyStateProps {
  /** Defaults to "Nothing here yet". */
  title?: ReactNode;
  description?: ReactNode;
  /** A decorative illustration or icon. */
  icon?: ReactNode;
  /** What to do about it ("Add to watchlist"). */
  action?: ReactNode;
  headingLevel?: HeadingLevel;
  compact?: boolean;
  className?: string;
}

export const EmptyState = ({
  title,
  description,
  icon,
  action,
  headingLevel = 2,
  compact = false,
  className,
}: EmptyStateProps) => {
  const { t } = useUiText();
  return (
    <StateRoot className={className} $compact={compact}>
      {icon && (
        <StateIcon $tone="muted" aria-hidden="true">
          {icon}
        </StateIcon>
      )}
      <StateTitle as={`h${headingLevel}`}>{title ?? t('emptyTitle')}</StateTitle>
      {description && <StateDescription>{description}</StateDescription>}
      {action && <StateActions>{action}</StateActions>}
    </StateRoot>
  );
};
