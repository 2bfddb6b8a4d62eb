// Page scaffolding so every remote's pages share width, gutters and header layout from 360 px
// phones to 1440 px desktops.
import styled from '@emotion/styled';
import { useId, type ComponentPropsWithRef, type CSSProperties, type ReactNode } from 'react';
import { tokens } from '../theme/css-variables';
import { media, type SpaceKey } from '../theme/theme-definitions';

export const PAGE_MAX_WIDTH_PX = 1440;

const PageRoot = styled.div<{ $narrow: boolean }>`
  width: 100%;
  max-width: ${({ $narrow }) => ($narrow ? '720px' : `${PAGE_MAX_WIDTH_PX}px`)};
  margin: 0 auto;
  padding: ${tokens.space.lg} ${tokens.space.lg} ${tokens.space.xxl};
  ${media.md} {
    padding: ${tokens.space.xl} ${tokens.space.xl} ${tokens.space.xxxl};
  }
`;

export interface PageProps extends ComponentPropsWithRef<'div'> {
  /** Forms and settings: a readable 720 px column instead of the full width. */
  narrow?: boolean;
}

export const Page = ({ narrow = false, ...rest }: PageProps) => <PageRoot $narrow={narrow} {...rest} />;

export interface PageHeaderProps {
  title: ReactNode;
  subtitle?: ReactNode;
  /** Buttons beside the title; they wrap below it on phones. */
  actions?: ReactNode;
  /** Breadcrumb or back link above the title. */
  before?: ReactNode;
  className?: string;
}

const HeaderRoot = styled.header`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  justify-content: space-between;
  gap: ${tokens.space.md};
  margin-bottom: ${tokens.space.xl};
`;

const HeaderText = styled.div`
  flex: 1 1 240px;
  min-width: 0;
`;

const PageTitle = styled.h1`
  margin: 0;
  font-size: ${tokens.fontSizes.xxl};
  font-weight: ${tokens.fontWeights.bold};
  line-height: ${tokens.lineHeights.tight};
  overflow-wrap: anywhere;
  ${media.md} {
    font-size: ${tokens.fontSizes.xxxl};
  }
`;

const Subtitle = styled.p`
  margin: ${tokens.space.xs} 0 0;
  color: ${tokens.colors.textMuted};
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${tokens.space.sm};
`;

export const PageHeader = ({ title, subtitle, actions, before, className }: PageHeaderProps) => (
  <HeaderRoot className={className}>
    <HeaderText>
      {before}
      <PageTitle>{title}</PageTitle>
      {subtitle && <Subtitle>{subtitle}</Subtitle>}
    </HeaderText>
    {actions && <Actions>{actions}</Actions>}
  </HeaderRoot>
);

export interface CardProps extends Omit<ComponentPropsWithRef<'div'>, 'title'> {
  /** Makes the card a labelled region (a section named by its heading). */
  title?: ReactNode;
  /** Beside the title ("See all"). */
  actions?: ReactNode;
  padding?: SpaceKey;
}

const CardRoot = styled.div<{ $padding: SpaceKey }>`
  min-width: 0;
  padding: ${({ $padding }) => tokens.space[$padding]};
  border: 1px solid ${tokens.colors.border};
  border-radius: ${tokens.radii.lg};
  background: ${tokens.colors.surface};
  color: ${tokens.colors.text};
`;

const CardHeader = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${tokens.space.sm};
  margin-bottom: ${tokens.space.md};
`;

const CardTitle = styled.h2`
  margin: 0;
  font-size: ${tokens.fontSizes.lg};
  font-weight: ${tokens.fontWeights.semibold};
`;

export const Card = ({ title, actions, padding = 'lg', children, ...rest }: CardProps) => {
  const titleId = useId();
  if (!title) {
    return (
      <CardRoot $padding={padding} {...rest}>
        {children}
      </CardRoot>
    );
  }
  return (
    <CardRoot as="section" aria-labelledby={titleId} $padding={padding} {...rest}>
      <CardHeader>
        <CardTitle id={titleId}>{title}</CardTitle>
        {actions}
      </CardHeader>
      {children}
    </CardRoot>
  );
};

export interface StackProps extends ComponentPropsWithRef<'div'> {
  direction?: 'row' | 'column';
  gap?: SpaceKey;
  align?: CSSProperties['alignItems'];
  justify?: CSSProperties['justifyContent'];
  wrap?: boolean;
  /** Row from this breakpoint up, column below it (a form that sits side by side on desktop). */
  rowFrom?: keyof typeof media;
}

const StackRoot = styled.div<{
  $direction: 'row' | 'column';
  $gap: SpaceKey;
  $align?: CSSProperties['alignItems'];
  $justify?: CSSProperties['justifyContent'];
  $wrap: boolean;
  $rowFrom?: keyof typeof media;
}>`
  display: flex;
  flex-direction: ${({ $direction }) => $direction};
  gap: ${({ $gap }) => tokens.space[$gap]};
  align-items: ${({ $align }) => $align ?? 'stretch'};
  justify-content: ${({ $justify }) => $justify ?? 'flex-start'};
  flex-wrap: ${({ $wrap }) => ($wrap ? 'wrap' : 'nowrap')};
  min-width: 0;
  ${({ $rowFrom }) => ($rowFrom ? `${media[$rowFrom]} { flex-direction: row; }` : '')}
`;

export const Stack = ({ direction = 'column', gap = 'md', align, justify, wrap = false, rowFrom, ...rest }: StackProps) => (
  <StackRoot
    $direction={rowFrom ? 'column' : direction}
    $gap={gap}
    $align={align}
    $justify={justify}
    $wrap={wrap}
    $rowFrom={rowFrom}
    {...rest}
  />
);
