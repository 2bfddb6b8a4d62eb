// Indonesian / English. Real links (to the same page under the other prefix), so they also work
// opened in a new tab; a plain click switches in place.
import styled from '@emotion/styled';
import type { MouseEvent } from 'react';
import { tokens, type Language, useLocation } from '@pasar/shared';
import { useShellT } from '../i18n/shell-i18n';
import { buildPath } from '../routes/locale-path';
import { usePrefixedNavigation } from '../routes/ShellRouter';

const Group = styled.div`
  display: inline-flex;
  padding: 2px;
  border: 1px solid ${tokens.colors.border};
  border-radius: ${tokens.radii.pill};
`;

const Option = styled.a`
  display: inline-flex;
  align-items: center;
  min-height: 32px;
  padding: 0 ${tokens.space.sm};
  border-radius: ${tokens.radii.pill};
  color: ${tokens.colors.textMuted};
  font-size: ${tokens.fontSizes.sm};
  font-weight: ${tokens.fontWeights.semibold};
  text-decoration: none;
  &[aria-current='true'] {
    background: ${tokens.colors.primary};
    color: ${tokens.colors.onPrimary};
  }
  &:hover:not([aria-current='true']) {
    color: ${tokens.colors.text};
  }
`;

const LANGUAGES: readonly Language[] = ['id', 'en'];

const isPlainClick = (event: MouseEvent) =>
  event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;

export function LanguageSwitch() {
  const t = useShellT();
  const { pathname, search, hash } = useLocation();
  const { language: current, mobileWeb, navigateToFullPath } = usePrefixedNavigation();

  return (
    <Group role="group" aria-label={t('language.label')}>
      {LANGUAGES.map((language) => {
        const href = buildPath({ language, mobileWeb, path: `${pathname}${search}${hash}` });
        const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
          if (!isPlainClick(event)) return;
          event.preventDefault();
          // The URL carries the language; the shell's rules follow it (i18n, cookie, <html lang>).
          if (language !== current) navigateToFullPath(href);
        };
        return (
          <Option
            key={language}
            href={href}
            hrefLang={language}
            lang={language}
            aria-current={language === current ? 'true' : undefined}
            aria-label={t(language === 'id' ? 'language.idName' : 'language.enName')}
            onClick={onClick}
          >
            {t(language === 'id' ? 'language.id' : 'language.en')}
          </Option>
        );
      })}
    </Group>
  );
}
