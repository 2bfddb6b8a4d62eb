// The look of the login and sign-up cards (the shell's panel, with a form's rhythm inside).
import styled from '@emotion/styled';
import { tokens } from '@pasar/shared';

export const StepForm = styled.form`
  display: flex;
  flex-direction: column;
  gap: ${tokens.space.lg};
`;

export const StepBody = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${tokens.space.lg};
`;

export const StepCount = styled.p`
  margin: 0 0 ${tokens.space.xs};
  font-size: ${tokens.fontSizes.sm};
  color: ${tokens.colors.textMuted};
`;

export const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${tokens.space.sm};
`;

export const Notice = styled.div<{ $tone?: 'info' | 'danger' | 'success' }>`
  padding: ${tokens.space.md};
  border-radius: ${tokens.radii.md};
  border: 1px solid ${tokens.colors.border};
  border-left: 4px solid
    ${({ $tone = 'info' }) =>
      $tone === 'danger' ? tokens.colors.dangerText : $tone === 'success' ? tokens.colors.buyText : tokens.colors.primaryText};
  background: ${tokens.colors.surfaceSunken};
  color: ${tokens.colors.text};
  font-size: ${tokens.fontSizes.sm};
  p {
    margin: 0;
  }
  p + p {
    margin-top: ${tokens.space.xs};
  }
`;

export const Footnote = styled.p`
  margin: ${tokens.space.lg} 0 0;
  color: ${tokens.colors.textMuted};
`;
