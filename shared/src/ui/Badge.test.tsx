import { render, screen } from '@testing-library/react';
import { cssRulesFor } from '../testing/css-rules';
import { tokens } from '../theme/css-variables';
import { Badge, type BadgeTone } from './Badge';

describe('Badge', () => {
  it.each<[BadgeTone, string]>([
    ['neutral', tokens.colors.textMuted],
    ['success', tokens.colors.buyText],
    ['warning', tokens.colors.warningText],
    ['danger', tokens.colors.dangerText],
  ])('is drawn in the %s colour', (tone, color) => {
    render(<Badge $tone={tone}>{tone}</Badge>);
    expect(cssRulesFor(screen.getByText(tone))).toContain(`color: ${color}`);
  });

  it('passes its attributes through and keeps the tone off the DOM', () => {
    render(
      <Badge $tone="warning" data-testid="kyc-status" aria-hidden="true">
        Menunggu
      </Badge>,
    );
    const badge = screen.getByTestId('kyc-status');
    expect(badge.tagName).toBe('SPAN');
    expect(badge).toHaveTextContent('Menunggu');
    expect(badge).toHaveAttribute('aria-hidden', 'true');
    expect(badge).not.toHaveAttribute('$tone');
  });
});
